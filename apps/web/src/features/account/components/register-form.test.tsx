import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MARKETING_CONSENT_LABEL } from '@/components/marketing-consent-box.tsx';
import { mockFetch, renderWithProviders } from '@/test/harness.tsx';
import { RegisterForm } from './register-form.tsx';

function renderForm() {
  return renderWithProviders(<RegisterForm />, { path: '/register', routes: [{ path: '/', element: <p>Home page</p> }] }).router;
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('First name'), 'Chioma');
  await user.type(screen.getByLabelText('Last name'), 'Eze');
  await user.type(screen.getByLabelText('Email'), 'chioma@example.com');
  await user.type(screen.getByLabelText('Password'), 'a-long-password');
}

describe('RegisterForm', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows "Both passwords must match!" and sends nothing while they differ', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const user = userEvent.setup();
    renderForm();
    await fillValid(user);
    await user.type(screen.getByLabelText('Confirm password'), 'a-long-passwore');
    expect(screen.getByText('Both passwords must match!')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'SIGN UP' }));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('has the marketing box unticked, and sends marketingConsent as ticked (issue 31)', async () => {
    const api = mockFetch(() => ({ status: 409, body: { msg: 'An account with this email already exists' } }));
    const user = userEvent.setup();
    renderForm();
    const box = screen.getByRole('checkbox', { name: MARKETING_CONSENT_LABEL }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    await fillValid(user);
    await user.type(screen.getByLabelText('Confirm password'), 'a-long-password');
    await user.click(screen.getByRole('button', { name: 'SIGN UP' }));
    await screen.findByRole('alert');
    // The country starts as the one the shop delivers to.
    expect(api.last('/api/auth/register')?.body).toMatchObject({
      email: 'chioma@example.com',
      country: 'Nigeria',
      marketingConsent: false,
    });
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'SIGN UP' }));
    await vi.waitFor(() => expect(api.requests).toHaveLength(2));
    expect(api.last('/api/auth/register')?.body).toMatchObject({ marketingConsent: true });
  });

  it('shows the server’s message when it refuses', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ msg: 'An account with this email already exists' }), { status: 409 }),
    );
    const user = userEvent.setup();
    renderForm();
    await fillValid(user);
    await user.type(screen.getByLabelText('Confirm password'), 'a-long-password');
    await user.click(screen.getByRole('button', { name: 'SIGN UP' }));
    expect((await screen.findByRole('alert')).textContent).toBe('An account with this email already exists');
  });

  it('says "Something went wrong" when the server fails', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('oops', { status: 500 }));
    const user = userEvent.setup();
    renderForm();
    await fillValid(user);
    await user.type(screen.getByLabelText('Confirm password'), 'a-long-password');
    await user.click(screen.getByRole('button', { name: 'SIGN UP' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong');
  });

  it('checks the fields before sending', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'SIGN UP' }));
    expect(await screen.findByText('First name is required')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});
