import { TWO_FACTOR_MESSAGES } from '@shop/shared/two-factor';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '@/lib/session-store.ts';
import { useTwoFactorHold } from '@/lib/two-factor-hold.ts';
import { mockFetch, type RecordedRequest, renderWithProviders } from '@/test/harness.tsx';
import { resetStaffTest, signInStaff } from '@/test/staff.ts';
import { SecurityPage } from './security-page.tsx';

const CODES = Array.from({ length: 10 }, (_, i) => `code-${i}-abcd`);
const SESSIONS = [
  {
    id: 's-here',
    device: 'Chrome on Linux',
    ip: '10.0.0.1',
    createdAt: '2026-11-20T09:00:00.000Z',
    lastSeenAt: '2026-11-26T08:00:00.000Z',
    current: true,
  },
  {
    id: 's-phone',
    device: 'Safari on iPhone',
    ip: '10.0.0.7',
    createdAt: '2026-11-01T09:00:00.000Z',
    lastSeenAt: '2026-11-02T10:30:00.000Z',
    current: false,
  },
];

type Answer = { status?: number; body?: unknown } | undefined;

/** The page for a Cashier whose two-factor is `on`, against a server that keeps it and answers `extra` first. */
function renderPage(on: boolean, extra: (request: RecordedRequest) => Answer = () => undefined) {
  const member = { ...signInStaff('cashier'), twoFactor: on };
  useSession.setState({ user: member });
  const server = { on };
  const fetch = mockFetch((request) => {
    const answer = extra(request);
    if (answer) return answer;
    const { pathname } = request.url;
    if (pathname === '/api/auth/me') return { body: { user: { ...member, twoFactor: server.on } } };
    if (pathname === '/api/auth/2fa/setup')
      return { body: { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/Adire:x?secret=JBSWY3DPEHPK3PXP' } };
    if (pathname === '/api/auth/2fa/enable') {
      server.on = true;
      return { body: { recoveryCodes: CODES } };
    }
    if (pathname === '/api/auth/2fa/disable') {
      server.on = false;
      return { status: 204 };
    }
    if (pathname === '/api/auth/sessions') return { body: SESSIONS };
    if (pathname.startsWith('/api/auth/sessions/')) return { status: 204 };
    return undefined;
  });
  renderWithProviders(<SecurityPage />, { path: '/security' });
  return fetch;
}

beforeEach(() => {
  // A stored token: changes read the member again from /api/auth/me with it.
  localStorage.setItem('access_token', 'tok');
});
afterEach(resetStaffTest);

const card = () => screen.getByRole('heading', { name: 'Two-factor sign-in' }).closest('section')!;

describe('Sign-in security: two-factor sign-in', () => {
  it('sets it up: the QR code and the key, a first code, then the recovery codes once, and it is on', async () => {
    const fetch = renderPage(false);
    expect(within(card()).getByText('Off')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));

    expect(await screen.findByRole('img', { name: /QR code of your two-factor key/ })).toBeTruthy();
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    const code = screen.getByLabelText('Code from the app');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));

    const codes = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(fetch.last('/api/auth/2fa/enable')?.body).toEqual({ code: '123456' });
    const download = screen.getByRole('link', { name: 'Download' });
    expect(download.getAttribute('download')).toBe('adire-recovery-codes.txt');
    expect(decodeURIComponent(download.getAttribute('href')!)).toContain(CODES[9]);
    // The member is read again: on.
    await waitFor(() => expect(useSession.getState().user?.twoFactor).toBe(true));

    await userEvent.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
    expect(within(card()).getByText('On')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Turn off two-factor sign-in' })).toBeTruthy();
  });

  it('says a wrong first code is wrong, on the field, and keeps the setup', async () => {
    renderPage(false, ({ url }) =>
      url.pathname === '/api/auth/2fa/enable' ? { status: 400, body: { msg: TWO_FACTOR_MESSAGES.wrongCode } } : undefined,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));
    const code = await screen.findByLabelText('Code from the app');
    await userEvent.type(code, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));
    expect(await screen.findByText('That code is not right')).toBeTruthy();
    expect((code as HTMLInputElement).value).toBe('');
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP')).toBeTruthy();
  });

  it('checks the first code has 6 digits before sending it', async () => {
    const fetch = renderPage(false);
    await userEvent.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));
    await userEvent.type(await screen.findByLabelText('Code from the app'), '12a');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeTruthy();
    expect(fetch.last('/api/auth/2fa/enable')).toBeUndefined();
  });

  it('turns it off with the password and a code, and shows a refusal without signing out', async () => {
    let refuse = true;
    const fetch = renderPage(true, ({ url }) => {
      if (url.pathname !== '/api/auth/2fa/disable' || !refuse) return undefined;
      refuse = false;
      return { status: 403, body: { msg: 'Current password is incorrect' } };
    });
    await userEvent.click(screen.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(await screen.findByText('Enter your password')).toBeTruthy();
    expect(fetch.last('/api/auth/2fa/disable')).toBeUndefined();

    await userEvent.type(screen.getByLabelText('Password', { selector: 'input' }), 'not-it');
    await userEvent.type(screen.getByLabelText('Code from the app, or a recovery code'), '111111');
    await userEvent.click(screen.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Current password is incorrect');
    expect(useSession.getState().status).toBe('signed-in');

    await userEvent.clear(screen.getByLabelText('Password', { selector: 'input' }));
    await userEvent.type(screen.getByLabelText('Password', { selector: 'input' }), 'right-one');
    await userEvent.type(screen.getByLabelText('Code from the app, or a recovery code'), '222222');
    await userEvent.click(screen.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    await waitFor(() => expect(within(card()).getByText('Off')).toBeTruthy());
    expect(fetch.last('/api/auth/2fa/disable')?.body).toEqual({ password: 'right-one', code: '222222' });
  });
});

describe('Sign-in security: sessions', () => {
  it('lists the devices, this one marked, and ends another after asking', async () => {
    const fetch = renderPage(true);
    const table = await screen.findByRole('table', { name: 'Your sessions' });
    await within(table).findByText('Safari on iPhone');
    const here = within(table).getByText('Chrome on Linux').closest('tr')!;
    expect(within(here).getByText('This device')).toBeTruthy();
    expect(within(table).getByText('10.0.0.7')).toBeTruthy();

    await userEvent.click(within(table).getByRole('button', { name: /End the session of Safari on iPhone/ }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('End the session of Safari on iPhone?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'End session' }));
    await waitFor(() => expect(fetch.last('/api/auth/sessions/s-phone')?.method).toBe('DELETE'));
    expect(useSession.getState().status).toBe('signed-in');
  });

  it('signs out here when this device’s session is ended', async () => {
    renderPage(true);
    const table = await screen.findByRole('table', { name: 'Your sessions' });
    await userEvent.click(await within(table).findByRole('button', { name: 'End the session of this device' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'End session' }));
    await waitFor(() => expect(useSession.getState().status).toBe('signed-out'));
  });

  it('while the shop holds the member until two-factor is on: says why, and asks nothing that would be refused', async () => {
    useTwoFactorHold.getState().hold('staff-cashier');
    const fetch = renderPage(false);
    expect(screen.getByRole('status').textContent).toContain('Set up two-factor sign-in first.');
    expect(screen.queryByRole('table', { name: 'Your sessions' })).toBeNull();
    expect(fetch.requests.filter((r) => r.url.pathname === '/api/auth/sessions')).toEqual([]);
    expect(screen.getByRole('button', { name: 'Set up two-factor sign-in' })).toBeTruthy();
  });
});
