import type { OrderView } from '@shop/shared/orders';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session-store.ts';
import { mockFetch, renderWithProviders } from '@/test/harness.tsx';
import { makeOrder } from '@/test/orders.ts';
import { CANCEL_CONFIRM, OrderDetails } from './order-details.tsx';
import { Invoice } from './invoice.tsx';

const transferOrder = makeOrder({
  status: 'pending',
  paymentStatus: 'unpaid',
  paymentMethod: 'transfer',
  amountPaid: 0,
  balanceDue: 20500,
  invoiceNumber: null,
  payments: [],
  cancellable: true,
  paidAt: null,
  lines: [
    {
      id: 'l1',
      productId: 'p1',
      variantId: 'v1',
      sku: 'AD-1-M-RED',
      title: 'Ankara Wrap Dress',
      imageUrl: null,
      color: 'Red',
      size: 'medium',
      unitPrice: 20000,
      unitDiscount: 0,
      quantity: 1,
      lineTotal: 20000,
      restockedQuantity: 0,
    },
  ],
  transfer: {
    bankName: 'Zenith Bank',
    accountName: 'Adire Stores Ltd',
    accountNumber: '1012345678',
    amount: 20500,
    reference: 'ADR-1001',
    payBy: '2025-01-04T09:58:00.000Z',
  },
});

const SETTINGS = {
  storeName: 'Adire',
  phone: '+234 801 234 5678',
  serviceHours: 'Monday to Saturday',
  bannerRotationMs: 3000,
  lowStockThreshold: 3,
  address: '24 Herbert Macaulay Way, Yaba, Lagos',
  vatIncluded: true,
  bankName: 'Zenith Bank',
  bankAccountName: 'Adire Stores Ltd',
  bankAccountNumber: '1012345678',
  transferHoldHours: 48,
  maxUnitsPerProduct: 20,
};

let calls: string[];
function serve(order: OrderView, cancelled?: { status: number; body: unknown }, settings: object = SETTINGS) {
  calls = [];
  let current = order;
  mockFetch(({ method, url }) => {
    const path = `${method} ${url.pathname}`;
    calls.push(path);
    if (path === 'GET /api/settings') return { body: settings };
    if (path === `POST /api/orders/${order.id}/cancel` && cancelled) {
      if (cancelled.status === 200) current = cancelled.body as OrderView;
      return cancelled;
    }
    if (path === `GET /api/orders/${order.id}`) return { body: current };
  });
}

function show(element: React.ReactElement) {
  renderWithProviders(element, { path: '*', url: '/orders/o1' });
}

