import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session-store.ts';
import { mockFetch } from '@/test/harness.tsx';
import { useCheckoutUi } from './checkout-store.ts';
import { startCheckout } from './start-checkout.tsx';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('react-hot-toast', () => ({ default: toast, toast }));

/** Paystack's inline checkout, played by the test: each opening runs the next scripted outcome. */
const paystack = vi.hoisted(() => ({
  opened: [] as string[],
  script: [] as ((callbacks: {
    onSuccess?: (t: unknown) => void;
    onCancel?: () => void;
    onError?: (e: { message: string }) => void;
  }) => void)[],
}));
vi.mock('@paystack/inline-js', () => ({
  default: class {
    resumeTransaction(accessCode: string, callbacks: Parameters<(typeof paystack.script)[number]>[0]) {
      paystack.opened.push(accessCode);
      paystack.script.shift()?.(callbacks);
    }
  },
}));

const order = {
  orderId: 'o1',
  number: 'ADR-2001',
  reference: 'ref_ps',
  amount: 800_000,
  status: 'pending' as const,
  paymentMethod: 'paystack' as const,
  currency: 'NGN',
  email: 't@example.com',
  provider: 'paystack' as const,
  publicKey: 'pk_test_x',
  accessCode: 'acc_123',
};

describe('checkout with Paystack', () => {
  let calls: string[];
  beforeEach(() => {
    localStorage.setItem('access_token', 'tok');
    useSession.setState({ status: 'signed-in' });
    paystack.opened = [];
    calls = [];
    // The delivery step (tested on its own) has the server create the order, then hands it on.
    const stop = useCheckoutUi.subscribe((s) => {
      if (s.details) {
        stop();
        s.details.settle({ order, delivery: null });
      }
    });
    mockFetch(({ method, url }) => {
      calls.push(`${method} ${url.pathname}`);
      return { body: { status: 'paid', paid: true, orderId: 'o1', number: 'ADR-2001', msg: 'Payment verified' } };
    });
  });
  afterEach(() => {
    useCheckoutUi.setState({ details: null, sandbox: null });
    vi.restoreAllMocks();
    toast.success.mockReset();
    toast.error.mockReset();
  });

  it('resumes the transaction with the access code, then has the server verify it', async () => {
    paystack.script = [(cb) => cb.onSuccess?.({ id: 1, reference: 'ref_ps', message: 'Approved' })];
    await expect(startCheckout({ kind: 'direct', lines: [{ productId: 'p1', quantity: 1 }] })).resolves.toEqual({
      status: 'paid',
      number: 'ADR-2001',
      orderId: 'o1',
    });
    expect(paystack.opened).toEqual(['acc_123']);
    expect(calls).toEqual(['POST /api/checkout/ref_ps/verify']);
    await vi.waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Purchase is Successful', expect.objectContaining({ duration: 10_000 })),
    );
  });

  it('asks "Are you sure you want to close" and reopens the checkout when the shopper says no', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    paystack.script = [(cb) => cb.onCancel?.(), (cb) => cb.onCancel?.()];
    await expect(startCheckout({ kind: 'cart', lines: [{ productId: 'p1', quantity: 1 }] })).resolves.toEqual({
      status: 'cancelled',
    });
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to close');
    expect(paystack.opened).toEqual(['acc_123', 'acc_123']);
    expect(calls).toEqual([]);
  });

  it('reports a checkout that could not load', async () => {
    paystack.script = [(cb) => cb.onError?.({ message: 'Invalid access code' })];
    await expect(startCheckout({ kind: 'direct', lines: [{ productId: 'p1', quantity: 1 }] })).resolves.toEqual({
      status: 'failed',
    });
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalled());
    const shown = toast.error.mock.calls[0]![0];
    expect(shown.props.children[0].props.children).toBe('Failed to complete purchase');
    expect(shown.props.children[1].props.children).toBe('Invalid access code');
  });
});
