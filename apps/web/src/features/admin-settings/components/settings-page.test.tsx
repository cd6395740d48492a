import { DEFAULT_STORE_SETTINGS } from '@shop/shared/content';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders, testQueryClient } from '@/test/harness.tsx';
import { settingsKeys } from '@/lib/api/settings.ts';
import { SettingsPage } from './settings-page.tsx';
import { signInStaff, signOutStaff } from '@/test/staff.ts';

// The Owner, who may use every button and field of these screens.
beforeEach(() => {
  signInStaff('owner');
});
afterEach(signOutStaff);

type Answer = { status?: number; body?: unknown };

function serve(
  onSave: (body: Record<string, unknown>) => Answer = (body) => ({ body }),
  settings: object = DEFAULT_STORE_SETTINGS,
) {
  const api = mockFetch(({ url, method, body }) => {
    if (url.pathname !== '/api/settings') return undefined;
    if (method === 'GET') return { body: settings };
    if (method === 'PUT') return onSave(body as Record<string, unknown>);
  });
  const rendered = renderWithProviders(<SettingsPage />, { path: '/settings' });
  return { api, saves: () => api.requests.filter((r) => r.method === 'PUT'), ...rendered };
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('Store settings: invoices, bank transfer, online orders, reports', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('groups the new settings, explains when transfer is offered, and saves them', async () => {
    const { saves } = serve();
    await screen.findByLabelText('Store name');
    const bank = screen.getByRole('group', { name: 'Bank transfer' });
    expect(within(bank).getByText(/offered at checkout only when the bank name, account name and account number/)).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Invoices' })).getByLabelText('Shop address')).toBeTruthy();
    expect(
      within(screen.getByRole('group', { name: 'Online orders' })).getByLabelText('Most units of one product per order'),
    ).toBeTruthy();

    type('Shop address', '12 Herbert Macaulay Way, Yaba, Lagos');
    fireEvent.click(screen.getByLabelText('Prices include VAT (7.5 %)'));
    type('Bank name', 'Zenith Bank');
    type('Account name', 'Adire Ltd');
    type('Account number (10 digits)', '1234567890');
    type('Your current password', 'owner-password');
    type('Hold transfer orders for (hours)', '24');
    type('Most units of one product per order', '5');
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));

    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]!.body).toEqual({
      ...DEFAULT_STORE_SETTINGS,
      address: '12 Herbert Macaulay Way, Yaba, Lagos',
      vatIncluded: true,
      bankName: 'Zenith Bank',
      bankAccountName: 'Adire Ltd',
      bankAccountNumber: '1234567890',
      transferHoldHours: 24,
      maxUnitsPerProduct: 5,
      currentPassword: 'owner-password',
    });
  });

  it('sets what each payment method costs the shop, a percentage and naira, and refuses one out of range', async () => {
    const { saves } = serve();
    await screen.findByLabelText('Store name');
    const fees = screen.getByRole('group', { name: 'Payment fees' });
    expect(within(fees).getByLabelText("The till's card terminal: percent of the amount")).toBeTruthy();
    type('Pay on delivery: percent of the amount', '1.25');
    type('Pay on delivery: fixed amount (₦)', '100');
    type('Bank transfer: fixed amount (₦)', '52.50');
    type('Cash: percent of the amount', '120');
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('The percentage must be at most 100')).toBeTruthy();
    expect(saves()).toHaveLength(0);
    type('Cash: percent of the amount', '0');
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect((saves()[0]!.body as { paymentFees: unknown }).paymentFees).toEqual({
      ...DEFAULT_STORE_SETTINGS.paymentFees,
      pod: { percent: 1.25, fixed: 100 },
      transfer: { percent: 0, fixed: 52.5 },
    });
  });

  it('asks for the current password only when the bank account changes, and shows the server’s refusal beside it', async () => {
    const refusal = 'Enter your current password (or a code from your authenticator app) to change the bank account';
    const { saves } = serve((body) => (body.bankName === 'GTBank' ? { status: 403, body: { msg: refusal } } : { body }));
    await screen.findByLabelText('Store name');
    expect(screen.queryByLabelText('Your current password')).toBeNull();
    type('Store name', 'Adire Lagos');
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]!.body).not.toHaveProperty('currentPassword');
    // The save answered (its button back from "Updating..."), so the settings it loaded again
    // are the ones the bank account is compared with: on a busy machine the field was looked
    // for while they were still on their way.
    await screen.findByRole('button', { name: 'Save Settings' });

    type('Bank name', 'GTBank');
    expect(await screen.findByLabelText('Your current password')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(saves()).toHaveLength(2));
    expect(saves()[1]!.body).toMatchObject({ bankName: 'GTBank', currentPassword: '' });
    const password = screen.getByLabelText('Your current password');
    expect(await screen.findByText(refusal, { selector: 'p' })).toBeTruthy();
    expect(password.getAttribute('aria-invalid')).toBe('true');

    // Put back as it was, the account needs no password.
    type('Bank name', '');
    expect(screen.queryByLabelText('Your current password')).toBeNull();
  });

  it('refuses a 9-digit account number on its field, sending nothing', async () => {
    const { saves } = serve();
    await screen.findByLabelText('Store name');
    type('Account number (10 digits)', '123456789');
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));

    expect(await screen.findByText('An account number (NUBAN) has 10 digits')).toBeTruthy();
    const input = screen.getByLabelText('Account number (10 digits)');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('settings-bankAccountNumber-error');
    expect(saves()).toHaveLength(0);
  });

  it('says what to enter in an emptied number box, and shows the server’s field errors on their fields', async () => {
    const { saves } = serve(() => ({
      status: 400,
      body: {
        msg: 'The hold must be at most 336 hours (14 days)',
        errors: [{ path: 'transferHoldHours', message: 'The hold must be at most 336 hours (14 days)' }],
      },
    }));
    await screen.findByLabelText('Store name');
    type('Most units of one product per order', '');
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Enter a number of units')).toBeTruthy();
    expect(saves()).toHaveLength(0);

    type('Most units of one product per order', '20');
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(await screen.findByText('The hold must be at most 336 hours (14 days)', { selector: 'p[id]' })).toBeTruthy();
    expect(screen.getByLabelText('Hold transfer orders for (hours)').getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the reorder cover in days with its hint, refuses 0, 366 and nothing as the shared rule does, and saves a whole number of days', async () => {
    const { saves } = serve();
    await screen.findByLabelText('Store name');
    const reports = screen.getByRole('group', { name: 'Reports' });
    const days = within(reports).getByLabelText('Reorder when cover is below (days)') as HTMLInputElement;
    expect(days.value).toBe('14');
    expect(within(reports).getByText(/flags a size to reorder/)).toBeTruthy();

    const submit = (value: string) => {
      type('Reorder when cover is below (days)', value);
      fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    };
    for (const [value, message] of [
      ['0', 'The days of cover must be at least 1'],
      ['366', 'The days of cover must be at most 365'],
      ['', 'Enter a number of days'],
    ] as const) {
      submit(value);
      expect(await screen.findByText(message), value).toBeTruthy();
      expect(days.getAttribute('aria-invalid')).toBe('true');
    }
    expect(saves()).toHaveLength(0);

    submit('21');
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]!.body).toEqual({ ...DEFAULT_STORE_SETTINGS, reportsReorderDays: 21 });
  });
});

