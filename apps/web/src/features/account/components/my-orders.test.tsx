import type { OrderView } from '@shop/shared/orders';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session-store.ts';
import { mockFetch, renderWithProviders } from '@/test/harness.tsx';
import { makeOrder } from '@/test/orders.ts';
import { MyOrders } from './my-orders.tsx';

const base = makeOrder();

describe('My orders', () => {
  beforeEach(() => {
    localStorage.setItem('access_token', 'tok');
    useSession.setState({ status: 'signed-in' });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows each order’s goods, discount with its code, delivery with its method, and total', async () => {
    const pickup: OrderView = {
      ...base,
      id: 'o2',
      number: 'ADR-1002',
      subtotal: 9000,
      discount: 0,
      couponDiscount: 0,
      couponCode: null,
      deliveryFee: 0,
      delivery: { method: 'Pickup at our Yaba shop', kind: 'pickup', etaDays: 1, pickupAddress: '24 Herbert Macaulay Way' },
      total: 9000,
    };
    mockFetch(() => ({ body: [base, pickup] }));
    renderWithProviders(<MyOrders />, { path: '/orders' });
    const [first, second] = await screen.findAllByTestId('order-totals');
    const text = (el: HTMLElement, id: string) => within(el).getByTestId(id).textContent;
    expect(text(first!, 'order-goods')).toBe('₦20,000.00');
    expect(within(first!).getByText('Discount (WELCOME10)')).toBeTruthy();
    expect(text(first!, 'order-discount')).toBe('−₦2,000.00');
    expect(within(first!).getByText('Delivery (Standard delivery)')).toBeTruthy();
    expect(text(first!, 'order-delivery')).toBe('₦2,500.00');
    expect(text(first!, 'order-total')).toBe('₦20,500.00');

    expect(within(second!).queryByTestId('order-discount')).toBeNull();
    expect(text(second!, 'order-delivery')).toBe('Free');
    expect(within(second!).getByText('Collect it at 24 Herbert Macaulay Way')).toBeTruthy();
    expect(text(second!, 'order-total')).toBe('₦9,000.00');
  });

  it('links each order’s page and its invoice, and says how to pay an unpaid transfer', async () => {
    const transfer = makeOrder({
      id: 'o3',
      number: 'ADR-1003',
      status: 'pending',
      paymentStatus: 'unpaid',
      paymentMethod: 'transfer',
      invoiceNumber: null,
      cancellable: true,
      transfer: {
        bankName: 'Zenith Bank',
        accountName: 'Adire Stores Ltd',
        accountNumber: '1012345678',
        amount: 20500,
        reference: 'ADR-1003',
        payBy: null,
      },
    });
    mockFetch(() => ({ body: [transfer, base] }));
    renderWithProviders(<MyOrders />, { path: '/orders' });
    const [unpaid, paid] = await screen.findAllByRole('article');
    expect(within(unpaid!).getByRole('link', { name: 'How to pay ADR-1003' }).getAttribute('href')).toBe('/orders/o3');
    expect(within(unpaid!).getByText('Not paid yet')).toBeTruthy();
    expect(within(unpaid!).queryByRole('link', { name: /^Invoice/ })).toBeNull();
    expect(within(paid!).getByRole('link', { name: 'View order ADR-1001' }).getAttribute('href')).toBe('/orders/o1');
    expect(within(paid!).getByRole('link', { name: 'Invoice INV-000012' }).getAttribute('href')).toBe('/orders/o1/invoice');
  });
});
