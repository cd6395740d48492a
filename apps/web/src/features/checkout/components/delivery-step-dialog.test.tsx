import { DELIVERY_STATES } from '@shop/shared/delivery';
import type { AddressView } from '@shop/shared/addresses';
import type { CheckoutBody, QuoteDeliveryMethod, QuoteResponse } from '@shop/shared/orders';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session-store.ts';
import { mockFetch, renderWithProviders } from '@/test/harness.tsx';
import { type DetailsOutcome, useCheckoutUi } from '../checkout-store.ts';
import DeliveryStepDialog from './delivery-step-dialog.tsx';

const user = {
  id: 'u1',
  fname: 'Tolu',
  lname: 'Adeyemi',
  email: 'tolu@example.com',
  phone: '+234 803 000 0000',
  address: '1 Marina',
  city: 'Lagos',
  state: 'Lagos',
  country: 'Nigeria',
  role: 'shopper' as const,
};
const lines = [{ productId: 'p1', quantity: 1 }];

// ── The server, played by the test: the shop's fees and its one coupon ──────────────────

const method = (m: Partial<QuoteDeliveryMethod> & Pick<QuoteDeliveryMethod, 'id' | 'name' | 'fee'>): QuoteDeliveryMethod => ({
  kind: 'flat',
  freeOver: null,
  etaDays: 3,
  pickupAddress: '',
  pickupHours: '',
  payOnDelivery: false,
  ...m,
});
const STANDARD = method({
  id: 'm-lagos',
  name: 'Standard delivery',
  kind: 'free_over',
  fee: 2500,
  freeOver: 50000,
  etaDays: 2,
  payOnDelivery: true,
});
const PICKUP = method({
  id: 'm-pickup',
  name: 'Pickup at our Yaba shop',
  kind: 'pickup',
  fee: 0,
  etaDays: 1,
  pickupAddress: '24 Herbert Macaulay Way, Yaba, Lagos',
  pickupHours: 'Mon–Sat, 10am–6pm',
});
const COURIER = method({ id: 'm-sw', name: 'Courier', fee: 4500, etaDays: 3 });
const METHODS: Record<string, QuoteDeliveryMethod[]> = { 'Lagos Mainland': [STANDARD, PICKUP], Oyo: [COURIER], Borno: [] };
const GOODS = 12000;

function price(body: CheckoutBody): { status: number; body: unknown } {
  const code = body.couponCode?.trim().toUpperCase();
  if (code && code !== 'WELCOME10') return { status: 400, body: { msg: 'This code cannot be used' } };
  const couponDiscount = code ? GOODS / 10 : 0;
  const methods = body.state ? (METHODS[body.state] ?? []) : [];
  const chosen = methods.find((m) => m.id === body.deliveryMethodId) ?? methods.find((m) => m.kind !== 'pickup') ?? null;
  const deliveryFee = chosen?.fee ?? 0;
  const quote: QuoteResponse = {
    subtotal: GOODS,
    discount: couponDiscount,
    couponDiscount,
    deliveryFee,
    total: GOODS - couponDiscount + deliveryFee,
    currency: 'NGN',
    state: body.state ?? null,
    deliveryMethod: chosen,
    deliveryMethods: methods,
    coupon: code ? { code, type: 'percent', value: 10 } : null,
    paymentMethods: ['paystack', 'transfer', ...(chosen?.payOnDelivery ? (['pod'] as const) : [])],
    lines: [],
  };
  return { status: 200, body: quote };
}

const order = {
  orderId: 'o1',
  number: 'ADR-1001',
  reference: 'ref_1',
  amount: 1_080_000,
  status: 'pending' as const,
  paymentMethod: 'paystack' as const,
  currency: 'NGN',
  email: 'tolu@example.com',
  provider: 'sandbox' as const,
  publicKey: '',
  accessCode: 'sandbox_ref_1',
};

let quotes: CheckoutBody[];
let checkouts: CheckoutBody[];
let checkoutAnswer: { status: number; body: unknown };
let book: AddressView[];
let saved: unknown[];

