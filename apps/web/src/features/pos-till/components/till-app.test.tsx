import 'fake-indexeddb/auto';
import { cleanup, configure, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tillDb } from '../till-db.ts';
import { clearTill, ids, prepare, resetTill, server, setOnline } from './till-fixtures.tsx';

beforeEach(resetTill);
afterEach(async () => {
  cleanup();
  await clearTill();
});

/** A whole sale typed in, through IndexedDB and scrypt: a while on a busy machine. */
const SALE_TEST_MS = 20_000;
configure({ asyncUtilTimeout: 5000 });

describe('the till', { timeout: SALE_TEST_MS }, () => {
  it('is set up online, then sells offline with change, keeps the sale waiting and syncs it when the network returns', async () => {
    const api = server();
    const user = await prepare();
    expect(api.last('/api/pos/tills')?.body).toEqual({ name: 'Front counter' });
    await screen.findByText('All sales synced');

    setOnline(false);
    const box = screen.getByRole('searchbox', { name: 'Search or scan' });
    await user.type(box, '5901234123457{Enter}');
    expect(screen.getByTestId('sale-total').textContent).toBe('₦12,500.00');
    await user.type(screen.getByLabelText('Cash received (₦)'), '15000');
    await user.click(screen.getByRole('button', { name: 'Add payment' }));
    expect(screen.getByTestId('sale-change').textContent).toBe('₦2,500.00');
    await user.click(screen.getByRole('button', { name: 'Complete sale' }));

    await screen.findByRole('heading', { name: 'Receipt T2-000001' });
    expect(screen.getByRole('link', { name: /WhatsApp/ }).getAttribute('href')).toContain(encodeURIComponent('/r/'));
    expect(screen.getByText('Offline: 1 sale waiting to sync', { exact: false })).toBeTruthy();
    expect(api.requests.filter((r) => r.url.pathname === '/api/pos/sales/sync')).toHaveLength(0);

    setOnline(true);
    await screen.findByText('All sales synced');
    const sent = api.last('/api/pos/sales/sync')?.body as { tillId: string; sales: Record<string, unknown>[] };
    expect(sent.tillId).toBe(ids.till);
    expect(sent.sales).toMatchObject([
      {
        receiptNumber: 'T2-000001',
        cashierId: ids.cashier,
        offline: true,
        lines: [{ variantId: ids.variant, quantity: 1 }],
        tenders: [{ type: 'cash', amount: 1_250_000, tendered: 1_500_000 }],
      },
    ]);
    // With the till's own token, not the member's.
    expect(api.spy.mock.calls.find(([u]) => String(u).includes('/sync'))?.[1]?.headers).toMatchObject({
      Authorization: 'Bearer till_secret',
    });
  });

  it("asks a manager's PIN, checked offline, for a discount above the cashier's limit", async () => {
    server();
    const user = await prepare();
    setOnline(false);
    await user.type(screen.getByRole('searchbox', { name: 'Search or scan' }), 'kaf-m{Enter}');
    fireEvent.click(screen.getByText('Change price'));
    // No price override: the Cashier's policy denies it, so its field is hidden.
    expect(screen.queryByLabelText('New price per unit (₦)')).toBeNull();
    await user.type(screen.getByLabelText('Discount per unit (₦)'), '2500');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByTestId('sale-total').textContent).toBe('₦10,000.00');
    await user.click(screen.getByRole('button', { name: 'Add payment' }));
    await user.click(screen.getByRole('button', { name: 'Complete sale' }));

    const dialog = await screen.findByRole('dialog', { name: 'Manager approval' });
    expect(dialog.textContent).toContain('Discount on Adire Kaftan (m / Indigo)');
    await user.type(screen.getByLabelText('PIN'), '111111');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText('That PIN is not right');
    await user.type(screen.getByLabelText('PIN'), '907733');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    await screen.findByRole('heading', { name: 'Receipt T2-000001' });
    const [stored] = await tillDb().sales.toArray();
    expect(stored?.sale.approvals).toMatchObject([{ action: 'discount', managerId: ids.manager, amount: 250_000 }]);
    expect(stored?.sale.lines).toEqual([{ variantId: ids.variant, quantity: 1, discount: 250_000 }]);
  });
});
