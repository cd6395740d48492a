import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '@/test/harness.tsx';
import { ProductTablePage } from './product-table-page.tsx';
import { signInStaff, signOutStaff } from '@/test/staff.ts';

// The Owner, who may use every button and field of these screens.
beforeEach(() => {
  signInStaff('owner');
});
afterEach(signOutStaff);

const taxonomy = (prefix: string) => [
  { id: `${prefix}1`, name: `${prefix} one`, productCount: 1 },
  { id: `${prefix}2`, name: `${prefix} two`, productCount: 0 },
];
const product = (i: number) => ({
  id: `p${i}`,
  title: `Product ${i}`,
  heading: '',
  price: 10000 + i,
  discount: i === 1 ? 500 : 0,
  salePrice: 10000 + i - (i === 1 ? 500 : 0),
  counter: i === 2 ? 3 : i === 3 ? 0 : 20,
  lowestStock: i === 2 ? 3 : i === 3 ? null : 20,
  brand: 'Zaron',
  Category: { id: 'c1', name: 'Women' },
  Sub: null,
  imageUrl: null,
  imageUrls: [],
});

function serve() {
  return mockFetch(({ url }) => {
    if (url.pathname === '/api/categories') return { body: taxonomy('cat') };
    if (url.pathname === '/api/subs')
      return { body: [...taxonomy('sub'), { id: 'sub3', name: 'Dresses', categoryId: 'cat1', productCount: 2 }] };
    if (url.pathname === '/api/brands') return { body: taxonomy('brand') };
    if (url.pathname === '/api/products') return { body: [1, 2, 3].map(product), headers: { 'X-Total-Count': '42' } };
  });
}
const lastQuery = (api: ReturnType<typeof serve>) => Object.fromEntries(api.last('/api/products')!.url.searchParams);

describe('Products table (server-driven)', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows naira prices and flags low and empty stock', async () => {
    serve();
    renderWithProviders(<ProductTablePage />);
    expect(await screen.findByText('₦10,001.00')).toBeTruthy();
    expect(screen.getByText('₦500.00')).toBeTruthy();
    const table = screen.getByRole('table');
    expect(within(table).getByText('Low stock')).toBeTruthy();
    expect(within(table).getByText('Out of stock')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Create Product/ }).getAttribute('href')).toBe('/createproduct');
    expect(screen.getByRole('link', { name: 'Edit Product 1' }).getAttribute('href')).toBe('/editproduct/p1');
  });

  it('sends each filter to the server and starts again from the first page', async () => {
    const api = serve();
    renderWithProviders(<ProductTablePage />, { url: '/?page=3' });
    await screen.findByText('Product 1');
    expect(lastQuery(api)).toEqual({ limit: '10', offset: '20', sort: 'latest' });

    await screen.findByRole('option', { name: 'cat two' });
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'cat2' } });
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ category: 'cat2', offset: '0' }));

    fireEvent.change(screen.getByLabelText('Brand'), { target: { value: 'brand1' } });
    fireEvent.change(screen.getByLabelText('Sub-Category'), { target: { value: 'sub1' } });
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ category: 'cat2', brand: 'brand1', sub: 'sub1' }));

    fireEvent.change(screen.getByLabelText('Stock'), { target: { value: 'low' } });
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ stock: 'low', offset: '0' }));

    fireEvent.change(screen.getByLabelText('Min price'), { target: { value: '5000' } });
    fireEvent.change(screen.getByLabelText('Max price'), { target: { value: '20000' } });
    fireEvent.change(screen.getByLabelText('Search products'), { target: { value: 'scarf' } });
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ minPrice: '5000', maxPrice: '20000', title: 'scarf' }));

    fireEvent.change(screen.getByLabelText('Sort'), { target: { value: 'price_asc' } });
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ sort: 'price_asc', category: 'cat2', title: 'scarf' }));
  });

  it('offers only the chosen category’s sub-categories (and those without one)', async () => {
    serve();
    renderWithProviders(<ProductTablePage />);
    const sub = (await screen.findByLabelText('Sub-Category')) as HTMLSelectElement;
    await screen.findByRole('option', { name: 'Dresses' });
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'cat2' } });
    await waitFor(() => expect(screen.queryByRole('option', { name: 'Dresses' })).toBeNull());
    expect(Array.from(sub.options).map((o) => o.text)).toEqual(['All sub-categories', 'sub one', 'sub two']);
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'cat1' } });
    expect(await screen.findByRole('option', { name: 'Dresses' })).toBeTruthy();
  });

  it('folds the filters behind Show/Hide Filters on small screens', async () => {
    serve();
    renderWithProviders(<ProductTablePage />);
    const toggle = await screen.findByRole('button', { name: 'Show Filters' });
    const panel = document.getElementById('product-filters')!;
    expect(panel.className).toContain('hidden');
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide Filters' }).getAttribute('aria-expanded')).toBe('true');
    expect(panel.className.split(' ')).not.toContain('hidden');
  });
});
