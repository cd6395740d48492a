import { TWO_FACTOR_MESSAGES } from '@shop/shared/two-factor';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/test/harness.tsx';
import { staffUser } from '@/test/staff.ts';
import { ApiError, apiRequest, onForbidden, onTwoFactorRequired, SET_UP_TWO_FACTOR_FIRST } from './api-client.ts';
import { useSession } from './session-store.ts';

const shopper = { ...staffUser(), role: 'shopper' as const, permissions: [] };

afterEach(() => {
  vi.restoreAllMocks();
  useSession.getState().signOut();
});

describe('the API client: refusals', () => {
  it('knows the two-factor refusal by the words the API answers', () => {
    expect(SET_UP_TWO_FACTOR_FIRST).toBe(TWO_FACTOR_MESSAGES.setUpFirst);
  });

  it('tells its listener when a member must set up two-factor sign-in first, and no one else', async () => {
    useSession.getState().signIn({ accessToken: 'tok', user: shopper });
    mockFetch(() => ({ status: 403, body: { msg: TWO_FACTOR_MESSAGES.setUpFirst } }));
    const required = vi.fn();
    const forbidden = vi.fn();
    const stopRequired = onTwoFactorRequired(required);
    const stopForbidden = onForbidden(forbidden);
    await expect(apiRequest('/api/users')).rejects.toBeInstanceOf(ApiError);
    expect(required).toHaveBeenCalledTimes(1);
    expect(forbidden).not.toHaveBeenCalled();
    // Not a sign-out.
    expect(useSession.getState().status).toBe('signed-in');
    stopRequired();
    stopForbidden();
  });

  it('leaves a request that answers its own refusals to its screen: no sign-out on 401, no broadcast of a 403', async () => {
    useSession.getState().signIn({ accessToken: 'tok', user: shopper });
    const forbidden = vi.fn();
    const stop = onForbidden(forbidden);
    mockFetch(({ url }) =>
      url.pathname === '/api/a'
        ? { status: 401, body: { msg: 'That is not the password' } }
        : { status: 403, body: { msg: "You don't have permission to refund orders", permission: 'orders.refund' } },
    );
    await expect(apiRequest('/api/a', { ownRefusals: true })).rejects.toMatchObject({ status: 401 });
    expect(useSession.getState().status).toBe('signed-in');
    await expect(apiRequest('/api/b', { ownRefusals: true })).rejects.toMatchObject({ status: 403 });
    expect(forbidden).not.toHaveBeenCalled();

    // Without it, as before: the 403 is heard, the 401 signs out.
    await expect(apiRequest('/api/b')).rejects.toMatchObject({ status: 403 });
    expect(forbidden).toHaveBeenCalledTimes(1);
    await expect(apiRequest('/api/a')).rejects.toMatchObject({ status: 401 });
    expect(useSession.getState().status).toBe('signed-out');
    stop();
  });
});
