import type { AuthUser } from '@shop/shared/auth';
import { INVITATION_MESSAGES } from '@shop/shared/staff';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useSession } from '@/lib/session-store.ts';
import { mockFetch, type RecordedRequest, renderWithProviders } from '@/test/harness.tsx';
import { resetStaffTest, staffUser } from '@/test/staff.ts';
import { AcceptInvitationPage } from './accept-invitation-page.tsx';

afterEach(resetStaffTest);

const TOKEN = 'inv-Vb7qP2sLx9KdT4nWc8hR1mYe';
type Answer = { status?: number; body?: unknown };

const shopper: AuthUser = {
  id: 'u-shopper',
  fname: 'Tolu',
  lname: 'Ade',
  email: 'tolu@example.com',
  phone: '',
  address: '',
  city: '',
  state: '',
  country: '',
  role: 'shopper',
};

/** The page at the e-mailed link, against a server whose accept answers `accept`. */
function openLink(accept: (request: RecordedRequest) => Answer, search = `?token=${TOKEN}`) {
  const fetch = mockFetch((request) => {
    if (request.url.pathname === '/api/staff/invitations/accept') return accept(request);
    if (request.url.pathname === '/api/auth/logout') return { status: 204 };
    return undefined;
  });
  const { router } = renderWithProviders(<AcceptInvitationPage />, {
    path: '/accept-invitation',
    url: `/accept-invitation${search}`,
  });
  return { fetch, router };
}

const joined = () => ({ body: { accessToken: 'tok-new-member', user: staffUser('cashier') } });

async function fillNewAccount(password = 'a long new password', confirm = password) {
  await userEvent.type(screen.getByLabelText('First name'), 'Ngozi');
  await userEvent.type(screen.getByLabelText('Last name'), 'Eze');
  await userEvent.type(screen.getByLabelText('Password', { selector: 'input' }), password);
  await userEvent.type(screen.getByLabelText('Confirm password', { selector: 'input' }), confirm);
}

const accept = () => userEvent.click(screen.getByRole('button', { name: 'Accept the invitation' }));