function serve() {
  quotes = [];
  checkouts = [];
  book = [];
  saved = [];
  checkoutAnswer = { status: 201, body: order };
  mockFetch((request) => {
    const path = `${request.method} ${request.url.pathname}`;
    const body = request.body as CheckoutBody;
    if (path === 'GET /api/delivery/zones') {
      return { status: 200, body: { states: DELIVERY_STATES, zones: [{ id: 'z1', name: 'Lagos Mainland' }] } };
    } else if (path === 'POST /api/checkout/quote') {
      quotes.push(body);
      return price(body);
    } else if (path === 'POST /api/checkout') {
      checkouts.push(body);
      return checkoutAnswer;
    } else if (path === 'GET /api/account/addresses') {
      return { status: 200, body: book };
    } else if (path === 'POST /api/account/addresses') {
      saved.push(body);
      return { status: 201, body: { id: 'a-new', country: 'Nigeria', ...body } };
    }
  });
}

/** Opens the step as the checkout flow does, and returns what it settles with. */
function openStep(): Promise<DetailsOutcome> {
  renderWithProviders(<DeliveryStepDialog />);
  let outcome!: Promise<DetailsOutcome>;
  act(() => {
    outcome = useCheckoutUi.getState().openDetails(lines);
  });
  return outcome;
}

const summary = (row: string) => screen.getByTestId(`summary-${row}`).textContent;

