import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { Link } from 'react-router';
import { renderWithProviders } from '@/test/harness.tsx';
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

/**
 * The categories table, and a brands page whose code takes a while to arrive (as a lazy route
 * does on a slow line) until `arrive()`.
 */
function renderWithSlowBrands() {
  let arrive: () => void = () => {};
  const { router } = renderWithProviders(<Table />, {
    path: '/categorytable',
    routes: [
      {
        path: '/brandtable',
        lazy: () =>
          new Promise((resolve) => {
            arrive = () => resolve({ Component: () => <h1>Brands</h1> });
          }),
      },
    ],
  });
  return { router, arrive: () => arrive() };
}

it('never brings the admin back when a debounced search lands while the next page is still loading', async () => {
  const { router, arrive } = renderWithSlowBrands();
  fireEvent.change(screen.getByLabelText('Search categories'), { target: { value: 'Women' } });
  fireEvent.click(screen.getByRole('link', { name: 'Brands' }));
  // The search's pause (300 ms) ends while the brands page is loading.
  await act(() => new Promise((resolve) => setTimeout(resolve, 450)));
  await act(async () => arrive());
  expect(await screen.findByRole('heading', { name: 'Brands' })).toBeTruthy();
  expect(router.state.location.pathname).toBe('/brandtable');
});

it('never brings the admin back when the search’s pause ends right after the click, before React has rendered the navigation', async () => {
  vi.useFakeTimers();
  try {
    const { router, arrive } = renderWithSlowBrands();
    fireEvent.change(screen.getByLabelText('Search categories'), { target: { value: 'Women' } });
    await act(async () => vi.advanceTimersByTime(299));
    // The click (the router navigates at once; React renders that later, as a transition),
    // then the search's pause ends, in the same task.
    await act(async () => {
      void router.navigate('/brandtable');
      vi.advanceTimersByTime(1);
    });
    await act(async () => arrive());
    await act(async () => vi.advanceTimersByTime(500));
    expect(router.state.location.pathname).toBe('/brandtable');
  } finally {
    vi.useRealTimers();
  }
});

it('writes the search into the URL when the admin stays', async () => {
  const { router } = renderWithProviders(<Table />, { path: '/categorytable' });
  fireEvent.change(screen.getByLabelText('Search categories'), { target: { value: 'Women' } });
  await act(() => new Promise((resolve) => setTimeout(resolve, 450)));
  expect(router.state.location.search).toBe('?search=Women');
});

it('never writes the search into the next page’s URL when its pause ends after the router got there, before React rendered it', async () => {
  vi.useFakeTimers();
  try {
    // A page whose code is already here: the router's navigation ends at once.
    const { router } = renderWithProviders(<Table />, {
      path: '/categorytable',
      routes: [{ path: '/brandtable', element: <h1>Brands</h1> }],
    });
    fireEvent.change(screen.getByLabelText('Search categories'), { target: { value: 'Women' } });
    await act(async () => vi.advanceTimersByTime(299));
    await act(async () => {
      await router.navigate('/brandtable');
      vi.advanceTimersByTime(1);
    });
    await act(async () => vi.advanceTimersByTime(500));
    expect(router.state.location.pathname).toBe('/brandtable');
    expect(router.state.location.search).toBe('');
  } finally {
    vi.useRealTimers();
  }
});
