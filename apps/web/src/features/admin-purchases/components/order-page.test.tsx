import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '@/test/harness.tsx';
import { makeOrder } from '@/test/orders.ts';
import { OrderPage } from './order-page.tsx';
import { signInStaff, signOutStaff } from '@/test/staff.ts';

// The Owner, who may use every button and field of these screens.
beforeEach(() => {
  signInStaff('owner');
});
afterEach(signOutStaff);

const order = {
  id: 'o1',
  number: 'NG-000124',
  status: 'paid',
  channel: 'web',
  email: 'ngozi@example.com',
  name: 'Ngozi Eze',
  phone: '08030000000',
  address: '5 Awolowo Road',
  city: 'Ikoyi',
  state: 'Lagos',
  country: 'Nigeria',
  subtotal: 50000,
  discount: 7000,
  couponDiscount: 5000,
  couponCode: 'TENOFF',
  deliveryFee: 2500,
  delivery: { method: 'Express', kind: 'flat', etaDays: 1, pickupAddress: '' },
  total: 45500,
  currency: 'NGN',
  paymentStatus: 'paid',
  amountPaid: 45500,
  amountRefunded: 0,
  balanceDue: 0,
  invoiceNumber: 'INV-000041',
  payments: [{ id: 'pay1', method: 'card', amount: 45500, reference: 'ref-1', createdAt: '2024-05-01T10:05:00.000Z' }],
  refunds: [],
  transfer: null,
  cancellable: false,
  paymentProvider: 'sandbox',
  paymentMethod: 'card',
  paymentReference: 'ref-1',
  failureReason: null,
  paidAt: '2024-05-01T10:05:00.000Z',
  expiresAt: null,
  archivedAt: null,
  createdAt: '2024-05-01T10:00:00.000Z',
  lines: [
    {
      id: 'l1',
      productId: 'p1',
      variantId: 'v1',
      sku: 'AS-M',
      title: 'Adire scarf',
      imageUrl: null,
      color: 'indigo',
      size: 'medium',
      unitPrice: 25000,
      unitDiscount: 1000,
      quantity: 2,
      lineTotal: 48000,
      restockedQuantity: 0,
    },
  ],
  allowedTransitions: [],
};

function renderOrder(body: object) {
  mockFetch(({ url }) => (url.pathname === '/api/orders/o1' ? { body } : undefined));
  return renderWithProviders(<OrderPage id="o1" />, { path: '/purchasetable/:id', url: '/purchasetable/o1' });
}

/** The totals as [label, value] pairs. */
async function totals() {
  const goods = await screen.findByText('Goods');
  const list = goods.closest('dl')!;
  return within(list)
    .getAllByRole('term')
    .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
}

describe('Order page totals', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows goods, the discount with the coupon’s code, delivery with its method and fee, and the total', async () => {
    renderOrder(order);
    expect(await totals()).toEqual([
      ['Goods', '₦50,000.00'],
      ['Discount (TENOFF)', '−₦7,000.00'],
      ['Delivery', 'Express: ₦2,500.00Arrives tomorrow'],
      ['Total', '₦45,500.00'],
    ]);
  });

  it('shows the pickup address for a pickup, and no delivery row when the order has none', async () => {
    renderOrder({
      ...order,
      deliveryFee: 0,
      total: 43000,
      delivery: { method: 'Store pickup', kind: 'pickup', etaDays: 0, pickupAddress: '12 Allen Avenue, Ikeja' },
    });
    expect(await totals()).toContainEqual(['Delivery', 'Store pickup: FreePickup: 12 Allen Avenue, IkejaReady today']);
    cleanup();

    renderOrder({ ...order, couponCode: null, couponDiscount: 0, discount: 2000, deliveryFee: 0, delivery: null, total: 48000 });
    expect(await totals()).toEqual([
      ['Goods', '₦50,000.00'],
      ['Discount', '−₦2,000.00'],
      ['Total', '₦48,000.00'],
    ]);
  });
});

/** A pay-on-delivery order, sent unpaid. */
const unpaidPod = {
  ...order,
  status: 'confirmed',
  paymentStatus: 'unpaid',
  amountPaid: 0,
  balanceDue: 45500,
  invoiceNumber: null,
  payments: [],
  paymentProvider: 'pod',
  paymentMethod: 'pod',
  paymentReference: null,
  paidAt: null,
  allowedTransitions: ['fulfilled', 'cancelled'],
};

