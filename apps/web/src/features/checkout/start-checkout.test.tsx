import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session-store.ts';
import { useSignInRequest } from '@/lib/sign-in-request.ts';
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
  currency: 'NGN',
  email: 't@example.com',
  provider: 'sandbox',
  publicKey: '',
  accessCode: 'sandbox_ref_1',
};

/** Answers each API path with the given JSON (and records the calls). */
function api(routes: Record<string, { status?: number; body: unknown }>) {
  const calls: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input));
    calls.push(`${init?.method ?? 'GET'} ${url.pathname}`);
    const route = routes[`${init?.method ?? 'GET'} ${url.pathname}`];
    if (!route) return new Response(JSON.stringify({ msg: 'Not found' }), { status: 404 });
    return new Response(JSON.stringify(route.body), { status: route.status ?? 200 });
  });
  return calls;
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
    useCheckoutUi.setState({ sandbox: null });
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

  it('creates the order, pays in the sandbox, verifies, and reports success', async () => {
    const calls = api({
      'POST /api/checkout': { status: 201, body: order },
      'POST /api/checkout/ref_1/verify': {
        body: { status: 'paid', paid: true, orderId: 'o1', number: 'ADR-1001', msg: 'Payment verified' },
      },
    });
    whenSandboxOpens('attempted');
    const result = await startCheckout({ kind: 'cart', lines: [{ productId: 'p1', quantity: 2 }] });
    expect(result).toEqual({ status: 'paid', number: 'ADR-1001' });
    await vi.waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Purchase is Successful', expect.objectContaining({ duration: 10_000 })),
    );
    expect(calls).toEqual(['POST /api/checkout', 'POST /api/checkout/ref_1/verify']);
  });

  it('reports a declined cart payment with the spec’s message', async () => {
    api({
      'POST /api/checkout': { status: 201, body: order },
      'POST /api/checkout/ref_1/verify': {
        body: { status: 'failed', paid: false, orderId: 'o1', number: 'ADR-1001', msg: 'Declined' },
      },
    });
    whenSandboxOpens('attempted');
    await expect(startCheckout({ kind: 'cart', lines: [{ productId: 'p1', quantity: 1 }] })).resolves.toEqual({
      status: 'failed',
    });
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalled());
    const shown = toast.error.mock.calls[0]![0];
    expect(JSON.stringify(shown.props.children[0].props.children)).toContain('Failed to complete purchase. Please try again.');
  });

  it('says "Failed to complete purchase" when a direct purchase cannot be created', async () => {
    api({ 'POST /api/checkout': { status: 409, body: { msg: 'Only 1 left in stock' } } });
    await expect(startCheckout({ kind: 'direct', lines: [{ productId: 'p1', quantity: 3 }] })).resolves.toEqual({
      status: 'failed',
    });
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalled());
    const shown = toast.error.mock.calls[0]![0];
    expect(shown.props.children[0].props.children).toBe('Failed to complete purchase');
    expect(shown.props.children[1].props.children).toBe('Only 1 left in stock');
  });

  it('does nothing more when the shopper closes the checkout', async () => {
    const calls = api({ 'POST /api/checkout': { status: 201, body: order } });
    whenSandboxOpens('closed');
    await expect(startCheckout({ kind: 'cart', lines: [{ productId: 'p1', quantity: 1 }] })).resolves.toEqual({
      status: 'cancelled',
    });
    expect(calls).toEqual(['POST /api/checkout']);
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
  });
});
