import { RESET_MESSAGES } from '@shop/shared/messages';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { heldFetch, renderWithProviders } from '@/test/harness.tsx';
import { ForgotPasswordForm } from './forgot-password-form.tsx';

function renderForm(state?: { email: string }) {
  renderWithProviders(<ForgotPasswordForm />, { path: '/forgot-password', url: { pathname: '/forgot-password', state } });
}

describe('ForgotPasswordForm', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('sends the address, reads "Sending..." meanwhile, then shows the server’s answer', async () => {
    const { release, fetch } = heldFetch(200, { msg: RESET_MESSAGES.sent });
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('Email'), '  Ada@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toHaveProperty('disabled', true);
    release();
    await screen.findByText(RESET_MESSAGES.sent);
    // In the live region that was there from the start, so it is read out.
    expect(screen.getByRole('status').textContent).toContain(RESET_MESSAGES.sent);
    expect(screen.queryByLabelText('Email')).toBeNull();
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toMatch(/\/api\/auth\/forgot$/);
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'ada@example.com' });

    // "Send the link again" brings the form back with the address.
    await user.click(screen.getByRole('button', { name: 'send the link again' }));
    expect((screen.getByLabelText('Email') as HTMLInputElement).value.trim()).toBe('Ada@Example.com');
  });

  it('starts from the address typed in the sign-in panel', () => {
    renderForm({ email: 'tolu@example.com' });
    expect(screen.getByLabelText('Email')).toHaveProperty('value', 'tolu@example.com');
  });

  it('checks the address before sending, and ties the message to the field', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('Email'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    const message = await screen.findByText('Enter a valid email address');
    const field = screen.getByLabelText('Email');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(message.id);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal (too many requests) as an alert', async () => {
    heldFetch(429, { msg: 'Too many attempts, please try again later' }).release();
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Too many attempts, please try again later');
    expect(screen.getByLabelText('Email').getAttribute('aria-describedby')).toBe(alert.id);
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeTruthy();
  });

  it('says "Something went wrong" when the server fails', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('oops', { status: 500 }));
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong');
  });
});
