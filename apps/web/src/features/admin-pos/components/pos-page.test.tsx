import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '@/components/admin/test-utils.tsx';
import { usePosCart } from '../cart-store.ts';
import { PosPage } from './pos-page.tsx';

const product = (id: string, title: string, price: number, discount = 0, counter = 10) => ({
  id,
  title,
  price,
  discount,
  salePrice: price - discount,
  counter,
  imageUrl: null,
  imageUrls: [],
});
const products = [product('p1', 'Adire scarf', 12000, 2000), product('p2', 'Bead necklace', 5000)];
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
    if (url.pathname === '/api/products') return { body: products };
    if (url.pathname === '/api/customers') return { body: [customer] };
    if (url.pathname === '/api/pos/orders' && method === 'POST') {
      const lines = (body as { lines: { productId: string; quantity: number }[] }).lines;
      const orderLines = lines.map((l) => {
        const p = products.find((x) => x.id === l.productId)!;
        return {
          productId: p.id,
          title: p.title,
          imageUrl: null,
          color: '',
          size: '',
          unitPrice: p.price,
          unitDiscount: p.discount,
          quantity: l.quantity,
          lineTotal: p.salePrice * l.quantity,
        };
      });
      const total = orderLines.reduce((s, l) => s + l.lineTotal, 0);
      return {
        status: 201,
        body: {
          order: {
            id: 'o1',
            number: 'NG-000042',
            status: 'paid',
            paymentMethod: 'cash',
            subtotal: total,
            discount: 0,
            total,
            lines: orderLines,
          },
          customer,
          storeName: 'Adire',
          issuedAt: '2024-05-01T10:00:00.000Z',
        },
      };
    }
  });
}

const cart = () => screen.queryByRole('list', { name: 'Cart' });
const cartLines = () => (cart() ? within(cart()!).getAllByRole('listitem') : []);
const quantityOf = (title: string) => (screen.getByLabelText(`Quantity of ${title}`) as HTMLInputElement).value;

describe('Point of Sale cart', () => {
  beforeEach(() => usePosCart.getState().clear());
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('adds a clicked product with quantity 1, increments it on the next click, and removes the line', async () => {
    serve();
    renderWithProviders(<PosPage />);
    const addScarf = await screen.findByRole('button', { name: 'Add Adire scarf to cart' });

    fireEvent.click(addScarf);
    expect(cartLines()).toHaveLength(1);
    expect(quantityOf('Adire scarf')).toBe('1');
    expect(screen.getByTestId('pos-total').textContent).toBe('₦10,000.00');

    fireEvent.click(addScarf);
    expect(cartLines()).toHaveLength(1);
    expect(quantityOf('Adire scarf')).toBe('2');

    fireEvent.click(screen.getByRole('button', { name: 'Add Bead necklace to cart' }));
    expect(cartLines()).toHaveLength(2);
    expect(screen.getByTestId('pos-total').textContent).toBe('₦25,000.00');
    expect(screen.getByText('3 items')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Remove Adire scarf' }));
    expect(cartLines()).toHaveLength(1);
    expect(screen.queryByLabelText('Quantity of Adire scarf')).toBeNull();
    expect(screen.getByTestId('pos-total').textContent).toBe('₦5,000.00');
  });

  it('refuses to purchase an empty cart with the spec’s message', async () => {
    const api = serve();
    renderWithProviders(<PosPage />);
    await screen.findByRole('button', { name: 'Add Adire scarf to cart' });
    fireEvent.click(screen.getByRole('button', { name: 'Purchase' }));
    expect(screen.getByRole('alert').textContent).toBe('Please add items to the cart before purchasing');
    expect(api.requests.some((r) => r.url.pathname === '/api/pos/orders')).toBe(false);
  });

  it('sells the cart to the chosen customer, empties it, and shows the success message and receipt', async () => {
    const api = serve();
    renderWithProviders(<PosPage />);
    fireEvent.click(await screen.findByRole('button', { name: /Ngozi Eze/ }));
    const addScarf = await screen.findByRole('button', { name: 'Add Adire scarf to cart' });
    fireEvent.click(addScarf);
    fireEvent.click(addScarf);
    fireEvent.change(screen.getByLabelText('Payment method'), { target: { value: 'transfer' } });
    fireEvent.click(screen.getByRole('button', { name: 'Purchase' }));

    expect(await screen.findByText('Purchase successful')).toBeTruthy();
    expect(api.last('/api/pos/orders')!.body).toEqual({
      customerId: customer.id,
      lines: [{ productId: 'p1', quantity: 2 }],
      paymentMethod: 'transfer',
    });
    expect(cart()).toBeNull();
    const receipt = screen.getByRole('region', { name: 'Adire' });
    expect(within(receipt).getByText('Receipt NG-000042')).toBeTruthy();
    expect(within(receipt).getAllByText('₦20,000.00').length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Print receipt' })).toBeTruthy());
  });
});
