/**
 * Marketing e-mail's storefront pages (issue 31): /account shows the shopper's consent and
 * saves each change of its box; /unsubscribe changes nothing until its button POSTs the token.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MARKETING_CONSENT_LABEL } from '@/components/marketing-consent-box.tsx';
import { useSession } from '@/lib/session-store.ts';
import { mockFetch, renderWithProviders } from '@/test/harness.tsx';
import { AccountPage } from './account-page.tsx';
import { UNSUBSCRIBED, UnsubscribePage } from './unsubscribe-page.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('/account', () => {
  beforeEach(() => {
    localStorage.setItem('access_token', 'tok');
    useSession.setState({ status: 'signed-in' });
  });

  it('shows the box unticked without consent, and gives consent when ticked (PUT)', async () => {
    const api = mockFetch(({ method, url, body }) => {
      if (url.pathname !== '/api/account/marketing') return undefined;
      if (method === 'PUT')
        return {
          body: { consent: (body as { consent: boolean }).consent, grantedAt: '2026-11-26T10:00:00.000Z', source: 'account' },
        };
      return { body: { consent: false, grantedAt: null, source: null } };
    });
    renderWithProviders(<AccountPage />, { path: '/account' });
    const box = (await screen.findByRole('checkbox', { name: MARKETING_CONSENT_LABEL })) as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(screen.getByText('You get no marketing e-mails from us.')).toBeTruthy();
    fireEvent.click(box);
    await waitFor(() => expect(box.checked).toBe(true));
    expect(api.last('/api/account/marketing')).toMatchObject({ method: 'PUT', body: { consent: true } });
    expect(screen.getByText(/You agreed here on/)).toBeTruthy();
  });

  it('withdraws consent when unticked, saying where it was given', async () => {
    const api = mockFetch(({ method, url }) => {
      if (url.pathname !== '/api/account/marketing') return undefined;
      if (method === 'PUT') return { body: { consent: false, grantedAt: null, source: null } };
      return { body: { consent: true, grantedAt: '2026-11-20T10:00:00.000Z', source: 'checkout' } };
    });
    renderWithProviders(<AccountPage />, { path: '/account' });
    const box = (await screen.findByRole('checkbox', { name: MARKETING_CONSENT_LABEL })) as HTMLInputElement;
    expect(box.checked).toBe(true);
    expect(screen.getByText(/You agreed at checkout on 20 Nov 2026/)).toBeTruthy();
    fireEvent.click(box);
    await waitFor(() => expect(box.checked).toBe(false));
    expect(api.last('/api/account/marketing')).toMatchObject({ method: 'PUT', body: { consent: false } });
  });

  it('asks a signed-out visitor to sign in', async () => {
    localStorage.removeItem('access_token');
    useSession.setState({ status: 'signed-out', user: null });
    const api = mockFetch(() => undefined);
    renderWithProviders(<AccountPage />, { path: '/account' });
    expect(await screen.findByText('Sign in to see your account')).toBeTruthy();
    expect(api.requests).toEqual([]);
  });
});

describe('/unsubscribe', () => {
  it('sends nothing when opened, and POSTs the token when its button is pressed', async () => {
    const api = mockFetch(({ url }) =>
      url.pathname === '/api/marketing/unsubscribe' ? { body: { email: 'ada@example.com', unsubscribed: true } } : undefined,
    );
    renderWithProviders(<UnsubscribePage token="abc.def" />, { path: '/unsubscribe' });
    const button = await screen.findByRole('button', { name: 'Unsubscribe' });
    expect(api.requests).toEqual([]);
    fireEvent.click(button);
    expect(await screen.findByText('ada@example.com is unsubscribed.')).toBeTruthy();
    expect(screen.getByText(UNSUBSCRIBED)).toBeTruthy();
    expect(api.last('/api/marketing/unsubscribe')).toMatchObject({ method: 'POST', body: { token: 'abc.def' } });
  });

  it("shows the server's refusal of a bad token", async () => {
    mockFetch(() => ({ status: 400, body: { msg: 'This unsubscribe link is not valid.' } }));
    renderWithProviders(<UnsubscribePage token="forged" />, { path: '/unsubscribe' });
    fireEvent.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This unsubscribe link is not valid.');
  });

  it('offers no button without a token', async () => {
    mockFetch(() => undefined);
    renderWithProviders(<UnsubscribePage token="" />, { path: '/unsubscribe' });
    expect((await screen.findByRole('alert')).textContent).toContain('not complete');
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  });
});