describe('the "Delivery and payment" step', () => {
  beforeEach(() => {
    localStorage.setItem('access_token', 'tok');
    useSession.setState({ status: 'signed-in', user });
    serve();
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    useCheckoutUi.setState({ details: null, sandbox: null });
  });

  it('starts from the profile ("Lagos" is Lagos Mainland) and prices delivery there', async () => {
    void openStep();
    expect(screen.getByRole('heading', { name: 'Delivery and payment' })).toBeTruthy();
    expect((screen.getByLabelText('Full name') as HTMLInputElement).value).toBe('Tolu Adeyemi');
    expect((screen.getByLabelText('Phone number') as HTMLInputElement).value).toBe('+234 803 000 0000');
    expect((screen.getByLabelText('Street address') as HTMLInputElement).value).toBe('1 Marina');
    expect((screen.getByLabelText('Town or city') as HTMLInputElement).value).toBe('Lagos');
    expect((screen.getByLabelText('State') as HTMLSelectElement).value).toBe('Lagos Mainland');
    expect(screen.getByLabelText('State').querySelectorAll('option:not([disabled])')).toHaveLength(38);

    expect(await screen.findByRole('button', { name: 'Pay ₦14,500.00' })).toBeTruthy();
    expect(quotes[0]).toEqual({ lines, state: 'Lagos Mainland', country: 'Nigeria' });
    expect(summary('goods')).toBe('₦12,000.00');
    expect(summary('delivery')).toBe('₦2,500.00');
    expect(summary('total')).toBe('₦14,500.00');
    const standard = screen.getByRole('radio', { name: /^Standard delivery/ }) as HTMLInputElement;
    expect(standard.checked).toBe(true);
    expect(standard.labels![0]!.textContent).toContain('Arrives in 2 working days');
    const pickup = (screen.getByRole('radio', { name: /^Pickup at our Yaba shop/ }) as HTMLInputElement).labels![0]!;
    expect(pickup.textContent).toContain('Free');
    expect(pickup.textContent).toContain('Ready tomorrow');
    expect(pickup.textContent).toContain('24 Herbert Macaulay Way, Yaba, Lagos · Mon–Sat, 10am–6pm');
  });

  it('re-quotes when the state changes and shows the new delivery fee', async () => {
    void openStep();
    await screen.findByRole('button', { name: 'Pay ₦14,500.00' });
    await userEvent.click(screen.getByRole('radio', { name: /^Pickup/ }));
    await screen.findByRole('button', { name: 'Pay ₦12,000.00' });
    await userEvent.selectOptions(screen.getByLabelText('State'), 'Oyo');
    expect(await screen.findByRole('button', { name: 'Pay ₦16,500.00' })).toBeTruthy();
    // The Lagos pickup is not asked for in Oyo: the server picks Oyo's delivery.
    expect(quotes.filter((body) => body.state === 'Oyo')).toEqual([{ lines, state: 'Oyo', country: 'Nigeria' }]);
    expect(summary('delivery')).toBe('₦4,500.00');
    expect((screen.getByRole('radio', { name: /^Courier/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('radio', { name: /^Pickup/ })).toBeNull();

    // A state the shop does not deliver to: said so, and no paying.
    await userEvent.selectOptions(screen.getByLabelText('State'), 'Borno');
    expect((await screen.findByRole('alert')).textContent).toContain('We do not deliver to Borno yet');
    expect((screen.getByRole('button', { name: /^Pay/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows why a coupon is refused under the field and keeps the summary; a good one is applied and removable', async () => {
    void openStep();
    await screen.findByRole('button', { name: 'Pay ₦14,500.00' });
    const field = screen.getByLabelText('Coupon code');
    await userEvent.type(field, 'NOPE{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('This code cannot be used');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(summary('total')).toBe('₦14,500.00');
    expect(screen.queryByTestId('summary-coupon')).toBeNull();
    expect(screen.getByRole('button', { name: 'Pay ₦14,500.00' })).toBeTruthy();
    // Enter applied the code; it did not pay.
    expect(checkouts).toEqual([]);

    await userEvent.clear(field);
    await userEvent.type(field, 'welcome10');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('button', { name: 'Pay ₦13,300.00' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Coupon (WELCOME10)')).toBeTruthy();
    expect(summary('coupon')).toBe('−₦1,200.00');
    expect(screen.getByTestId('coupon-applied').textContent).toContain('WELCOME10');

    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('button', { name: 'Pay ₦14,500.00' })).toBeTruthy();
    expect(screen.queryByTestId('summary-coupon')).toBeNull();
    expect(document.activeElement).toBe(field);
  });

  it('Pay sends the address, the delivery method and the coupon, and hands on the order', async () => {
    const outcome = openStep();
    await screen.findByRole('button', { name: 'Pay ₦14,500.00' });
    await userEvent.click(screen.getByRole('radio', { name: /^Pickup at our Yaba shop/ }));
    expect(await screen.findByRole('button', { name: 'Pay ₦12,000.00' })).toBeTruthy();
    expect(summary('delivery')).toBe('Free');
    await userEvent.type(screen.getByLabelText('Coupon code'), 'WELCOME10');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await userEvent.clear(screen.getByLabelText('Street address'));
    await userEvent.type(screen.getByLabelText('Street address'), '4 Awolowo Road');
    await userEvent.click(await screen.findByRole('button', { name: 'Pay ₦10,800.00' }));

    await expect(outcome).resolves.toEqual({ order, delivery: PICKUP });
    expect(checkouts).toEqual([
      {
        lines,
        name: 'Tolu Adeyemi',
        phone: '+234 803 000 0000',
        address: '4 Awolowo Road',
        city: 'Lagos',
        state: 'Lagos Mainland',
        country: 'Nigeria',
        deliveryMethodId: 'm-pickup',
        couponCode: 'WELCOME10',
        paymentMethod: 'paystack',
      },
    ]);
    expect(useCheckoutUi.getState().details).toBeNull();
  });

  it('has the marketing box unticked; ticked, the quote and the order carry marketingConsent (issue 31)', async () => {
    const outcome = openStep();
    const box = (await screen.findByRole('checkbox', {
      name: "E-mail me about my cart and items I'm waiting for",
    })) as HTMLInputElement;
    expect(box.checked).toBe(false);
    await screen.findByRole('button', { name: 'Pay ₦14,500.00' });
    expect(quotes.every((body) => body.marketingConsent === undefined)).toBe(true);
    await userEvent.click(box);
    await vi.waitFor(() => expect(quotes.at(-1)).toMatchObject({ marketingConsent: true }));
    await userEvent.click(await screen.findByRole('button', { name: 'Pay ₦14,500.00' }));
    await expect(outcome).resolves.toMatchObject({ order });
    expect(checkouts).toEqual([expect.objectContaining({ marketingConsent: true })]);
  });

  it('asks for what a delivery needs before paying, and shows the server’s refusal without closing', async () => {
    useSession.setState({ status: 'signed-in', user: { ...user, phone: '', address: '' } });
    const outcome = vi.fn();
    void openStep().then(outcome);
    const pay = await screen.findByRole('button', { name: 'Pay ₦14,500.00' });
    await userEvent.click(pay);
    expect(await screen.findByText('Enter a phone number for the delivery')).toBeTruthy();
    expect(checkouts).toEqual([]);
    await userEvent.type(screen.getByLabelText('Phone number'), '0803 000 0000');
    await userEvent.click(pay);
    expect(await screen.findByText('Enter the street address to deliver to')).toBeTruthy();
    expect(screen.getByLabelText('Street address').getAttribute('aria-invalid')).toBe('true');
    expect(checkouts).toEqual([]);

    await userEvent.type(screen.getByLabelText('Street address'), '2 Broad Street');
    checkoutAnswer = { status: 409, body: { msg: 'Only 1 left in stock' } };
    await userEvent.click(pay);
    expect((await screen.findByRole('alert')).textContent).toBe('Only 1 left in stock');
    expect(checkouts).toHaveLength(1);
    expect(outcome).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Delivery and payment' })).toBeTruthy();
  });

  it('closing it abandons the checkout', async () => {
    const outcome = openStep();
    await screen.findByRole('button', { name: 'Pay ₦14,500.00' });
    await userEvent.click(screen.getByRole('button', { name: 'Close checkout' }));
    await expect(outcome).resolves.toBe('closed');
    expect(screen.queryByRole('heading', { name: 'Delivery and payment' })).toBeNull();
    expect(checkouts).toEqual([]);
  });

  it('lets the summary be read as one list of labelled amounts', async () => {
    void openStep();
    await screen.findByRole('button', { name: 'Pay ₦14,500.00' });
    const region = screen.getByRole('region', { name: 'Summary' });
    const terms = within(region)
      .getAllByRole('term')
      .map((t) => t.textContent);
    expect(terms).toEqual(['Goods', 'Delivery', 'Total']);
  });

  it('offers the ways to pay the server allows, and places a bank-transfer order with "Place order"', async () => {
    const outcome = openStep();
    await screen.findByRole('button', { name: 'Pay ₦14,500.00' });
    const card = screen.getByRole('radio', { name: /^Card/ }) as HTMLInputElement;
    expect(card.checked).toBe(true);
    expect(screen.getByRole('radio', { name: /^Pay on delivery/ })).toBeTruthy();
    // Pickup at the shop is not paid on delivery: the choice goes.
    await userEvent.click(screen.getByRole('radio', { name: /^Pickup/ }));
    await screen.findByRole('button', { name: 'Pay ₦12,000.00' });
    expect(screen.queryByRole('radio', { name: /^Pay on delivery/ })).toBeNull();

    await userEvent.click(screen.getByRole('radio', { name: /^Bank transfer/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Place order · ₦12,000.00' }));
    await expect(outcome).resolves.toMatchObject({ order });
    expect(checkouts[0]).toMatchObject({ paymentMethod: 'transfer', deliveryMethodId: 'm-pickup' });
  });

  it('falls back to the card when pay on delivery stops being offered', async () => {
    void openStep();
    await screen.findByRole('button', { name: 'Pay ₦14,500.00' });
    await userEvent.click(screen.getByRole('radio', { name: /^Pay on delivery/ }));
    expect(screen.getByRole('button', { name: 'Place order · ₦14,500.00' })).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('State'), 'Oyo');
    expect(await screen.findByRole('button', { name: 'Pay ₦16,500.00' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: /^Card/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('starts from the address book’s default, and keeps a new address for next time', async () => {
    book = [
      {
        id: 'a1',
        label: 'Office',
        name: 'Tolu Adeyemi',
        phone: '0803 111 2222',
        address: '7 Ring Road',
        city: 'Ibadan',
        state: 'Oyo',
        country: 'Nigeria',
        isDefault: true,
      },
    ];
    const outcome = openStep();
    expect(await screen.findByRole('button', { name: 'Pay ₦16,500.00' })).toBeTruthy();
    expect((screen.getByLabelText('Street address') as HTMLInputElement).value).toBe('7 Ring Road');
    expect((screen.getByLabelText('State') as HTMLSelectElement).value).toBe('Oyo');
    expect((screen.getByLabelText('Saved addresses') as HTMLSelectElement).value).toBe('a1');
    // A saved address has nothing to save.
    expect(screen.queryByLabelText('Save this address to my address book')).toBeNull();

    await userEvent.clear(screen.getByLabelText('Street address'));
    await userEvent.type(screen.getByLabelText('Street address'), '9 Bodija Road');
    const keep = screen.getByLabelText('Save this address to my address book') as HTMLInputElement;
    expect(keep.checked).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Pay ₦16,500.00' }));
    await outcome;
    await vi.waitFor(() =>
      expect(saved).toEqual([
        {
          name: 'Tolu Adeyemi',
          phone: '0803 111 2222',
          address: '9 Bodija Road',
          city: 'Ibadan',
          state: 'Oyo',
          label: '',
          isDefault: false,
        },
      ]),
    );
  });
});