describe('Store settings: checkout recovery (issue 31)', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('sets the reminders’ delays, the coupon and the transfer reminder, and refuses delays out of order', async () => {
    const { saves } = serve();
    await screen.findByLabelText('Store name');
    const recovery = screen.getByRole('group', { name: 'Checkout recovery' });
    const delays = within(recovery).getByLabelText('Send cart reminders after (minutes)') as HTMLInputElement;
    expect(delays.value).toBe('60,1440');

    type('Send cart reminders after (minutes)', '1440, 60');
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Each delay must be longer than the one before')).toBeTruthy();
    expect(delays.getAttribute('aria-invalid')).toBe('true');
    type('Send cart reminders after (minutes)', 'soon');
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Enter minutes as whole numbers, separated by commas')).toBeTruthy();
    expect(saves()).toHaveLength(0);

    type('Send cart reminders after (minutes)', '30, 720 2880');
    type('Coupon code in the reminders', 'COMEBACK10');
    type('Remind the shopper to pay (hours before the hold ends)', '6');
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]!.body).toEqual({
      ...DEFAULT_STORE_SETTINGS,
      recoveryDelays: [30, 720, 2880],
      recoveryCoupon: 'COMEBACK10',
      transferReminderHours: 6,
    });
  });
});

describe('Store settings: notifications and WhatsApp', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  const shop = { ...DEFAULT_STORE_SETTINGS, notificationEmail: 'owner@adire.ng', whatsappNumber: '' };

  it('shows where the alerts go and the WhatsApp number in their groups, and saves both', async () => {
    const { saves } = serve(undefined, shop);
    await screen.findByLabelText('Store name');
    const alerts = within(screen.getByRole('group', { name: 'Notifications' })).getByLabelText("Send the shop's alerts to");
    expect((alerts as HTMLInputElement).value).toBe('owner@adire.ng');
    expect(
      within(screen.getByRole('group', { name: 'Notifications' })).getByText(/empty to send them to every admin/),
    ).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'WhatsApp' })).getByLabelText('WhatsApp number')).toBeTruthy();

    type("Send the shop's alerts to", '  orders@adire.ng ');
    type('WhatsApp number', '+234 801 234 5678');
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));

    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]!.body).toEqual({ ...shop, notificationEmail: 'orders@adire.ng', whatsappNumber: '+234 801 234 5678' });
  });

  it('may leave both empty (alerts to every admin, no WhatsApp links)', async () => {
    const { saves } = serve(undefined, { ...shop, whatsappNumber: '+2348012345678' });
    await screen.findByLabelText('Store name');
    type("Send the shop's alerts to", '');
    type('WhatsApp number', '');
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]!.body).toMatchObject({ notificationEmail: '', whatsappNumber: '' });
  });

  it('refuses a bad e-mail address and a number without digits on their fields, sending nothing', async () => {
    const { saves } = serve(undefined, shop);
    await screen.findByLabelText('Store name');
    type("Send the shop's alerts to", 'owner@');
    type('WhatsApp number', 'call me');
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));

    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Enter a WhatsApp number with its country code')).toBeTruthy();
    const email = screen.getByLabelText("Send the shop's alerts to");
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toBe('settings-notificationEmail-error');
    expect(screen.getByLabelText('WhatsApp number').getAttribute('aria-invalid')).toBe('true');
    expect(saves()).toHaveLength(0);
  });

  it('reads the settings again when the cache holds the shop’s public copy, so a save keeps the alert address', async () => {
    const { notificationEmail: _private, ...everyone } = shop;
    const api = mockFetch(({ url, method, body }) => {
      if (url.pathname !== '/api/settings') return undefined;
      if (method === 'GET') return { body: shop };
      if (method === 'PUT') return { body };
    });
    const queryClient = testQueryClient();
    queryClient.setQueryData(settingsKeys.all, everyone);
    renderWithProviders(<SettingsPage />, { path: '/settings', client: queryClient });
    expect(((await screen.findByLabelText("Send the shop's alerts to")) as HTMLInputElement).value).toBe('owner@adire.ng');
    expect(api.requests.filter((r) => r.method === 'GET' && r.url.pathname === '/api/settings')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(api.requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    expect(api.last('/api/settings')!.body).toMatchObject({ notificationEmail: 'owner@adire.ng' });
  });
});

