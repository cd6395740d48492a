/**
 * The product screens follow the member's permissions: seeing the catalogue is not changing
 * it (catalog.write), and prices (catalog.prices) and stock (stock.adjust) are guarded
 * fields, shown to all and changed only with their permission, the server's sentence saying why.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '@/test/harness.tsx';
import { makeProduct } from '@/test/products.ts';
import { signInStaff, signOutStaff } from '@/test/staff.ts';
import { ProductCreatePage } from './product-create-page.tsx';
import { ProductEditPage } from './product-edit-page.tsx';
import { ProductTablePage } from './product-table-page.tsx';
import { ProductViewPage } from './product-view-page.tsx';

const PRICES_LOCKED = "You don't have permission to change prices and markdowns";
const STOCK_LOCKED = "You don't have permission to change stock levels";

const variant = {
  id: 'v1',
  sku: 'P1-M',
  size: 'medium',
  color: 'Indigo',
  price: 10001,
  discount: 0,
  salePrice: 10001,
  priceOverride: null,
  discountOverride: null,
  counter: 5,
  stockVersion: 1,
  availability: 'In Stock',
  imageUrls: [],
};
const product = { ...makeProduct(1, { brandId: 'b1' }), variants: [variant] };
const lists: Record<string, unknown[]> = {
  '/api/categories': [{ id: 'c1', name: 'Women', productCount: 1 }],
  '/api/brands': [{ id: 'b1', name: 'Lagos Loom', productCount: 1 }],
  '/api/subs': [],
  '/api/subsubs': [],
};

function serve() {
  return mockFetch(({ url, method }) => {
    if (lists[url.pathname]) return { body: lists[url.pathname] };
    if (url.pathname === '/api/products') return { body: [product], headers: { 'X-Total-Count': '1' } };
    if (url.pathname === '/api/products/p1' && method === 'GET') return { body: product };
    if (url.pathname === '/api/products/p1' && method === 'PUT') return { body: product };
    if (url.pathname === '/api/products/p1/variants' && method === 'PUT') return { body: product };
    if (url.pathname === '/api/products/create') return { status: 201, body: product };
    if (url.pathname === '/api/settings') return { body: {} };
  });
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  signOutStaff();
});

describe('Edit Product for a Content editor (catalog.write, no prices, no stock)', () => {
  it('shows prices and stock without letting them change, and saves the rest with the prices as they were', async () => {
    signInStaff('content_editor');
    const api = serve();
    const { router } = renderWithProviders(<ProductEditPage id="p1" />, { path: '/editproduct/:id', url: '/editproduct/p1' });
    await screen.findByRole('option', { name: 'Lagos Loom' }, { timeout: 5000 });
    expect(input('Price (₦)').disabled).toBe(true);
    expect(input('Price (₦)').value).toBe('10001');
    expect(input('Discount (₦)').disabled).toBe(true);
    expect(input('Quantity in Stock').disabled).toBe(true);
    expect(screen.getAllByText(PRICES_LOCKED)).toHaveLength(2);
    expect(screen.getByText(STOCK_LOCKED)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Increase quantity' }) as HTMLButtonElement).disabled).toBe(true);
    // The variants' own prices and stock too.
    expect(input('Price of medium / Indigo').disabled).toBe(true);
    expect(input('Discount of medium / Indigo').disabled).toBe(true);
    expect(input('Stock of medium / Indigo').disabled).toBe(true);
    // No catalog.cost: no cost price at all.
    expect(screen.queryByLabelText('Cost price of medium / Indigo')).toBeNull();
    expect(input('Set all stock to').disabled).toBe(true);
    expect(input('SKU of medium / Indigo').disabled).toBe(false);

    fireEvent.change(input('Title'), { target: { value: 'Adire wrap' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Product' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/producttable'));
    const sent = api.requests.find((r) => r.method === 'PUT')!.body;
    // Unchanged values pass the server's field rules; the stock is not sent at all.
    expect(sent).toMatchObject({ title: 'Adire wrap', price: 10001, discount: 0 });
    expect(sent).not.toHaveProperty('counter');
  });

  it('lets Owner change them', async () => {
    signInStaff('owner');
    serve();
    renderWithProviders(<ProductEditPage id="p1" />, { path: '/editproduct/:id', url: '/editproduct/p1' });
    await screen.findByRole('option', { name: 'Lagos Loom' }, { timeout: 5000 });
    expect(input('Price (₦)').disabled).toBe(false);
    expect(input('Stock of medium / Indigo').disabled).toBe(false);
    expect(screen.queryByText(PRICES_LOCKED)).toBeNull();
  });

  it('shows the Owner (catalog.cost) each variant’s cost price and saves the one typed', async () => {
    signInStaff('owner');
    const api = mockFetch(({ url, method }) => {
      if (lists[url.pathname]) return { body: lists[url.pathname] };
      if (url.pathname === '/api/products/p1' && method === 'GET')
        return { body: { ...product, variants: [{ ...variant, cost: 4000 }] } };
      if (url.pathname === '/api/products/p1/variants' && method === 'PUT') return { body: product };
      if (url.pathname === '/api/settings') return { body: {} };
    });
    renderWithProviders(<ProductEditPage id="p1" />, { path: '/editproduct/:id', url: '/editproduct/p1' });
    const cost = (await screen.findByLabelText('Cost price of medium / Indigo', {}, { timeout: 5000 })) as HTMLInputElement;
    expect(cost.value).toBe('4000');
    fireEvent.change(cost, { target: { value: '4250.50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save variants' }));
    await waitFor(() => expect(api.last('/api/products/p1/variants')).toBeDefined());
    expect(api.last('/api/products/p1/variants')!.body).toMatchObject({ variants: [{ id: 'v1', cost: 4250.5 }] });
  });
});

describe('Edit Product for Fulfilment (stock.adjust, no catalog.write)', () => {
  it('offers the variants’ stock alone, and saves it with the rest as it was', async () => {
    signInStaff('fulfilment');
    const api = serve();
    renderWithProviders(<ProductEditPage id="p1" />, { path: '/editproduct/:id', url: '/editproduct/p1' });
    const stock = (await screen.findByLabelText('Stock of medium / Indigo')) as HTMLInputElement;
    expect(screen.getByText('Product 1: stock only')).toBeTruthy();
    // No product form, no images, no new rows or removals, no colour photos.
    expect(screen.queryByRole('button', { name: 'Update Product' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload Images' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Add sizes and colours' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove medium / Indigo' })).toBeNull();
    for (const label of ['Size scale', 'Size of medium / Indigo', 'Colour of medium / Indigo', 'SKU of medium / Indigo']) {
      expect((screen.getByLabelText(label) as HTMLInputElement).disabled, label).toBe(true);
    }
    expect(input('Price of medium / Indigo').disabled).toBe(true);
    expect(stock.disabled).toBe(false);

    fireEvent.change(stock, { target: { value: '9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save variants' }));
    await waitFor(() => expect(api.last('/api/products/p1/variants')).toBeDefined());
    expect(api.last('/api/products/p1/variants')!.body).toMatchObject({
      sizeScale: 'standard',
      variants: [
        { id: 'v1', sku: 'P1-M', size: 'medium', color: 'Indigo', price: null, discount: null, counter: 9, stockVersion: 1 },
      ],
    });
  });

  it('lists Edit but not Delete on the products table', async () => {
    signInStaff('fulfilment');
    serve();
    renderWithProviders(<ProductTablePage />, { path: '/producttable' });
    expect(await screen.findByRole('link', { name: 'Edit Product 1' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete Product 1' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Create Product' })).toBeNull();
  });
});

describe('Create Product for a Content editor', () => {
  it('creates it at price 0 and no stock, for someone who may price it', async () => {
    signInStaff('content_editor');
    const api = serve();
    renderWithProviders(<ProductCreatePage />, { path: '/createproduct', url: '/createproduct' });
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Adire wrap' } });
    expect(input('Price (₦)').disabled).toBe(true);
    expect(input('Price (₦)').value).toBe('0');
    expect(input('Quantity').disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Create Product' }));
    await waitFor(() => expect(api.last('/api/products/create')).toBeDefined());
    const sent = api.last('/api/products/create')!.body as FormData;
    expect([sent.get('title'), sent.get('price'), sent.get('counter')]).toEqual(['Adire wrap', '0', '0']);
  });
});

describe('The catalogue for a Cashier (catalog.read only)', () => {
  it('lists products with View and Export, and no Create, Import, Edit or Delete', async () => {
    signInStaff('cashier');
    serve();
    renderWithProviders(<ProductTablePage />, { path: '/producttable' });
    expect(await screen.findByRole('link', { name: 'View Product 1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
    for (const name of ['Edit Product 1', 'Create Product']) expect(screen.queryByRole('link', { name })).toBeNull();
    for (const name of ['Delete Product 1', 'Import CSV']) expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('shows a product without Edit or Delete', async () => {
    signInStaff('cashier');
    serve();
    renderWithProviders(<ProductViewPage id="p1" />, { path: '/viewproduct/:id', url: '/viewproduct/p1' });
    expect(await screen.findByRole('heading', { name: 'Product 1' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});
