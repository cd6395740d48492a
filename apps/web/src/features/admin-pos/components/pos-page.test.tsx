import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Toaster } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '@/test/harness.tsx';
import { makeProduct } from '@/test/products.ts';
import { usePosCart } from '../cart-store.ts';
import { PosPage } from './pos-page.tsx';
import { signInStaff, signOutStaff } from '@/test/staff.ts';

// The Owner, who may use every button and field of these screens.
beforeEach(() => {
  signInStaff('owner');
});
afterEach(signOutStaff);

const scarf = makeProduct(1, {
  id: 'p1',
  title: 'Adire scarf',
  price: 12000,
  discount: 2000,
  salePrice: 10000,
  priceFrom: 10000,
  priceTo: 10000,
  defaultVariantId: 'v1',
});
const necklace = makeProduct(2, {
  id: 'p2',
  title: 'Bead necklace',
  price: 5000,
  salePrice: 5000,
  priceFrom: 5000,
  priceTo: 5000,
  defaultVariantId: 'v2',
});
const dress = makeProduct(3, {
  id: 'p3',
  title: 'Wrap dress',
  price: 20000,
  salePrice: 20000,
  priceFrom: 20000,
  priceTo: 20000,
  defaultVariantId: null,
  size: ['medium', 'large'],
  colors: ['Red'],
});
const dressVariant = (id: string, size: string, counter: number) => ({
  id,
  sku: `DRESS-${size}`,
  size,
  color: 'Red',
  price: 20000,
  discount: 0,
  salePrice: 20000,
  priceOverride: null,
  discountOverride: null,
  counter,
  availability: counter > 0 ? 'In Stock' : 'Out of Stock',
  imageUrls: [],
});
const customer = {
  id: '3f1c4d7e-1111-4222-8333-944455556666',
  firstName: 'Ngozi',
  lastName: 'Eze',
  email: 'ngozi@example.com',
  phone: '',
  createdAt: '2024-01-01T00:00:00.000Z',
};

function serve() {
  return mockFetch(({ url, method, body }) => {
    if (url.pathname === '/api/products') return { body: [scarf, necklace, dress], headers: { 'x-total-count': '3' } };
    if (url.pathname === '/api/products/p3') {
      return { body: { ...dress, variants: [dressVariant('v3m', 'medium', 0), dressVariant('v3l', 'large', 2)] } };
    }
    if (url.pathname === '/api/customers') return { body: [customer] };
    if (url.pathname === '/api/pos/orders' && method === 'POST') {
      const sale = body as { customerId?: string; lines: { quantity: number }[] };
      const total = 10000 * (sale.lines[0]?.quantity ?? 1);
      return {
        status: 201,
        body: {
          order: {
            id: 'o1',
            number: 'NG-000042',
            status: 'paid',
            name: sale.customerId ? 'Ngozi Eze' : 'Walk-in customer',
            paymentMethod: 'cash',
            subtotal: total,
            discount: 0,
            total,
            lines: [{ title: 'Adire scarf', unitPrice: 10000, unitDiscount: 0, quantity: 2, lineTotal: total }],
          },
          customer: sale.customerId ? customer : null,
          storeName: 'Adire',
          issuedAt: '2024-05-01T10:00:00.000Z',
        },
      };
    }
  });
}

const cart = () => screen.queryByRole('list', { name: 'Cart' });
const cartLines = () => (cart() ? within(cart()!).getAllByRole('listitem') : []);
const quantityOf = (name: string) => (screen.getByLabelText(`Quantity of ${name}`) as HTMLInputElement).value;
/** A product's button is named by what it shows: its title, price and stock. */
const productButton = (title: string) => screen.findByRole('button', { name: new RegExp(`^${title}`) });

