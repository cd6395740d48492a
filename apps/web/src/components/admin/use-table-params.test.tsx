import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { SearchInput } from './search-input.tsx';
import { useTableParams } from './use-table-params.ts';

afterEach(cleanup);

function Table() {
  const table = useTableParams(['search'] as const);
  return (
    <>
      <SearchInput value={table.filters.search} onSearch={(search) => table.setFilters({ search })} label="Search categories" />
      <Link to="/brandtable">Brands</Link>
    </>
  );
}

it('never brings the admin back when a debounced search lands while the next page is still loading', async () => {
  let arrive: () => void = () => {};
  const router = createMemoryRouter(
    [
      { path: '/categorytable', element: <Table /> },
      {
        path: '/brandtable',
        // The next page's code takes a while to arrive, as a lazy route does on a slow line.
        lazy: () =>
          new Promise((resolve) => {
            arrive = () => resolve({ Component: () => <h1>Brands</h1> });
          }),
      },
    ],
    { initialEntries: ['/categorytable'] },
  );
  render(<RouterProvider router={router} />);
  fireEvent.change(screen.getByLabelText('Search categories'), { target: { value: 'Women' } });
  fireEvent.click(screen.getByRole('link', { name: 'Brands' }));
  // The search's pause (300 ms) ends while the brands page is loading.
  await act(() => new Promise((resolve) => setTimeout(resolve, 450)));
  await act(async () => arrive());
  expect(await screen.findByRole('heading', { name: 'Brands' })).toBeTruthy();
  expect(router.state.location.pathname).toBe('/brandtable');
});

it('writes the search into the URL when the admin stays', async () => {
  const router = createMemoryRouter([{ path: '/categorytable', element: <Table /> }], { initialEntries: ['/categorytable'] });
  render(<RouterProvider router={router} />);
  fireEvent.change(screen.getByLabelText('Search categories'), { target: { value: 'Women' } });
  await act(() => new Promise((resolve) => setTimeout(resolve, 450)));
  expect(router.state.location.search).toBe('?search=Women');
});
