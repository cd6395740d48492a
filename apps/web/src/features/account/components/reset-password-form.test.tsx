import { RESET_MESSAGES } from '@shop/shared/messages';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session-store.ts';
import { useSignInRequest } from '@/lib/sign-in-request.ts';
import { heldFetch, renderWithProviders } from '@/test/harness.tsx';
import { ResetPasswordForm } from './reset-password-form.tsx';

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz0123456789ABC';

function renderForm(search = `?token=${TOKEN}`) {
  return renderWithProviders(<ResetPasswordForm />, {
    path: '/reset-password',
    url: `/reset-password${search}`,
    routes: [{ path: '/forgot-password', element: <p>Forgot password page</p> }],
  }).router;
}

async function fill(user: ReturnType<typeof userEvent.setup>, password: string, confirm = password) {
  await user.type(screen.getByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm new password'), confirm);
}

describe('ResetPasswordForm', () => {
  beforeEach(() => {
    localStorage.clear();
    useSignInRequest.setState({ open: false, waiting: null });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('sets the new password with the link’s token, reads "Saving..." meanwhile, then offers to sign in', async () => {
    useSession.getState().signIn({
      accessToken: 'old-token',
      user: {
        id: 'u1',
        fname: 'Tolu',
        lname: 'A',
        email: 't@example.com',
        phone: '',
        address: '',
        city: '',
        state: '',
        country: '',
        role: 'shopper',
      },
    });
    const { release, fetch } = heldFetch(200, { msg: RESET_MESSAGES.done });
    const user = userEvent.setup();
    renderForm();
    await fill(user, 'a brand new password');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toHaveProperty('disabled', true);
    release();
    await screen.findByText(RESET_MESSAGES.done);
    // In the live region that was there from the start, so it is read out.
    expect(screen.getByRole('status').textContent).toBe(RESET_MESSAGES.done);
    expect(screen.queryByLabelText('New password')).toBeNull();
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toMatch(/\/api\/auth\/reset$/);
    expect(JSON.parse(String(init?.body))).toEqual({ token: TOKEN, password: 'a brand new password' });
    // The session this browser kept was signed out with the others.
    expect(useSession.getState().status).toBe('signed-out');
    expect(localStorage.getItem('access_token')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(useSignInRequest.getState().open).toBe(true);
  });

  it('shows "Both passwords must match!" and sends nothing while they differ', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const user = userEvent.setup();
    renderForm();
    await fill(user, 'a brand new password', 'a brand new passwore');
    const message = screen.getByText('Both passwords must match!');
    const confirm = screen.getByLabelText('Confirm new password');
    expect(confirm.getAttribute('aria-invalid')).toBe('true');
    expect(confirm.getAttribute('aria-describedby')).toBe(message.id);
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks for 8 characters at least, tied to the field', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const user = userEvent.setup();
    renderForm();
    await fill(user, 'short');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    const message = await screen.findByText('Password must be at least 8 characters');
    const field = screen.getByLabelText('New password');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(message.id);
    expect(fetch).not.toHaveBeenCalled();
  });

  for (const [what, msg] of [
    ['expired', RESET_MESSAGES.expired],
    ['used', RESET_MESSAGES.used],
    ['invalid', RESET_MESSAGES.invalid],
  ] as const) {
    it(`says when the link is ${what}, with a way to ask for a new one`, async () => {
      heldFetch(400, { msg }).release();
      const user = userEvent.setup();
      const router = renderForm();
      await fill(user, 'a brand new password');
      await user.click(screen.getByRole('button', { name: 'Set new password' }));
      expect((await screen.findByRole('alert')).textContent).toBe(msg);
      expect(screen.queryByLabelText('New password')).toBeNull();
      await user.click(screen.getByRole('link', { name: 'Ask for a new link' }));
      expect(router.state.location.pathname).toBe('/forgot-password');
    });
  }

  it('says a link without a token is not valid, before anything is typed', () => {
    renderForm('');
    expect(screen.getByRole('alert').textContent).toBe(RESET_MESSAGES.invalid);
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('says "Something went wrong" when the server fails, and keeps the form', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('oops', { status: 500 }));
    const user = userEvent.setup();
    renderForm();
    await fill(user, 'a brand new password');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong');
    expect(screen.getByLabelText('New password')).toBeTruthy();
  });
});