/** A paid card order of two lines. */
const paidTwoLines = {
  ...order,
  lines: [
    order.lines[0],
    {
      id: 'l2',
      productId: 'p2',
      variantId: 'v2',
      sku: 'AC-1',
      title: 'Aso oke cap',
      imageUrl: null,
      color: 'gold',
      size: '',
      unitPrice: 9500,
      unitDiscount: 0,
      quantity: 1,
      lineTotal: 9500,
      restockedQuantity: 0,
    },
  ],
  allowedTransitions: ['fulfilled'],
};

type Answer = { status?: number; body?: unknown };

/** Serves the order (as it is now) and answers the money calls with `onPost`. */
function serveOrder(initial: object, onPost: (path: string, body: unknown) => Answer) {
  let current = initial;
  const api = mockFetch(({ url, method, body }) => {
    if (url.pathname === '/api/orders/o1' && method === 'GET') return { body: current };
    if (method === 'POST' && url.pathname.startsWith('/api/orders/o1/')) {
      const answer = onPost(url.pathname, body);
      if ((answer.status ?? 200) < 300) current = answer.body as object;
      return answer;
    }
  });
  renderWithProviders(<OrderPage id="o1" />, { path: '/purchasetable/:id', url: '/purchasetable/o1' });
  return api;
}

const posts = (api: ReturnType<typeof mockFetch>, pathname: string) =>
  api.requests.filter((r) => r.method === 'POST' && r.url.pathname === pathname);

