import { TWO_FACTOR_MESSAGES } from '@shop/shared/two-factor';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session-store.ts';
import { useSignInRequest } from '@/lib/sign-in-request.ts';
import { mockFetch, type RecordedRequest, renderWithProviders } from '@/test/harness.tsx';
import { signOutStaff, staffUser } from '@/test/staff.ts';
import SignInPanel from './sign-in-panel.tsx';

/** A member of staff signs in from the shop's panel; the server asks for a code, and answers it with `verify`. */
async function signIn(verify: (request: RecordedRequest) => { status?: number; body?: unknown }) {
  useSignInRequest.setState({ open: true, waiting: null });
  const fetch = mockFetch((request) => {
    if (request.url.pathname === '/api/auth/login') return { body: { twoFactorRequired: true, challenge: 'ch-9' } };
    if (request.url.pathname === '/api/auth/2fa/verify') return verify(request);
    return undefined;
  });
  const { router } = renderWithProviders(<SignInPanel />, {
    path: '/somewhere',
    routes: [{ path: '/', element: <p>Home page</p> }],
  });
  await userEvent.type(screen.getByLabelText('Email'), 'owner@demo.shop');
  await userEvent.type(screen.getByLabelText('Password'), 'right-password');
  await userEvent.click(screen.getByRole('button', { name: 'LOGIN' }));
  return { fetch, router };
}

describe('SignInPanel: a member of staff with two-factor sign-in on', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    // Also clears what the sign-in stored.
    signOutStaff();
    localStorage.clear();
  });

  it('gives the code from their app, then is signed in as from the panel', async () => {
    const { fetch, router } = await signIn(() => ({ body: { accessToken: 'tok', user: staffUser('owner') } }));
    const code = await screen.findByLabelText('Authentication code');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(useSession.getState().status).toBe('signed-out');
    await userEvent.type(code, '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByText('Home page');
    expect(router.state.location.pathname).toBe('/');
    expect(fetch.last('/api/auth/2fa/verify')?.body).toEqual({ challenge: 'ch-9', code: '654321' });
    expect(localStorage.getItem('access_token')).toBe('tok');
  });

  it('is back at the password with the reason once the challenge has ended', async () => {
    await signIn(() => ({ status: 401, body: { msg: TWO_FACTOR_MESSAGES.challengeEnded } }));
    await userEvent.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    await userEvent.type(screen.getByLabelText('Recovery code'), 'aaaa-bbbb');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe(TWO_FACTOR_MESSAGES.challengeEnded);
    expect(screen.getByRole('button', { name: 'LOGIN' })).toBeTruthy();
  });
});
