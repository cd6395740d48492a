/**
 * Recovery (/recovery, issue 31): the figures, each abandoned checkout with its value,
 * reminders and outcome, and for an open one a "Send on WhatsApp" link to the shopper's phone
 * with the restore link in its message.
 */
import type { AbandonedCheckoutView, RecoveryOverview } from '@shop/shared/recovery';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '@/test/harness.tsx';
import { RecoveryPage } from './recovery-page.tsx';

const checkout = (id: string, overrides: Partial<AbandonedCheckoutView> = {}): AbandonedCheckoutView => ({
  id,
  createdAt: '2026-11-25T09:00:00.000Z',
  source: 'quote',
  firstName: 'Adaeze',
  email: 'adaeze@example.com',
  phone: '0803 123 4567',
  value: 37_000,
  items: 3,
  remindersSent: 1,
  lastReminderAt: '2026-11-25T10:00:00.000Z',
  status: 'open',
  orderId: null,
  orderNumber: null,
  recoveredRevenue: null,
  restoreUrl: 'https://adire.ng/cart/restore?token=abc',
  restoreExpiresAt: '2026-12-02T10:00:00.000Z',
  ...overrides,
});

const overview: RecoveryOverview = {
  checkouts: 2,
  value: 62_000,
  remindersSent: 3,
  recoveredOrders: 1,
  recoveredRevenue: 25_000,
  items: [
    checkout('c1'),
    checkout('c2', {
      firstName: 'Tolu',
      email: 'tolu@example.com',
      value: 25_000,
      remindersSent: 2,
      status: 'recovered',
      orderId: 'o1',
      orderNumber: 'NG-000042',
      recoveredRevenue: 25_000,
    }),
  ],
};

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the recovery page', () => {
  it('shows the figures and each checkout, with Send on WhatsApp for an open one', async () => {
    mockFetch(({ url }) => (url.pathname === '/api/recovery' ? { body: overview } : undefined));
    renderWithProviders(<RecoveryPage />);

    expect((await screen.findByText('Abandoned checkouts', { selector: 'dt' })).nextSibling?.textContent).toBe('2');
    const table = screen.getByRole('table', { name: 'Abandoned checkouts' });
    expect(screen.getByText('Recovered revenue', { selector: 'dt' }).nextSibling?.textContent).toBe('₦25,000.00');
    expect(screen.getByText('Reminders sent', { selector: 'dt' }).nextSibling?.textContent).toBe('3');

    const rows = within(table).getAllByRole('row');
    const open = rows.find((r) => r.textContent?.includes('adaeze@example.com'))!;
    expect(open.textContent).toContain('₦37,000.00');
    expect(open.textContent).toContain('Not paid');
    const whatsapp = within(open).getByRole('link', { name: 'Send on WhatsApp to Adaeze' });
    const href = new URL(whatsapp.getAttribute('href')!);
    expect(href.origin + href.pathname).toBe('https://wa.me/2348031234567');
    expect(href.searchParams.get('text')).toBe(
      'Hello Adaeze, you left 3 items (₦37,000.00) in your cart with us. This link puts them back in your cart so you can finish your order: https://adire.ng/cart/restore?token=abc',
    );

    const recovered = rows.find((r) => r.textContent?.includes('tolu@example.com'))!;
    expect(recovered.textContent).toContain('Recovered');
    expect(within(recovered).getByRole('link', { name: 'NG-000042' }).getAttribute('href')).toBe('/purchasetable/o1');
    expect(within(recovered).queryByRole('link', { name: /WhatsApp/ })).toBeNull();
  });

  it("shows the API's refusal", async () => {
    mockFetch(() => ({ status: 403, body: { msg: 'You need the “see orders” permission', permission: 'orders.read' } }));
    renderWithProviders(<RecoveryPage />);
    expect(await screen.findByText(/see orders/)).toBeTruthy();
  });
});
