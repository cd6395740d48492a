import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Toaster } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '@/test/harness.tsx';
import { ProductCreatePage } from './product-create-page.tsx';
import { ProductEditPage } from './product-edit-page.tsx';
import { ProductViewPage } from './product-view-page.tsx';
import { signInStaff, signOutStaff } from '@/test/staff.ts';

// The Owner, who may use every button and field of these screens.
beforeEach(() => {
  signInStaff('owner');
});
afterEach(signOutStaff);

const product = {
  id: 'p1',
  title: 'Adire scarf',
  heading: 'Hand-dyed',
  description: '',
  price: 12000,
  discount: 0,
  salePrice: 12000,
  color: 'indigo',
  size: ['small'],
  counter: 4,
  lowestStock: 4,
  availability: 'In Stock',
  brand: 'Zaron',
  brandId: 'b1',
  Category: { id: 'c1', name: 'Women' },
  Sub: null,
  Subsub: null,
  categoryId: 'c1',
  subId: null,
  subsubId: null,
  sub: '',
  subsub: '',
  imageUrls: ['/uploads/a-640.webp', '/uploads/b-640.webp'],
  imageUrl: '/uploads/a-640.webp',
  ratingAverage: 0,
  ratingCount: 0,
  createdAt: '2024-05-01T10:00:00.000Z',
  updatedAt: '2024-05-01T10:00:00.000Z',
  colors: ['indigo'],
  sizeScale: 'standard',
  priceFrom: 12000,
  priceTo: 12000,
  defaultVariantId: 'v1',
  variants: [
    {
      id: 'v1',
      sku: 'AS-S-INDIGO',
      size: 'small',
      color: 'indigo',
      price: 12000,
      discount: 0,
      salePrice: 12000,
      priceOverride: null,
      discountOverride: null,
      // What the Owner (catalog.cost) reads; null: no cost price recorded.
      cost: null,
      counter: 4,
      stockVersion: 3,
      availability: 'In Stock',
      imageUrls: [],
    },
  ],
};
const lists: Record<string, unknown[]> = {
  '/api/categories': [{ id: 'c1', name: 'Women', productCount: 1 }],
  '/api/brands': [{ id: 'b1', name: 'Zaron', productCount: 1 }],
  '/api/subs': [],
  '/api/subsubs': [],
};