describe('Settings by role', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  const bankSettings = {
    ...DEFAULT_STORE_SETTINGS,
    bankName: 'Zenith Bank',
    bankAccountName: 'Adire Ltd',
    bankAccountNumber: '1234567890',
  };

  it('shows a Manager the bank account without letting it change (settings.payments), and saves the rest with it as it was', async () => {
    signInStaff('manager');
    const { saves } = serve(undefined, bankSettings);
    await screen.findByLabelText('Store name');
    const bank = screen.getByRole('group', { name: 'Bank transfer' });
    expect(within(bank).getByText(/You don't have permission to change the bank account shoppers pay transfers to/)).toBeTruthy();
    for (const label of ['Bank name', 'Account name', 'Account number (10 digits)']) {
      expect((screen.getByLabelText(label) as HTMLInputElement).disabled, label).toBe(true);
    }
    expect((screen.getByLabelText('Bank name') as HTMLInputElement).value).toBe('Zenith Bank');
    expect((screen.getByLabelText('Hold transfer orders for (hours)') as HTMLInputElement).disabled).toBe(false);

    type('Store name', 'Adire Lagos');
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]!.body).toEqual({ ...bankSettings, storeName: 'Adire Lagos' });
  });

  it('lets the Owner change the bank account', async () => {
    serve(undefined, bankSettings);
    await screen.findByLabelText('Store name');
    expect((screen.getByLabelText('Bank name') as HTMLInputElement).disabled).toBe(false);
    expect(screen.queryByText(/You don't have permission/)).toBeNull();
  });

  it('gives a member without settings.write only their own password', async () => {
    signInStaff('cashier');
    const { api } = serve();
    expect(await screen.findByRole('heading', { name: 'Change password' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Store' })).toBeNull();
    expect(api.requests.filter((r) => r.url.pathname === '/api/settings')).toHaveLength(0);
  });
});