describe('Order page payments', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('records the rider’s cash for a pay-on-delivery order and shows it paid, with its invoice', async () => {
    const api = serveOrder(unpaidPod, () => ({
      status: 201,
      body: {
        ...unpaidPod,
        status: 'paid',
        paymentStatus: 'paid',
        amountPaid: 45500,
        balanceDue: 0,
        invoiceNumber: 'INV-000042',
        paidAt: '2024-05-02T16:00:00.000Z',
        payments: [{ id: 'pay9', method: 'pod', amount: 45500, reference: 'RIDER-7', createdAt: '2024-05-02T16:00:00.000Z' }],
        allowedTransitions: ['fulfilled'],
      },
    }));

    const form = (await screen.findByRole('heading', { name: 'Record payment' })).closest('form')!;
    expect(screen.getByText('No payments recorded yet.')).toBeTruthy();
    expect(screen.getAllByText('Unpaid').length).toBeGreaterThan(0);
    expect(screen.getByText('confirmed (pay on delivery)')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Invoice/ })).toBeNull();
    // Prefilled: the order's way to pay and what it still owes.
    expect((within(form).getByLabelText('Method') as HTMLSelectElement).value).toBe('pod');
    expect((within(form).getByLabelText('Amount (₦)') as HTMLInputElement).value).toBe('45500');

    // A wrong amount is refused before anything is sent.
    fireEvent.change(within(form).getByLabelText('Amount (₦)'), { target: { value: 'lots' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Record payment' }));
    expect(await within(form).findByText('The amount must be a number')).toBeTruthy();
    expect(posts(api, '/api/orders/o1/payments')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('Amount (₦)'), { target: { value: '45,500' } });
    fireEvent.change(within(form).getByLabelText('Reference'), { target: { value: 'RIDER-7' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Record payment' }));

    await waitFor(() => expect(posts(api, '/api/orders/o1/payments')).toHaveLength(1));
    expect(posts(api, '/api/orders/o1/payments')[0]!.body).toEqual({ method: 'pod', amount: 45500, reference: 'RIDER-7' });

    expect(await screen.findByText('INV-000042')).toBeTruthy();
    const invoice = screen.getByRole('link', { name: /^Invoice/ });
    expect(invoice.getAttribute('href')).toBe('/orders/o1/invoice');
    expect(invoice.getAttribute('target')).toBe('_blank');
    expect(screen.getAllByText('Paid').length).toBeGreaterThan(0);
    expect(screen.queryByText('Unpaid')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Record payment' })).toBeNull();
    const payments = screen.getByRole('table', { name: 'Payments received' });
    expect(within(payments).getByText('Pay on delivery')).toBeTruthy();
    expect(within(payments).getByText('RIDER-7')).toBeTruthy();
    expect(within(payments).getByText('₦45,500.00')).toBeTruthy();
  });

  it('shows the bank details of an unpaid transfer order, and the server’s refusal of a payment', async () => {
    const transferOrder = {
      ...unpaidPod,
      status: 'pending',
      paymentProvider: 'transfer',
      paymentMethod: 'transfer',
      transfer: {
        bankName: 'Zenith Bank',
        accountName: 'Adire Ltd',
        accountNumber: '1234567890',
        amount: 45500,
        reference: 'NG-000124',
        payBy: '2024-05-03T10:00:00.000Z',
      },
    };
    const api = serveOrder(transferOrder, () => ({ status: 409, body: { msg: 'Only ₦45,500.00 is owed on this order' } }));

    expect(await screen.findByText('Waiting for a bank transfer')).toBeTruthy();
    expect(screen.getByText('Zenith Bank')).toBeTruthy();
    expect(screen.getByText('1234567890')).toBeTruthy();
    expect(screen.getByText('Bank transfer', { selector: 'dd' })).toBeTruthy();

    const form = screen.getByRole('heading', { name: 'Record payment' }).closest('form')!;
    expect((within(form).getByLabelText('Method') as HTMLSelectElement).value).toBe('transfer');
    fireEvent.change(within(form).getByLabelText('Amount (₦)'), { target: { value: '50000' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Record payment' }));

    expect((await within(form).findByRole('alert')).textContent).toBe('Only ₦45,500.00 is owed on this order');
    expect(posts(api, '/api/orders/o1/payments')[0]!.body).toEqual({ method: 'transfer', amount: 50000, reference: '' });
  });
});

describe('Order page refunds', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('refunds part of one line with restock after a confirmation, and shows the server’s 409', async () => {
    const api = serveOrder(paidTwoLines, () => ({
      status: 409,
      body: { msg: 'Only 0 of Adire scarf can still go back on sale' },
    }));
    const form = (await screen.findByRole('heading', { name: 'Refund' })).closest('form')!;
    expect(screen.queryByRole('heading', { name: 'Record payment' })).toBeNull();

    fireEvent.change(within(form).getByLabelText('Reason'), { target: { value: 'Wrong size' } });
    fireEvent.click(within(form).getByLabelText('Another amount'));
    fireEvent.change(await within(form).findByLabelText('Amount to refund (₦)'), { target: { value: '24000' } });
    fireEvent.change(within(form).getByLabelText('Adire scarf (indigo, medium)'), { target: { value: '1' } });
    fireEvent.click(within(form).getByLabelText('Put the units back on sale'));

    // Asked first; "Cancel" sends nothing.
    fireEvent.click(within(form).getByRole('button', { name: 'Refund' }));
    let dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Refund ₦24,000.00 to the customer?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(posts(api, '/api/orders/o1/refunds')).toHaveLength(0);

    fireEvent.click(within(form).getByRole('button', { name: 'Refund' }));
    dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));

    await waitFor(() => expect(posts(api, '/api/orders/o1/refunds')).toHaveLength(1));
    expect(posts(api, '/api/orders/o1/refunds')[0]!.body).toEqual({
      reason: 'Wrong size',
      restock: true,
      lines: [{ lineId: 'l1', quantity: 1 }],
      amount: 24000,
    });
    expect((await within(form).findByRole('alert')).textContent).toBe('Only 0 of Adire scarf can still go back on sale');
  });

  it('refunds everything left with no amount named, and lists the refund pending at Paystack', async () => {
    const api = serveOrder(paidTwoLines, () => ({
      status: 201,
      body: {
        ...paidTwoLines,
        refunds: [
          {
            id: 'r1',
            amount: 45500,
            reason: 'Damaged in transit',
            status: 'pending',
            method: 'paystack',
            restocked: [],
            failureReason: null,
            createdAt: '2024-05-04T09:00:00.000Z',
            processedAt: null,
          },
        ],
      },
    }));
    const form = (await screen.findByRole('heading', { name: 'Refund' })).closest('form')!;
    expect(screen.getByText('No refunds.')).toBeTruthy();

    // The reason is required.
    fireEvent.click(within(form).getByRole('button', { name: 'Refund' }));
    expect(await within(form).findByText('Say why it is refunded')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();

    fireEvent.change(within(form).getByLabelText('Reason'), { target: { value: 'Damaged in transit' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Refund ₦45,500.00 to the customer?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));

    await waitFor(() => expect(posts(api, '/api/orders/o1/refunds')).toHaveLength(1));
    expect(posts(api, '/api/orders/o1/refunds')[0]!.body).toEqual({ reason: 'Damaged in transit', restock: false });
    expect(await screen.findByText('Pending at Paystack')).toBeTruthy();
    expect(screen.getByText('Everything paid is refunded or being refunded.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Refund' })).toBeNull();
  });

  it('shows processed and failed refunds with what went back on sale, and no refund form for an unpaid order', async () => {
    serveOrder(
      {
        ...paidTwoLines,
        paymentStatus: 'partially_refunded',
        amountRefunded: 9500,
        lines: [paidTwoLines.lines[0], { ...paidTwoLines.lines[1], restockedQuantity: 1 }],
        refunds: [
          {
            id: 'r1',
            amount: 9500,
            reason: 'Cap returned',
            status: 'processed',
            method: 'manual',
            restocked: [{ lineId: 'l2', quantity: 1 }],
            failureReason: null,
            createdAt: '2024-05-04T09:00:00.000Z',
            processedAt: '2024-05-04T09:00:00.000Z',
          },
          {
            id: 'r2',
            amount: 5000,
            reason: 'Late delivery',
            status: 'failed',
            method: 'paystack',
            restocked: [],
            failureReason: 'Insufficient balance',
            createdAt: '2024-05-05T09:00:00.000Z',
            processedAt: null,
          },
        ],
      },
      () => ({ status: 500 }),
    );
    expect(await screen.findByText('Refunded', { selector: 'li span' })).toBeTruthy();
    expect(screen.getByText('Failed: Insufficient balance')).toBeTruthy();
    expect(screen.getByText('Back on sale: Aso oke cap × 1')).toBeTruthy();
    expect(screen.getAllByText('Partly refunded').length).toBeGreaterThan(0);
    expect(screen.getByText('Everything still refundable (₦36,000.00)')).toBeTruthy();
    cleanup();

    serveOrder(unpaidPod, () => ({ status: 500 }));
    await screen.findByRole('heading', { name: 'Record payment' });
    expect(screen.queryByRole('heading', { name: 'Refund' })).toBeNull();
  });
});

/** A pay-on-delivery order's line. */
const podLine = {
  id: 'l1',
  productId: 'p1',
  variantId: 'v1',
  sku: 'AS-M',
  title: 'Adire scarf',
  imageUrl: null,
  color: 'indigo',
  size: 'medium',
  unitPrice: 10000,
  unitDiscount: 0,
  quantity: 2,
  lineTotal: 20000,
  restockedQuantity: 0,
};

/** A pay-on-delivery order waiting for the shop's call. */
const awaiting = makeOrder({
  id: 'o1',
  number: 'NG-000300',
  status: 'confirmed',
  paymentStatus: 'unpaid',
  paymentMethod: 'pod',
  paymentProvider: 'pod',
  amountPaid: 0,
  balanceDue: 20500,
  invoiceNumber: null,
  payments: [],
  paidAt: null,
  name: 'Amaka Obi',
  phone: '0803 555 0142',
  expiresAt: '2024-05-02T10:00:00.000Z',
  awaitingConfirmation: true,
  lines: [podLine],
  allowedTransitions: ['fulfilled', 'cancelled'],
});

/** serveOrder, answering with the POSTs made to one path. */
function serve(initial: object, onPost: (path: string, body: unknown) => Answer) {
  const api = serveOrder(initial, onPost);
  return (pathname: string) => posts(api, pathname);
}

describe('Order page: confirming, refused at the door, duplicate references, what a refund can put back', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('asks the admin to call the customer by the deadline, and confirms the order', async () => {
    const posted = serve(awaiting, () => ({
      body: { ...awaiting, awaitingConfirmation: false, expiresAt: null, shopConfirmedAt: '2024-05-01T12:00:00.000Z' },
    }));
    const notice = (await screen.findByText('Awaiting confirmation.')).closest('[role="status"]')!;
    expect(notice.textContent).toContain('Call Amaka Obi on 0803 555 0142');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm order' }));
    await waitFor(() => expect(posted('/api/orders/o1/confirm')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Confirm order' })).toBeNull());
    expect(screen.queryByText('Awaiting confirmation.')).toBeNull();
  });

  it('cancels a sent, unpaid order refused at the door after asking once', async () => {
    const sent = {
      ...awaiting,
      status: 'fulfilled',
      awaitingConfirmation: false,
      expiresAt: null,
      allowedTransitions: ['delivered'],
    };
    const posted = serve(sent, () => ({
      body: { ...sent, status: 'cancelled', failureReason: 'Refused at delivery', allowedTransitions: [] },
    }));
    fireEvent.click(await screen.findByRole('button', { name: 'Refused at delivery' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/refused order NG-000300 at the door/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refused at delivery' }));
    await waitFor(() => expect(posted('/api/orders/o1/refused')).toHaveLength(1));
    expect(await screen.findByText('Refused at delivery', { selector: 'dd' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Refused at delivery' })).toBeNull();
  });

  it('names the order a bank reference is already on, and records it only when asked again', async () => {
    const transfer = { ...awaiting, status: 'pending', paymentMethod: 'transfer', awaitingConfirmation: false };
    const posted = serve(transfer, (_path, body) =>
      (body as { confirmDuplicate?: boolean }).confirmDuplicate
        ? { status: 201, body: { ...transfer, amountPaid: 20500, balanceDue: 0, paymentStatus: 'paid', status: 'paid' } }
        : { status: 409, body: { msg: 'Reference GTB-1 is already recorded on order NG-000299', duplicateOf: 'o0' } },
    );
    const form = (await screen.findByRole('heading', { name: 'Record payment' })).closest('form')!;
    fireEvent.change(within(form).getByLabelText('Reference'), { target: { value: 'GTB-1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Record payment' }));
    const alert = await screen.findByText('Reference GTB-1 is already recorded on order NG-000299');
    const box = alert.closest('[role="alert"]') as HTMLElement;
    expect(within(box).getByRole('link', { name: 'Open that order' }).getAttribute('href')).toBe('/purchasetable/o0');
    fireEvent.click(within(box).getByRole('button', { name: 'Record it anyway' }));
    await waitFor(() => expect(posted('/api/orders/o1/payments')).toHaveLength(2));
    expect(posted('/api/orders/o1/payments')[1]!.body).toEqual({
      method: 'transfer',
      amount: 20500,
      reference: 'GTB-1',
      confirmDuplicate: true,
    });
  });

  it('says a refund can put back only the units the order still holds', async () => {
    const lateCard = makeOrder({
      id: 'o1',
      status: 'cancelled',
      failureReason: 'Paid after the order expired and the stock is gone: refund the customer',
      lines: [{ ...podLine, restockedQuantity: 2 }],
      refunds: [
        {
          id: 'r1',
          amount: 500,
          reason: 'Part',
          status: 'pending',
          method: 'paystack',
          restocked: [],
          failureReason: null,
          note: 'Paystack did not answer',
          createdAt: '2024-05-04T09:00:00.000Z',
          processedAt: null,
        },
      ],
    });
    serve(lateCard, () => ({ status: 500 }));
    expect(
      await screen.findByText('This order holds no units any more (they went back on sale already), so none can be put back.'),
    ).toBeTruthy();
    expect(screen.getByText('Paystack did not answer')).toBeTruthy();
    cleanup();

    serve(makeOrder({ id: 'o1', lines: [{ ...podLine, quantity: 3, restockedQuantity: 1 }] }), () => ({ status: 500 }));
    expect(await screen.findByText('Only units this order still holds go back: 2 of the 3 sold.')).toBeTruthy();
  });
});

describe('Order page by role', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows Fulfilment the changes its role makes, and no cancel, payment or refund', async () => {
    signInStaff('fulfilment');
    renderOrder({ ...unpaidPod, allowedTransitions: ['fulfilled', 'cancelled'] });
    expect(await screen.findByRole('button', { name: 'Mark as fulfilled' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
    expect(screen.getByText('No payments recorded yet.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Record payment' })).toBeNull();

    cleanup();
    renderOrder(order);
    await screen.findByRole('heading', { name: 'Refunds' });
    expect(screen.queryByRole('heading', { name: 'Refund' })).toBeNull();
  });

  it('lets a role that may only cancel cancel, and a role that may only take money record it and refund', async () => {
    signInStaff('owner', ['orders.read', 'orders.cancel']);
    renderOrder({ ...unpaidPod, allowedTransitions: ['fulfilled', 'cancelled'] });
    expect(await screen.findByRole('button', { name: 'Cancel order' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark as fulfilled' })).toBeNull();

    cleanup();
    signInStaff('owner', ['orders.read', 'orders.record_payment', 'orders.refund']);
    renderOrder({ ...unpaidPod, allowedTransitions: ['fulfilled', 'cancelled'] });
    expect(await screen.findByRole('heading', { name: 'Record payment' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Mark as|^Cancel order/ })).toBeNull();
    cleanup();
    renderOrder(order);
    expect(await screen.findByRole('heading', { name: 'Refund' })).toBeTruthy();
  });
});
