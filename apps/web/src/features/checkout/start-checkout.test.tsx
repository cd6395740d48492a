import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session-store.ts';
import { useSignInRequest } from '@/lib/sign-in-request.ts';
import { mockFetch } from '@/test/harness.tsx';
import { useCheckoutUi } from './checkout-store.ts';
import { MESSAGES, startCheckout } from './start-checkout.tsx';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('react-hot-toast', () => ({ default: toast, toast }));

const user = {
  id: 'u1',
  fname: 'Tolu',
  lname: 'A',
  email: 't@example.com',
  phone: '',
  address: '',
  city: '',
  state: '',
  country: '',
  role: 'shopper' as const,
};
const order = {
  orderId: 'o1',
  number: 'ADR-1001',
  reference: 'ref_1',
  amount: 2_500_000,
  status: 'pending' as const,
  paymentMethod: 'paystack' as const,
  currency: 'NGN',
  email: 't@example.com',
  provider: 'sandbox' as const,
  publicKey: '',
  accessCode: 'sandbox_ref_1',
};

/** Answers each API path with the given JSON (and records the calls). */
function api(routes: Record<string, { status?: number; body: unknown }>) {
  const calls: string[] = [];
  mockFetch(({ method, url }) => {
    calls.push(`${method} ${url.pathname}`);
    return routes[`${method} ${url.pathname}`];
  });
  return calls;
}

const standard = {
  id: 'm1',
  name: 'Standard delivery',
  kind: 'free_over' as const,
  fee: 2500,
  freeOver: 50000,
  etaDays: 2,
  pickupAddress: '',
  pickupHours: '',
  payOnDelivery: true,
};

/**
 * Plays the shopper in the "Delivery and payment" step (its own tests cover the form): waits
 * for it to open, then pays (the step has the server create `order`) or closes it.
 */
function whenDetailsOpen(result: 'paid' | 'closed', seen: { lines?: unknown } = {}) {
  const stop = useCheckoutUi.subscribe((s) => {
    if (s.details) {
      stop();
      seen.lines = s.details.lines;
      s.details.settle(result === 'closed' ? 'closed' : { order, delivery: standard });
    }
  });
}

/** Plays the shopper in the sandbox checkout: waits for it to open, then settles it. */
function whenSandboxOpens(result: 'attempted' | 'closed') {
  const stop = useCheckoutUi.subscribe((s) => {
    if (s.sandbox) {
      stop();
      s.sandbox.settle(result);
    }
  });
}