beforeEach(() => {
  vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderEdit() {
  return renderWithProviders(
    <>
      <ProductEditPage id="p1" />
      <Toaster />
    </>,
    { path: '/editproduct/:id', url: '/editproduct/p1' },
  );
}

describe('Create Product', () => {
  it('shows each field’s error from the shared schema, sends nothing, then the server’s own errors', async () => {
    const api = mockFetch(({ url, method }) => {
      if (lists[url.pathname]) return { body: lists[url.pathname] };
      if (url.pathname === '/api/products/create' && method === 'POST') {
        return { status: 400, body: { msg: 'Invalid product', errors: [{ path: 'title', message: 'This title is taken' }] } };
      }
    });
    renderWithProviders(<ProductCreatePage />, { path: '/createproduct', url: '/createproduct' });
    fireEvent.click(await screen.findByRole('button', { name: 'Create Product' }));
    expect(await screen.findByText('Title is required')).toBeTruthy();
    expect(screen.getByText('Price is required')).toBeTruthy();
    expect(api.requests.some((r) => r.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Adire scarf' } });
    fireEvent.change(screen.getByLabelText('Price (₦)'), { target: { value: '12000.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(await screen.findByText('This title is taken')).toBeTruthy();
    const sent = api.last('/api/products/create')!.body as FormData;
    expect([sent.get('title'), sent.get('price'), sent.get('discount'), sent.get('counter')]).toEqual([
      'Adire scarf',
      '12000.5',
      '0',
      '0',
    ]);
    expect(sent.has('categoryId')).toBe(false);
  });
});

describe('Create Product with sizes and colours', () => {
  it('sends the variants listed (as one JSON field) with the size scale', async () => {
    const api = mockFetch(({ url, method }) => {
      if (lists[url.pathname]) return { body: lists[url.pathname] };
      if (url.pathname === '/api/products/create' && method === 'POST') return { status: 201, body: product };
    });
    const { router } = renderWithProviders(<ProductCreatePage />, { path: '/createproduct', url: '/createproduct' });
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Kente Gown' } });
    fireEvent.change(screen.getByLabelText('Price (₦)'), { target: { value: '30000' } });
    const sizes = screen.getByRole('group', { name: 'Sizes to add' });
    fireEvent.click(within(sizes).getByLabelText('large'));
    fireEvent.click(within(sizes).getByLabelText('medium'));
    fireEvent.change(screen.getByLabelText('Colours to add (comma-separated)'), { target: { value: 'Gold' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add combinations' }));
    fireEvent.change(screen.getByLabelText('Stock of large / Gold'), { target: { value: '4' } });
    // A bad row stops the create, with its message.
    fireEvent.change(screen.getByLabelText('Stock of medium / Gold'), { target: { value: '1.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(await screen.findByText('Stock must be a whole number')).toBeTruthy();
    expect(api.requests.some((r) => r.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText('Stock of medium / Gold'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Product' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/producttable'));
    const sent = api.last('/api/products/create')!.body as FormData;
    expect(sent.get('sizeScale')).toBe('standard');
    expect(JSON.parse(String(sent.get('variants')))).toEqual([
      { sku: 'KG-M-GOLD', size: 'medium', color: 'Gold', price: null, discount: null, cost: null, counter: 2, imageUrls: [] },
      { sku: 'KG-L-GOLD', size: 'large', color: 'Gold', price: null, discount: null, cost: null, counter: 4, imageUrls: [] },
    ]);
  });
});

describe('Edit Product', () => {
  it('says "Failed to load product data. Please try again." when the product cannot be read', async () => {
    mockFetch(({ url }) => (lists[url.pathname] ? { body: lists[url.pathname] } : { status: 500, body: { msg: 'boom' } }));
    renderEdit();
    expect(await screen.findByText('Failed to load product data. Please try again.')).toBeTruthy();
  });

  it('saves price and discount as decimals (discount 0 when empty) and the counter as an integer', async () => {
    const api = mockFetch(({ url, method }) => {
      if (lists[url.pathname]) return { body: lists[url.pathname] };
      if (url.pathname === '/api/products/p1' && method === 'GET') return { body: product };
      if (url.pathname === '/api/products/p1' && method === 'PUT') return { body: product };
    });
    const { router } = renderEdit();
    await screen.findByRole('option', { name: 'Zaron' });
    expect((screen.getByLabelText('Brand') as HTMLSelectElement).value).toBe('b1');
    fireEvent.change(screen.getByLabelText('Price (₦)'), { target: { value: '15000.50' } });
    fireEvent.change(screen.getByLabelText('Discount (₦)'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    fireEvent.click(screen.getByRole('button', { name: 'Update Product' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/producttable'));
    expect(api.requests.find((r) => r.method === 'PUT')!.body).toMatchObject({
      price: 15000.5,
      discount: 0,
      counter: 5,
      categoryId: 'c1',
      brand: 'b1',
      sub: null,
    });
    // Sizes and colour were not touched: the variants keep theirs.
    expect(api.requests.find((r) => r.method === 'PUT')!.body).not.toHaveProperty('size');
    expect(api.requests.find((r) => r.method === 'PUT')!.body).not.toHaveProperty('color');
  });

  it('shows "Failed to update product. Please try again." when the save fails', async () => {
    mockFetch(({ url, method }) => {
      if (lists[url.pathname]) return { body: lists[url.pathname] };
      if (url.pathname === '/api/products/p1' && method === 'GET') return { body: product };
      if (method === 'PUT') return { status: 500, body: { msg: 'Database unavailable' } };
    });
    renderEdit();
    fireEvent.click(await screen.findByRole('button', { name: 'Update Product' }));
    expect((await screen.findAllByText(/Failed to update product\. Please try again\./)).length).toBeGreaterThan(0);
  });

  it('removes an image by sending the images to keep, and only uploads when files are chosen', async () => {
    const api = mockFetch(({ url, method, body }) => {
      if (lists[url.pathname]) return { body: lists[url.pathname] };
      if (url.pathname === '/api/products/p1' && method === 'GET') return { body: product };
      if (method === 'PUT' && body instanceof FormData) return { status: 500, body: { msg: 'nope' } };
      if (method === 'PUT') return { body: { ...product, imageUrls: (body as { imageUrls: string[] }).imageUrls } };
    });
    renderEdit();
    const upload = await screen.findByRole('button', { name: 'Upload Images' });
    expect(upload.hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Remove image 1' }));
    await waitFor(() => expect(screen.getAllByRole('img', { name: /Adire scarf/ })).toHaveLength(1));
    expect(api.requests.find((r) => r.method === 'PUT')!.body).toEqual({ imageUrls: ['/uploads/b-640.webp'] });

    const file = new File([new Uint8Array([1])], 'c.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Add images'), { target: { files: [file] } });
    expect(upload.hasAttribute('disabled')).toBe(false);
    fireEvent.click(upload);
    expect(await screen.findByText('Failed to update images. Please try again.')).toBeTruthy();
  });
});

/** An indigo variant of the scarf as the editor sends it back (no price or discount of its own unless given). */
const sentBack = (id: string, size: string, values: { price?: number; counter: number; stockVersion: number }) => ({
  id,
  sku: `AS-${size[0]!.toUpperCase()}-INDIGO`,
  size,
  color: 'indigo',
  price: null,
  discount: null,
  cost: null,
  imageUrls: [],
  ...values,
});

describe('Variants (Edit Product)', () => {
  const detail = (pathname: string, method: string) =>
    lists[pathname]
      ? { body: lists[pathname] }
      : pathname === '/api/products/p1' && method === 'GET'
        ? { body: product }
        : undefined;

  it('adds every size × colour with a suggested SKU, fills the stock, and saves the set with the size scale', async () => {
    const api = mockFetch(({ url, method, body }) => {
      if (url.pathname === '/api/products/p1/variants' && method === 'PUT') {
        const { variants } = body as { variants: { sku: string; size: string; color: string; counter: number }[] };
        return {
          body: {
            ...product,
            variants: variants.map((v, i) => ({ ...product.variants[0], ...v, id: `v${i + 1}`, price: 12000 })),
          },
        };
      }
      return detail(url.pathname, method);
    });
    renderEdit();
    const editor = await screen.findByRole('form', { name: 'Variants' });
    const sizes = within(editor).getByRole('group', { name: 'Sizes to add' });
    fireEvent.click(within(sizes).getByLabelText('medium'));
    fireEvent.click(within(sizes).getByLabelText('small'));
    fireEvent.change(within(editor).getByLabelText('Colours to add (comma-separated)'), { target: { value: 'indigo, Red' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Add combinations' }));
    // small / indigo was there already: three rows added, in the scale's order.
    expect(
      within(editor)
        .getAllByLabelText(/^SKU of /)
        .map((input) => (input as HTMLInputElement).value),
    ).toEqual(['AS-S-INDIGO', 'AS-S-RED', 'AS-M-INDIGO', 'AS-M-RED']);
    fireEvent.change(within(editor).getByLabelText('Set all stock to'), { target: { value: '2' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Apply' }));
    fireEvent.change(within(editor).getByLabelText('Price of medium / Red'), { target: { value: '13500' } });
    expect(within(editor).getByTestId('variants-total').textContent).toBe('8');
    // The red ones show the second photo only.
    fireEvent.click(within(editor).getByLabelText('Photo 2 shows Red'));
    fireEvent.click(within(editor).getByRole('button', { name: 'Save variants' }));

    await waitFor(() => expect(api.last('/api/products/p1/variants')).toBeTruthy());
    expect(api.last('/api/products/p1/variants')!.body).toEqual({
      sizeScale: 'standard',
      variants: [
        // A loaded variant sends the stockVersion it was loaded at; a new one has none.
        sentBack('v1', 'small', { counter: 2, stockVersion: 3 }),
        {
          sku: 'AS-S-RED',
          size: 'small',
          color: 'Red',
          price: null,
          discount: null,
          cost: null,
          counter: 2,
          imageUrls: ['/uploads/b-640.webp'],
        },
        {
          sku: 'AS-M-INDIGO',
          size: 'medium',
          color: 'indigo',
          price: null,
          discount: null,
          cost: null,
          counter: 2,
          imageUrls: [],
        },
        {
          sku: 'AS-M-RED',
          size: 'medium',
          color: 'Red',
          price: 13500,
          discount: null,
          cost: null,
          counter: 2,
          imageUrls: ['/uploads/b-640.webp'],
        },
      ],
    });
    expect(await screen.findByText('Variants saved')).toBeTruthy();
  });

  it('says what is wrong with a row, sends nothing, and shows the server’s refusal', async () => {
    const api = mockFetch(({ url, method }) => {
      if (url.pathname === '/api/products/p1/variants')
        return { status: 409, body: { msg: 'The SKU "AS-S-INDIGO" is already used by another product' } };
      return detail(url.pathname, method);
    });
    renderEdit();
    const editor = await screen.findByRole('form', { name: 'Variants' });
    fireEvent.change(within(editor).getByLabelText('Stock of small / indigo'), { target: { value: '-1' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Save variants' }));
    expect(await within(editor).findByText('Stock cannot be negative')).toBeTruthy();
    expect(api.last('/api/products/p1/variants')).toBeUndefined();

    fireEvent.change(within(editor).getByLabelText('Stock of small / indigo'), { target: { value: '3' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Save variants' }));
    expect(await screen.findByText('The SKU "AS-S-INDIGO" is already used by another product')).toBeTruthy();
  });
});

describe('Variants (Edit Product): a stock changed while editing', () => {
  it('says so when the save is refused (409), saves nothing, and "Reload variants" shows the stock as it is now', async () => {
    const sold = { ...product, counter: 3, variants: [{ ...product.variants[0]!, counter: 3, stockVersion: 4 }] };
    let current = product;
    const api = mockFetch(({ url, method, body }) => {
      if (lists[url.pathname]) return { body: lists[url.pathname] };
      if (url.pathname === '/api/products/p1' && method === 'GET') return { body: current };
      if (url.pathname === '/api/products/p1/variants' && method === 'PUT') {
        const [sent] = (body as { variants: { stockVersion?: number; counter: number }[] }).variants;
        if (sent!.stockVersion !== current.variants[0]!.stockVersion) {
          return { status: 409, body: { msg: 'Stock changed while you were editing; reload' } };
        }
        return { body: { ...current, variants: [{ ...current.variants[0]!, counter: sent!.counter, stockVersion: 5 }] } };
      }
    });
    renderEdit();
    const editor = await screen.findByRole('form', { name: 'Variants' });
    // A shopper buys one while the admin types.
    current = sold;
    fireEvent.change(within(editor).getByLabelText('Price of small / indigo'), { target: { value: '11000' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Save variants' }));
    const alert = await within(editor).findByRole('alert');
    expect(alert.textContent).toContain('Stock changed while you were editing');

    fireEvent.click(within(alert).getByRole('button', { name: 'Reload variants' }));
    await waitFor(() => expect((within(editor).getByLabelText('Stock of small / indigo') as HTMLInputElement).value).toBe('3'));
    expect(within(editor).queryByRole('alert')).toBeNull();
    expect((within(editor).getByLabelText('Price of small / indigo') as HTMLInputElement).value).toBe('');
    fireEvent.change(within(editor).getByLabelText('Stock of small / indigo'), { target: { value: '5' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Save variants' }));
    const saves = () => api.requests.filter((r) => r.url.pathname === '/api/products/p1/variants');
    await waitFor(() => expect(saves()).toHaveLength(2));
    expect(saves()[0]!.body).toMatchObject({ variants: [{ price: 11000, stockVersion: 3 }] });
    expect(saves()[1]!.body).toMatchObject({ variants: [{ price: null, counter: 5, stockVersion: 4 }] });
    await waitFor(() => expect((within(editor).getByLabelText('Stock of small / indigo') as HTMLInputElement).value).toBe('5'));
    expect(within(editor).queryByRole('alert')).toBeNull();
  });
});

describe('Variants (Edit Product): removing a row', () => {
  const sized = (id: string, size: string, counter: number, priceOverride: number | null = null) => ({
    ...product.variants[0]!,
    id,
    stockVersion: Number(id.slice(1)) + 10,
    sku: `AS-${size[0]!.toUpperCase()}-INDIGO`,
    size,
    price: priceOverride ?? product.price,
    salePrice: priceOverride ?? product.price,
    priceOverride,
    counter,
  });
  const threeSizes = {
    ...product,
    size: ['small', 'medium', 'large'],
    counter: 12,
    lowestStock: 1,
    defaultVariantId: null,
    variants: [sized('v1', 'small', 4), sized('v2', 'medium', 1), sized('v3', 'large', 7, 13000)],
  };

  it('"Remove <row>" takes that row, and only it, out of what is saved', async () => {
    const api = mockFetch(({ url, method, body }) => {
      if (lists[url.pathname]) return { body: lists[url.pathname] };
      if (url.pathname === '/api/products/p1' && method === 'GET') return { body: threeSizes };
      if (url.pathname === '/api/products/p1/variants' && method === 'PUT') {
        const { variants } = body as { variants: { id?: string }[] };
        return { body: { ...threeSizes, variants: threeSizes.variants.filter((v) => variants.some((s) => s.id === v.id)) } };
      }
    });
    renderEdit();
    const editor = await screen.findByRole('form', { name: 'Variants' });
    expect(within(editor).getByTestId('variants-total').textContent).toBe('12');

    fireEvent.click(within(editor).getByRole('button', { name: 'Remove medium / indigo' }));
    expect(within(editor).queryByRole('button', { name: 'Remove medium / indigo' })).toBeNull();
    expect(
      within(editor)
        .getAllByLabelText(/^SKU of /)
        .map((input) => (input as HTMLInputElement).value),
    ).toEqual(['AS-S-INDIGO', 'AS-L-INDIGO']);
    expect(within(editor).getByTestId('variants-total').textContent).toBe('11');
    // The row after it moved up with its own values, and still edits itself.
    expect((within(editor).getByLabelText('Price of large / indigo') as HTMLInputElement).value).toBe('13000');
    fireEvent.change(within(editor).getByLabelText('Stock of large / indigo'), { target: { value: '6' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Save variants' }));

    await waitFor(() => expect(api.last('/api/products/p1/variants')).toBeTruthy());
    expect(api.last('/api/products/p1/variants')!.body).toEqual({
      sizeScale: 'standard',
      variants: [
        sentBack('v1', 'small', { counter: 4, stockVersion: 11 }),
        sentBack('v3', 'large', { price: 13000, counter: 6, stockVersion: 13 }),
      ],
    });
    // The editor shows the set the server kept.
    await waitFor(() => expect(within(editor).getByTestId('variants-total').textContent).toBe('11'));
    expect(within(editor).getAllByLabelText(/^Stock of /)).toHaveLength(2);
  });

  it('cannot save without any row left: "A product needs at least one variant"', async () => {
    const api = mockFetch(({ url, method }) => {
      if (lists[url.pathname]) return { body: lists[url.pathname] };
      if (url.pathname === '/api/products/p1' && method === 'GET') return { body: product };
    });
    renderEdit();
    const editor = await screen.findByRole('form', { name: 'Variants' });
    fireEvent.click(within(editor).getByRole('button', { name: 'Remove small / indigo' }));
    expect(within(editor).getByText('No sizes or colours yet: the product is sold as one item.')).toBeTruthy();
    fireEvent.click(within(editor).getByRole('button', { name: 'Save variants' }));
    expect(await within(editor).findByText('A product needs at least one variant')).toBeTruthy();
    expect(api.last('/api/products/p1/variants')).toBeUndefined();
  });
});

describe('Product details (admin)', () => {
  it('deletes after the spec’s question and goes to /producttable', async () => {
    const api = mockFetch(({ url, method }) => {
      if (url.pathname === '/api/products/p1' && method === 'GET') return { body: product };
      if (url.pathname === '/api/products/p1' && method === 'DELETE') return { body: { msg: 'Product deleted' } };
    });
    const { router } = renderWithProviders(<ProductViewPage id="p1" />, { path: '/viewproduct/:id', url: '/viewproduct/p1' });
    expect(await screen.findByRole('heading', { name: 'Adire scarf' })).toBeTruthy();
    const details = screen.getByRole('heading', { name: 'Additional Details' }).parentElement!;
    expect(within(details).getByText('Description').nextElementSibling!.textContent).toBe('N/A');
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/editproduct/p1');

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('Are you sure you want to delete this product?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/producttable'));
    expect(api.requests.some((r) => r.method === 'DELETE')).toBe(true);
  });

  it('shows per variant how many back-in-stock alerts wait (issue 31)', async () => {
    const twoSizes = {
      ...product,
      variants: [product.variants[0]!, { ...product.variants[0]!, id: 'v2', sku: 'AS-M-INDIGO', size: 'medium', counter: 0 }],
    };
    mockFetch(({ url }) => {
      if (url.pathname === '/api/products/p1') return { body: twoSizes };
      if (url.pathname === '/api/admin/products/p1/stock-alerts') return { body: { waiting: { v2: 3 } } };
    });
    renderWithProviders(<ProductViewPage id="p1" />, { path: '/viewproduct/:id', url: '/viewproduct/p1' });
    const table = (await screen.findByRole('heading', { name: 'Stock by size and colour' })).parentElement!;
    expect(within(table).getByRole('columnheader', { name: 'Waiting alerts' })).toBeTruthy();
    await waitFor(() =>
      expect(
        within(table)
          .getAllByTestId('waiting-alerts')
          .map((cell) => cell.textContent),
      ).toEqual(['0', '3']),
    );
  });

  it('shows "Failed to load product details" with Return to Products', async () => {
    mockFetch(() => ({ status: 404, body: { msg: 'Product not found' } }));
    const { router } = renderWithProviders(<ProductViewPage id="zz" />, { path: '/viewproduct/:id', url: '/viewproduct/zz' });
    expect(await screen.findByText('Failed to load product details')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Return to Products' }));
    expect(router.state.location.pathname).toBe('/producttable');
  });
});

describe('Variants (Edit Product): barcodes and stock below zero (issue 29)', () => {
  it('shows a stock a till oversold, saves a barcode, and puts the server’s refusal on its field', async () => {
    const oversold = { ...product, variants: [{ ...product.variants[0]!, counter: -2, barcode: null }] };
    const api = mockFetch(({ url, method }) => {
      if (lists[url.pathname]) return { body: lists[url.pathname] };
      if (url.pathname === '/api/products/p1' && method === 'GET') return { body: oversold };
      if (url.pathname === '/api/products/p1/variants' && method === 'PUT') {
        return {
          status: 409,
          body: {
            msg: 'Barcode 5901234123457 is used by AS-M-RED',
            errors: [{ path: 'variants.0.barcode', message: 'Used by AS-M-RED' }],
          },
        };
      }
    });
    renderEdit();
    const editor = await screen.findByRole('form', { name: 'Variants' });
    expect((within(editor).getByLabelText('Stock of small / indigo') as HTMLInputElement).value).toBe('-2');
    expect(within(editor).getByText('−2 (oversold)')).toBeTruthy();
    fireEvent.change(within(editor).getByLabelText('Barcode of small / indigo'), { target: { value: '5901234123457' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Save variants' }));
    expect((await within(editor).findByRole('alert')).textContent).toBe('Used by AS-M-RED');
    const save = api.requests.find((r) => r.url.pathname === '/api/products/p1/variants');
    expect(save?.body).toMatchObject({ variants: [{ barcode: '5901234123457', counter: -2, stockVersion: 3 }] });
  });
});
