import { TWO_FACTOR_MESSAGES } from '@shop/shared/two-factor';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session-store.ts';
import { mockFetch, type RecordedRequest, renderWithProviders } from '@/test/harness.tsx';
import { signOutStaff, staffUser } from '@/test/staff.ts';
import { LoginPage } from './login-page.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
  signOutStaff();
});

type Answer = { status?: number; body?: unknown };

/** Admin Login against a server whose sign-in answers a challenge, and whose verify answers `verify`. */
function signInWithChallenge(verify: (request: RecordedRequest) => Answer) {
  const fetch = mockFetch((request) => {
    if (request.url.pathname === '/api/auth/adminlogin') return { body: { twoFactorRequired: true, challenge: 'ch-1' } };
    if (request.url.pathname === '/api/auth/2fa/verify') return verify(request);
    return undefined;
  });
  const { router } = renderWithProviders(<LoginPage />, { path: '/login' });
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'owner@demo.shop' } });
  fireEvent.change(screen.getByLabelText('Password', { selector: 'input' }), { target: { value: 'pw' } });
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
  return { fetch, router };
}

const signedIn = () => ({ body: { accessToken: 'tok-2fa', user: staffUser('cashier') } });

describe('Admin Login: two-factor sign-in', () => {
  it('asks for the code from the app (one-time-code, numeric), sends it with the challenge and lands as before', async () => {
    const { fetch, router } = signInWithChallenge(signedIn);
    const code = await screen.findByLabelText('Authentication code');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    await waitFor(() => expect(document.activeElement).toBe(code));
    // No token yet: nobody is signed in while the code is asked.
    expect(localStorage.getItem('access_token')).toBeNull();

    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pos'));
    expect(fetch.last('/api/auth/2fa/verify')?.body).toEqual({ challenge: 'ch-1', code: '123456' });
    expect(localStorage.getItem('access_token')).toBe('tok-2fa');
  });

  it('takes a recovery code instead', async () => {
    const { fetch, router } = signInWithChallenge(signedIn);
    await userEvent.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    const field = screen.getByLabelText('Recovery code');
    expect(field.getAttribute('autocomplete')).toBe('off');
    await userEvent.type(field, 'abcd-efgh-ijkl');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pos'));
    expect(fetch.last('/api/auth/2fa/verify')?.body).toEqual({ challenge: 'ch-1', recoveryCode: 'abcd-efgh-ijkl' });
  });

  it('checks the code has 6 digits before sending it', async () => {
    const { fetch } = signInWithChallenge(signedIn);
    await userEvent.type(await screen.findByLabelText('Authentication code'), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter the 6-digit code from your authenticator app');
    expect(fetch.last('/api/auth/2fa/verify')).toBeUndefined();
  });

  it('says a wrong code is wrong and lets the member type another', async () => {
    const { router } = signInWithChallenge(() => ({ status: 401, body: { msg: TWO_FACTOR_MESSAGES.wrongCode } }));
    const code = await screen.findByLabelText('Authentication code');
    await userEvent.type(code, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That code is not right');
    expect((code as HTMLInputElement).value).toBe('');
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(code);
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends the member back to the password when the challenge has ended, saying so', async () => {
    signInWithChallenge(() => ({ status: 401, body: { msg: TWO_FACTOR_MESSAGES.challengeEnded } }));
    await userEvent.type(await screen.findByLabelText('Authentication code'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe(TWO_FACTOR_MESSAGES.challengeEnded);
    expect(screen.queryByLabelText('Authentication code')).toBeNull();
    expect((screen.getByLabelText('Password', { selector: 'input' }) as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('owner@demo.shop');
  });

  it('says to wait after too many wrong codes (429)', async () => {
    signInWithChallenge(() => ({ status: 429, body: { msg: 'Too many attempts, please try again later' } }));
    await userEvent.type(await screen.findByLabelText('Authentication code'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many wrong codes. Wait 15 minutes, then try again.');
    expect(screen.getByLabelText('Authentication code')).toBeTruthy();
  });

  it('starts over on request', async () => {
    signInWithChallenge(signedIn);
    await userEvent.click(await screen.findByRole('button', { name: 'Start over' }));
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('does not sign out whoever is signed in here over a wrong code', async () => {
    useSession.getState().signIn({ accessToken: 'shopper-token', user: { ...staffUser(), role: 'shopper', permissions: [] } });
    signInWithChallenge(() => ({ status: 401, body: { msg: TWO_FACTOR_MESSAGES.wrongCode } }));
    await userEvent.type(await screen.findByLabelText('Authentication code'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByText('That code is not right');
    expect(useSession.getState().status).toBe('signed-in');
    expect(localStorage.getItem('access_token')).toBe('shopper-token');
  });
});