describe('Accepting an invitation to the staff', () => {
  it('makes a new account with the names and password, signs it in and lands on its role’s page', async () => {
    const { fetch, router } = openLink(joined);
    await fillNewAccount();
    await accept();
    await waitFor(() => expect(router.state.location.pathname).toBe('/pos'));
    expect(fetch.last('/api/staff/invitations/accept')?.body).toEqual({
      token: TOKEN,
      firstName: 'Ngozi',
      lastName: 'Eze',
      password: 'a long new password',
    });
    expect(localStorage.getItem('access_token')).toBe('tok-new-member');
    expect(useSession.getState().user?.staffRole).toBe('Cashier');
  });

  it('holds a new password to the registration’s rules and sends nothing until it is kept', async () => {
    const { fetch } = openLink(joined);
    await fillNewAccount('short');
    await accept();
    expect(await screen.findByText('Password must be at least 8 characters')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('Password', { selector: 'input' }));
    await userEvent.type(screen.getByLabelText('Password', { selector: 'input' }), 'a long new password');
    await accept();
    expect(await screen.findByText('Both passwords must match!')).toBeTruthy();
    expect(screen.getByLabelText('Confirm password', { selector: 'input' }).getAttribute('aria-invalid')).toBe('true');
    expect(fetch.requests).toEqual([]);
  });

  it('asks for the names of a new account', async () => {
    const { fetch } = openLink(joined);
    await userEvent.type(screen.getByLabelText('Password', { selector: 'input' }), 'a long new password');
    await userEvent.type(screen.getByLabelText('Confirm password', { selector: 'input' }), 'a long new password');
    await accept();
    expect(await screen.findByText('First name is required')).toBeTruthy();
    expect(screen.getByText('Last name is required')).toBeTruthy();
    expect(fetch.requests).toEqual([]);
  });

  it('takes an existing shop account’s password alone; a wrong one is said on the page and signs nobody out', async () => {
    useSession.getState().signIn({ accessToken: 'tok-shopper', user: shopper });
    let tries = 0;
    const { fetch, router } = openLink(() =>
      ++tries === 1 ? { status: 401, body: { msg: 'That is not the password of the account of tolu@example.com' } } : joined(),
    );
    await userEvent.click(screen.getByRole('radio', { name: /I already shop here/ }));
    expect(screen.queryByLabelText('First name')).toBeNull();
    expect(screen.queryByLabelText('Confirm password', { selector: 'input' })).toBeNull();
    const password = screen.getByLabelText('Your current password', { selector: 'input' });
    expect(password.getAttribute('autocomplete')).toBe('current-password');
    await userEvent.type(password, 'not it');
    await accept();

    expect((await screen.findByRole('alert')).textContent).toBe('That is not the password of the account of tolu@example.com');
    expect(fetch.last('/api/staff/invitations/accept')?.body).toEqual({ token: TOKEN, password: 'not it' });
    // The 401 was about the password typed, not the session: the shopper is still signed in.
    expect(useSession.getState().status).toBe('signed-in');
    expect(localStorage.getItem('access_token')).toBe('tok-shopper');

    await userEvent.clear(password);
    await userEvent.type(password, 'the right one');
    await accept();
    await waitFor(() => expect(router.state.location.pathname).toBe('/pos'));
    expect(localStorage.getItem('access_token')).toBe('tok-new-member');
  });

  it('puts the server’s field messages on the fields', async () => {
    openLink(() => ({
      status: 400,
      body: { msg: 'Last name is too long', errors: [{ path: 'body.lastName', message: 'Last name is too long' }] },
    }));
    await fillNewAccount();
    await accept();
    expect(await screen.findByText('Last name is too long')).toBeTruthy();
    expect(screen.getByLabelText('Last name').getAttribute('aria-invalid')).toBe('true');
  });

  for (const [why, status, msg] of [
    ['expired', 410, INVITATION_MESSAGES.expired],
    ['used', 410, INVITATION_MESSAGES.accepted],
    ['cancelled', 410, INVITATION_MESSAGES.cancelled],
    ['unknown', 400, INVITATION_MESSAGES.invalid],
  ] as const) {
    it(`says so when the link is ${why}, in the server’s words, and offers Admin Login instead of the form`, async () => {
      openLink(() => ({ status, body: { msg } }));
      await fillNewAccount();
      await accept();
      expect((await screen.findByRole('alert')).textContent).toBe(msg);
      expect(screen.queryByRole('button', { name: 'Accept the invitation' })).toBeNull();
      expect(screen.getByRole('link', { name: 'Go to Admin Login' }).getAttribute('href')).toBe('/login');
    });
  }

  it('says a link without a token is not valid, before anything is typed', () => {
    const { fetch } = openLink(joined, '');
    expect(screen.getByRole('alert').textContent).toBe(INVITATION_MESSAGES.invalid);
    expect(screen.queryByLabelText('First name')).toBeNull();
    expect(fetch.requests).toEqual([]);
  });

  it('signed in as another account: shows the 409, signs out here on request, then accepts', async () => {
    useSession.getState().signIn({ accessToken: 'tok-other', user: shopper });
    const refusal = 'You are signed in as tolu@example.com: sign out, then open the invitation for new@example.com again';
    const { fetch, router } = openLink(({ url }) =>
      localStorage.getItem('access_token') && url.pathname.endsWith('/accept')
        ? { status: 409, body: { msg: refusal } }
        : joined(),
    );
    await fillNewAccount();
    await accept();
    expect((await screen.findByRole('alert')).textContent).toBe(refusal);

    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(useSession.getState().status).toBe('signed-out');
    expect(fetch.last('/api/auth/logout')).toBeDefined();
    expect(screen.queryByRole('alert')).toBeNull();
    // What was typed stays: accepting again is one click.
    await accept();
    await waitFor(() => expect(router.state.location.pathname).toBe('/pos'));
    expect(localStorage.getItem('access_token')).toBe('tok-new-member');
  });
});
