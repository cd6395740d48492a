import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '@/test/harness.tsx';
import { UsersPage } from './users-page.tsx';

const user = (i: number) => ({
  id: `u${i}`,
  firstName: `First${i}`,
  lastName: `Last${i}`,
  email: `user${i}@example.com`,
  phone: i === 1 ? '' : '0803',
  address: '1 Road',
  city: 'Lagos',
  state: 'Lagos',
  country: 'Nigeria',
  role: 'shopper',
  createdAt: '2024-01-01T00:00:00.000Z',
});

function serve() {
  return mockFetch(({ url }) => {
    if (url.pathname === '/api/users/countries') return { body: ['Ghana', 'Nigeria'] };
    if (url.pathname === '/api/users') {
      const limit = Number(url.searchParams.get('limit'));
      const offset = Number(url.searchParams.get('offset'));
      const rows = Array.from({ length: Math.min(limit, 25 - offset) }, (_, i) => user(offset + i + 1));
      return { body: rows, headers: { 'X-Total-Count': '25' } };
    }
  });
}

const params = (url: URL) => Object.fromEntries(url.searchParams);

describe('Users table (server-driven)', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('asks the server for the first page of 10, latest first, and shows an empty phone as "not yet"', async () => {
    const api = serve();
    renderWithProviders(<UsersPage />);
    expect(await screen.findByText('user1@example.com')).toBeTruthy();
    expect(params(api.last('/api/users')!.url)).toEqual({ limit: '10', offset: '0', sort: 'latest' });
    expect(screen.getAllByRole('row')).toHaveLength(11);
    expect(screen.getByText('not yet')).toBeTruthy();
    expect(screen.getByText('1–10 of 25')).toBeTruthy();
  });

  it('pages with the offset and changes the page size', async () => {
    const api = serve();
    renderWithProviders(<UsersPage />);
    await screen.findByText('user1@example.com');

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('user11@example.com')).toBeTruthy();
    expect(params(api.last('/api/users')!.url)).toMatchObject({ limit: '10', offset: '10' });

    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('user21@example.com')).toBeTruthy();
    expect(params(api.last('/api/users')!.url)).toMatchObject({ offset: '20' });
    expect(screen.getByRole('button', { name: 'Next page' }).hasAttribute('disabled')).toBe(true);

    fireEvent.change(screen.getByLabelText('Rows per page'), { target: { value: '20' } });
    await waitFor(() => expect(params(api.last('/api/users')!.url)).toMatchObject({ limit: '20', offset: '0' }));
    expect(await screen.findByText('1–20 of 25')).toBeTruthy();
  });

  it('sends the search (after the pause), the country and the sort, back on page 1', async () => {
    const api = serve();
    renderWithProviders(<UsersPage />, { url: '/?page=2' });
    await screen.findByText('user11@example.com');

    fireEvent.change(screen.getByLabelText('Search users'), { target: { value: 'ada' } });
    await waitFor(() => expect(params(api.last('/api/users')!.url)).toMatchObject({ search: 'ada', offset: '0' }));

    // The countries come from the server; the default option is "Filter".
    const country = screen.getByLabelText('Country') as HTMLSelectElement;
    expect(country.options[0]!.text).toBe('Filter');
    await screen.findByRole('option', { name: 'Ghana' });
    fireEvent.change(country, { target: { value: 'Ghana' } });
    await waitFor(() => expect(params(api.last('/api/users')!.url)).toMatchObject({ search: 'ada', country: 'Ghana' }));

    fireEvent.change(screen.getByLabelText('Sort'), { target: { value: 'name' } });
    await waitFor(() => expect(params(api.last('/api/users')!.url)).toMatchObject({ sort: 'name', country: 'Ghana' }));
  });
});