describe('Point of Sale', () => {
  beforeEach(() => {
    usePosCart.getState().clear();
    vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('adds a clicked product with quantity 1, increments it on the next click, and removes the line', async () => {
    serve();
    renderWithProviders(<PosPage />);
    const addScarf = await productButton('Adire scarf');
    expect(addScarf.textContent).toContain('₦10,000.00');

    fireEvent.click(addScarf);
    expect(cartLines()).toHaveLength(1);
    expect(quantityOf('Adire scarf')).toBe('1');
    expect(screen.getByTestId('pos-total').textContent).toBe('₦10,000.00');

    fireEvent.click(addScarf);
    expect(cartLines()).toHaveLength(1);
    expect(quantityOf('Adire scarf')).toBe('2');

    fireEvent.click(await productButton('Bead necklace'));
    expect(cartLines()).toHaveLength(2);
    expect(screen.getByTestId('pos-total').textContent).toBe('₦25,000.00');
    expect(screen.getByText('3 items')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Remove Adire scarf' }));
    expect(cartLines()).toHaveLength(1);
    expect(screen.queryByLabelText('Quantity of Adire scarf')).toBeNull();
    expect(screen.getByTestId('pos-total').textContent).toBe('₦5,000.00');
  });

  it('asks for the size of a product that has several, and offers no sold-out one', async () => {
    serve();
    renderWithProviders(<PosPage />);
    fireEvent.click(await productButton('Wrap dress'));
    const chooser = await screen.findByRole('dialog', { name: 'Choose a size or colour' });
    const medium = await within(chooser).findByRole('button', { name: /^medium \/ Red/ });
    expect((medium as HTMLButtonElement).disabled).toBe(true);
    expect(medium.textContent).toContain('Sold out');
    fireEvent.click(within(chooser).getByRole('button', { name: /^large \/ Red/ }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(quantityOf('Wrap dress (large / Red)')).toBe('1');
  });

  it('refuses to purchase an empty cart with the spec’s message', async () => {
    const api = serve();
    renderWithProviders(<PosPage />);
    await productButton('Adire scarf');
    fireEvent.click(screen.getByRole('button', { name: 'Purchase' }));
    expect(screen.getByRole('alert').textContent).toBe('Please add items to the cart before purchasing');
    expect(api.requests.some((r) => r.url.pathname === '/api/pos/orders')).toBe(false);
  });

  it('sells to a walk-in customer when none is chosen', async () => {
    const api = serve();
    renderWithProviders(
      <>
        <PosPage />
        <Toaster />
      </>,
    );
    expect((await screen.findByTestId('pos-customer')).textContent).toContain('Walk-in customer');
    fireEvent.click(await productButton('Adire scarf'));
    fireEvent.click(screen.getByRole('button', { name: 'Purchase' }));
    expect(await screen.findByText('Purchase successful')).toBeTruthy();
    expect(api.last('/api/pos/orders')!.body).toEqual({
      lines: [{ productId: 'p1', variantId: 'v1', quantity: 1 }],
      paymentMethod: 'cash',
    });
    const receipt = screen.getByRole('region', { name: 'Adire' });
    expect(within(receipt).getByText(/Customer: Walk-in customer/)).toBeTruthy();
  });

  it('sells the cart to the chosen customer, empties it, and shows the success message and receipt', async () => {
    const api = serve();
    renderWithProviders(
      <>
        <PosPage />
        <Toaster />
      </>,
    );
    fireEvent.click(await screen.findByRole('button', { name: /Ngozi Eze/ }));
    const addScarf = await productButton('Adire scarf');
    fireEvent.click(addScarf);
    fireEvent.click(addScarf);
    fireEvent.change(screen.getByLabelText('Payment method'), { target: { value: 'transfer' } });
    fireEvent.click(screen.getByRole('button', { name: 'Purchase' }));

    expect(await screen.findByText('Purchase successful')).toBeTruthy();
    expect(api.last('/api/pos/orders')!.body).toEqual({
      customerId: customer.id,
      lines: [{ productId: 'p1', variantId: 'v1', quantity: 2 }],
      paymentMethod: 'transfer',
    });
    expect(cart()).toBeNull();
    const receipt = screen.getByRole('region', { name: 'Adire' });
    expect(within(receipt).getByText('Receipt NG-000042')).toBeTruthy();
    expect(within(receipt).getAllByText('₦20,000.00').length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Print receipt' })).toBeTruthy());
  });

  it('lets a Cashier find a customer (customers.read)', async () => {
    signInStaff('cashier');
    serve();
    renderWithProviders(<PosPage />);
    expect(await screen.findByRole('button', { name: /^Ngozi Eze/ })).toBeTruthy();
  });

  it('sells without the customer search to a till role that may not read customers, and never asks for them', async () => {
    signInStaff('owner', ['pos.sell', 'catalog.read']);
    const api = serve();
    renderWithProviders(<PosPage />);
    await productButton('Adire scarf');
    expect(screen.queryByLabelText('Search customers')).toBeNull();
    expect(screen.getByRole('button', { name: 'Create Customer' })).toBeTruthy();
    expect(api.requests.filter((r) => r.url.pathname === '/api/customers')).toHaveLength(0);
  });
});