describe('startCheckout', () => {
  beforeEach(() => {
    localStorage.setItem('access_token', 'tok');
    useSession.setState({ status: 'signed-in', user });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    toast.success.mockReset();
    toast.error.mockReset();
    useCheckoutUi.setState({ details: null, sandbox: null });
    useSignInRequest.setState({ open: false, waiting: null });
  });

  it('refuses a bad Buy Now with "Invalid product or quantity" and sends nothing', async () => {
    const calls = api({});
    await expect(startCheckout({ kind: 'direct', lines: [{ productId: 'p1', quantity: 0 }] })).resolves.toEqual({
      status: 'failed',
    });
    await vi.waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(MESSAGES.invalid, expect.objectContaining({ duration: 10_000 })),
    );
    expect(MESSAGES.invalid).toBe('Invalid product or quantity');
    expect(calls).toEqual([]);
  });

  it('after the delivery step, pays in the sandbox, verifies, and reports success with the delivery', async () => {
    const calls = api({
      'POST /api/checkout/ref_1/verify': {
        body: { status: 'paid', paid: true, orderId: 'o1', number: 'ADR-1001', msg: 'Payment verified' },
      },
    });
    const seen: { lines?: unknown } = {};
    whenDetailsOpen('paid', seen);
    whenSandboxOpens('attempted');
    const result = await startCheckout({ kind: 'cart', lines: [{ productId: 'p1', quantity: 2 }] });
    expect(result).toEqual({
      status: 'paid',
      number: 'ADR-1001',
      orderId: 'o1',
      delivery: 'Standard delivery · Arrives in 2 working days',
    });
    expect(seen.lines).toEqual([{ productId: 'p1', quantity: 2 }]);
    await vi.waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Purchase is Successful', expect.objectContaining({ duration: 10_000 })),
    );
    // The order itself was created by the step.
    expect(calls).toEqual(['POST /api/checkout/ref_1/verify']);
  });

  it('reports a declined cart payment with the spec’s message', async () => {
    api({
      'POST /api/checkout/ref_1/verify': {
        body: { status: 'failed', paid: false, orderId: 'o1', number: 'ADR-1001', msg: 'Declined' },
      },
    });
    whenDetailsOpen('paid');
    whenSandboxOpens('attempted');
    await expect(startCheckout({ kind: 'cart', lines: [{ productId: 'p1', quantity: 1 }] })).resolves.toEqual({
      status: 'failed',
    });
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledTimes(1));
    const shown = toast.error.mock.calls[0]![0];
    expect(JSON.stringify(shown.props.children[0].props.children)).toContain('Failed to complete purchase. Please try again.');
  });

  it('says "Failed to complete purchase" when the direct purchase’s payment cannot be verified', async () => {
    api({ 'POST /api/checkout/ref_1/verify': { status: 502, body: { msg: 'The payment provider did not answer' } } });
    whenDetailsOpen('paid');
    whenSandboxOpens('attempted');
    await expect(startCheckout({ kind: 'direct', lines: [{ productId: 'p1', quantity: 3 }] })).resolves.toEqual({
      status: 'failed',
    });
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalled());
    const shown = toast.error.mock.calls[0]![0];
    expect(shown.props.children[0].props.children).toBe('Failed to complete purchase');
    expect(shown.props.children[1].props.children).toBe('The payment provider did not answer');
  });

  it('cancels quietly, with nothing created, when the shopper closes the delivery step', async () => {
    const calls = api({});
    whenDetailsOpen('closed');
    await expect(startCheckout({ kind: 'cart', lines: [{ productId: 'p1', quantity: 1 }] })).resolves.toEqual({
      status: 'cancelled',
    });
    expect(calls).toEqual([]);
    expect(useCheckoutUi.getState().sandbox).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('does nothing more when the shopper closes the payment', async () => {
    const calls = api({});
    whenDetailsOpen('paid');
    whenSandboxOpens('closed');
    await expect(startCheckout({ kind: 'cart', lines: [{ productId: 'p1', quantity: 1 }] })).resolves.toEqual({
      status: 'cancelled',
    });
    expect(calls).toEqual([]);
    // A toast would arrive after the toast library's module has loaded: give it the chance.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('asks a signed-out shopper to sign in first, and stops if they close the panel', async () => {
    useSession.setState({ status: 'signed-out', user: null });
    const calls = api({});
    const pending = startCheckout({ kind: 'cart', lines: [{ productId: 'p1', quantity: 1 }] });
    expect(useSignInRequest.getState().open).toBe(true);
    useSignInRequest.getState().settle(false);
    await expect(pending).resolves.toEqual({ status: 'cancelled' });
    expect(calls).toEqual([]);
    expect(useCheckoutUi.getState().details).toBeNull();
  });

  it('opens the delivery step once a signed-out shopper has signed in', async () => {
    useSession.setState({ status: 'signed-out', user: null });
    api({});
    const pending = startCheckout({ kind: 'direct', lines: [{ productId: 'p1', quantity: 1 }] });
    expect(useCheckoutUi.getState().details).toBeNull();
    useSession.setState({ status: 'signed-in', user });
    useSignInRequest.getState().settle(true);
    await vi.waitFor(() => expect(useCheckoutUi.getState().details?.lines).toEqual([{ productId: 'p1', quantity: 1 }]));
    useCheckoutUi.getState().details!.settle('closed');
    await expect(pending).resolves.toEqual({ status: 'cancelled' });
  });

  it('places a bank-transfer order without opening a payment, and hands on its id for its page', async () => {
    const calls = api({});
    const stop = useCheckoutUi.subscribe((s) => {
      if (s.details) {
        stop();
        s.details.settle({
          order: { ...order, provider: null, paymentMethod: 'transfer', accessCode: undefined },
          delivery: standard,
        });
      }
    });
    await expect(startCheckout({ kind: 'cart', lines: [{ productId: 'p1', quantity: 1 }] })).resolves.toEqual({
      status: 'placed',
      number: order.number,
      orderId: 'o1',
    });
    expect(useCheckoutUi.getState().sandbox).toBeNull();
    expect(calls).toEqual([]);
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledWith('Your order is placed', expect.anything()));
  });
});