describe('an order’s page', () => {
  beforeEach(() => {
    localStorage.setItem('access_token', 'tok');
    useSession.setState({ status: 'signed-in' });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('tells a transfer buyer where to pay, with the order number as reference, and by when', async () => {
    serve(transferOrder);
    show(<OrderDetails id="o1" />);
    expect(await screen.findByRole('heading', { name: 'Order ADR-1001' })).toBeTruthy();
    expect(screen.getByTestId('order-status').textContent).toBe('Awaiting payment');
    expect(screen.getByTestId('next-step').textContent).toContain('We send your order as soon as your transfer arrives');
    const transfer = screen.getByTestId('transfer-details');
    expect(within(transfer).getByTestId('transfer-bank').textContent).toBe('Zenith Bank');
    expect(within(transfer).getByTestId('transfer-account-number').textContent).toBe('1012345678');
    expect(within(transfer).getByTestId('transfer-amount').textContent).toBe('₦20,500.00');
    expect(within(transfer).getByTestId('transfer-reference').textContent).toBe('ADR-1001');
    // 09:58 UTC is 10:58 in Lagos.
    expect(transfer.textContent).toContain('4 Jan 2025, 10:58');
    expect(screen.queryByRole('link', { name: /^Invoice/ })).toBeNull();
  });

  it('cancels it after asking, and shows it cancelled', async () => {
    serve(transferOrder, {
      status: 200,
      body: {
        ...transferOrder,
        status: 'cancelled',
        cancellable: false,
        transfer: null,
        failureReason: 'Cancelled by the customer',
      },
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    show(<OrderDetails id="o1" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    expect(confirm).toHaveBeenCalledWith(CANCEL_CONFIRM);
    expect(calls).toContain('POST /api/orders/o1/cancel');
    await vi.waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('Cancelled'));
    expect(screen.getByTestId('next-step').textContent).toBe(
      'This order was cancelled (Cancelled by the customer). Its items went back on sale.',
    );
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('shows why it cannot be cancelled, and does nothing when the shopper says no', async () => {
    serve(transferOrder, { status: 409, body: { msg: 'Only an order that is not paid and not yet sent can be cancelled' } });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    show(<OrderDetails id="o1" />);
    const button = await screen.findByRole('button', { name: 'Cancel order' });
    await userEvent.click(button);
    expect(calls).not.toContain('POST /api/orders/o1/cancel');
    await userEvent.click(button);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Only an order that is not paid and not yet sent can be cancelled',
    );
    expect(confirm).toHaveBeenCalledTimes(2);
  });

  it('tells a pay-on-delivery buyer to pay the rider', async () => {
    serve(makeOrder({ status: 'confirmed', paymentStatus: 'unpaid', paymentMethod: 'pod', invoiceNumber: null }));
    show(<OrderDetails id="o1" />);
    expect((await screen.findByTestId('next-step')).textContent).toBe(
      'Your order is confirmed. Arrives in 2 working days. Pay the rider ₦20,500.00 in cash or by transfer when it arrives.',
    );
  });

  it('tells a pay-on-delivery buyer the shop will call to confirm, while it has not', async () => {
    serve(
      makeOrder({
        status: 'confirmed',
        paymentStatus: 'unpaid',
        paymentMethod: 'pod',
        invoiceNumber: null,
        phone: '0803 555 0142',
        awaitingConfirmation: true,
      }),
    );
    show(<OrderDetails id="o1" />);
    expect((await screen.findByTestId('next-step')).textContent).toBe(
      "We'll call you to confirm on 0803 555 0142 before we send it. Arrives in 2 working days. Pay the rider ₦20,500.00 in cash or by transfer when it arrives.",
    );
  });
});

describe('an order’s page: sending it on WhatsApp', () => {
  beforeEach(() => {
    localStorage.setItem('access_token', 'tok');
    useSession.setState({ status: 'signed-in' });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  const order = makeOrder({
    lines: [
      transferOrder.lines[0]!,
      { ...transferOrder.lines[0]!, id: 'l2', title: 'Adire & indigo scarf', size: '', color: '', quantity: 2, lineTotal: 500 },
    ],
  });

  it('sends the shop the order number, the lines and the total', async () => {
    serve(order, undefined, { ...SETTINGS, whatsappNumber: '+234 801 234 5678' });
    show(<OrderDetails id="o1" />);
    const link = await screen.findByRole('link', { name: 'Send my order on WhatsApp (opens in a new tab)' });
    const text = [
      'Hello Adire, here is my order ADR-1001:',
      '- Ankara Wrap Dress (medium / Red) × 1: ₦20,000.00',
      '- Adire & indigo scarf × 2: ₦500.00',
      'Total: ₦20,500.00',
    ].join('\n');
    expect(link.getAttribute('href')).toBe(`https://wa.me/2348012345678?text=${encodeURIComponent(text)}`);
    // The text cannot break out of its parameter.
    expect(new URL(link.getAttribute('href')!).searchParams.get('text')).toBe(text);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('offers nothing on WhatsApp when the shop has no number', async () => {
    serve(order, undefined, { ...SETTINGS, whatsappNumber: '' });
    show(<OrderDetails id="o1" />);
    await screen.findByRole('heading', { name: 'Order ADR-1001' });
    await vi.waitFor(() => expect(calls).toContain('GET /api/settings'));
    // Let the settings' answer arrive and render.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('link', { name: /WhatsApp/ })).toBeNull();
  });
});

describe('an invoice', () => {
  beforeEach(() => {
    localStorage.setItem('access_token', 'tok');
    useSession.setState({ status: 'signed-in' });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows the shop, the invoice number, the lines, discount, delivery, total, payments and the VAT note', async () => {
    serve({ ...transferOrder, ...makeOrder({ lines: transferOrder.lines }) });
    show(<Invoice id="o1" />);
    const invoice = await screen.findByTestId('invoice');
    expect(within(invoice).getByRole('heading', { name: 'Invoice INV-000012' })).toBeTruthy();
    expect(invoice.textContent).toContain('24 Herbert Macaulay Way, Yaba, Lagos');
    expect(invoice.textContent).toContain('Order ADR-1001');
    expect(within(invoice).getAllByTestId('invoice-line')[0]!.textContent).toContain('Ankara Wrap Dress');
    expect(within(invoice).getByText('Discount (WELCOME10)')).toBeTruthy();
    expect(within(invoice).getByTestId('order-delivery').textContent).toBe('₦2,500.00');
    expect(within(invoice).getByTestId('order-total').textContent).toBe('₦20,500.00');
    expect(within(invoice).getByTestId('invoice-payment').textContent).toContain('Card · ref_1');
    expect(within(invoice).getByTestId('vat-note').textContent).toBe('Prices include VAT at 7.5 %.');
  });

  it('is not there for an order not paid yet', async () => {
    serve(transferOrder);
    show(<Invoice id="o1" />);
    expect(await screen.findByRole('heading', { name: 'No invoice yet' })).toBeTruthy();
  });
});
