import type { DrawerView, ZReport } from '@shop/shared/pos-drawers';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '@/test/harness.tsx';
import { resetStaffTest, signInStaff } from '@/test/staff.ts';
import { DrawersPage } from './drawers-page.tsx';
import { ZReportPage } from './z-report-page.tsx';

beforeEach(() => {
  signInStaff('manager');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  resetStaffTest();
});

const DRAWER: DrawerView = {
  id: 'd1',
  tillId: 't1',
  tillName: 'Front counter',
  openedAt: '2026-11-26T07:00:00.000Z',
  openedBy: 'Emeka Nwosu',
  float: 2_000_000,
  closedAt: '2026-11-26T17:00:00.000Z',
  closedBy: 'Ada Obi',
  counted: 5_450_000,
  expected: 5_500_000,
  overShort: -50_000,
  note: '',
};

const REPORT: ZReport = {
  storeName: 'Adire Lagos',
  drawer: DRAWER,
  sales: { count: 5, total: 6_000_000 },
  tenders: [
    { type: 'cash', count: 4, amount: 4_000_000 },
    { type: 'card', count: 1, amount: 2_000_000 },
  ],
  exchanges: { count: 0, credit: 0 },
  refunds: { count: 1, total: 500_000, byTender: [{ type: 'cash', amount: 500_000 }] },
  discounts: { markdowns: 300_000, coupons: 0, till: 150_000 },
  cashiers: [{ cashierId: 'c1', name: 'Emeka Nwosu', sales: 5, total: 6_000_000 }],
  movements: [
    {
      id: 'm1',
      kind: 'pay_out',
      amount: 100_000,
      reason: 'Fuel for the generator',
      createdAt: '2026-11-26T12:00:00.000Z',
      createdBy: 'Ada Obi',
    },
  ],
  cash: {
    float: 2_000_000,
    sales: 4_000_000,
    refunds: 500_000,
    payIns: 100_000,
    payOuts: 100_000,
    expected: 5_500_000,
    counted: 5_450_000,
    overShort: -50_000,
  },
};

describe('Cash drawers and the Z-report', () => {
  it('lists drawers with their float and what was over or short, each linking to its report', async () => {
    mockFetch(({ url }) =>
      url.pathname === '/api/pos/drawers'
        ? { body: [DRAWER, { ...DRAWER, id: 'd2', closedAt: null, counted: null, expected: null, overShort: null }] }
        : url.pathname === '/api/pos/tills'
          ? { body: [] }
          : undefined,
    );
    renderWithProviders(<DrawersPage />, { path: '/drawers' });
    const table = await screen.findByRole('table', { name: 'Cash drawers' });
    await within(table).findByText('₦500.00 short');
    expect(within(table).getByText('Open')).toBeTruthy();
    expect(within(table).getAllByRole('link')[0]!.getAttribute('href')).toBe('/drawers/d1');
  });

  it('shows sales by tender, refunds, discounts apart, cashiers, pay-outs and the cash expected against counted', async () => {
    const api = mockFetch(({ url }) => (url.pathname === '/api/pos/drawers/d1/report' ? { body: REPORT } : undefined));
    renderWithProviders(<ZReportPage />, { path: '/drawers/:id', url: '/drawers/d1' });
    await screen.findByRole('heading', { name: 'Z-report · Front counter' });
    const table = (name: string) => screen.getByRole('table', { name });
    expect(within(table('Sales by tender')).getByText('Cash').parentElement!.textContent).toBe('Cash4₦40,000.00');
    expect(within(table('Sales by tender')).getByText('All sales').parentElement!.textContent).toBe('All sales5₦60,000.00');
    expect(within(table('Refunds')).getByText('1 refunds').parentElement!.textContent).toContain('₦5,000.00');
    expect(within(table('Discounts')).getByText('Till discounts and price changes').parentElement!.textContent).toContain(
      '₦1,500.00',
    );
    expect(within(table('By cashier')).getByText('Emeka Nwosu')).toBeTruthy();
    expect(within(table('Pay-ins and pay-outs')).getByText('Fuel for the generator')).toBeTruthy();
    const cash = table('Cash in the drawer');
    expect(within(cash).getByText('Expected').parentElement!.textContent).toBe('Expected₦55,000.00');
    expect(within(cash).getByText('Counted').parentElement!.textContent).toBe('Counted₦54,500.00');
    expect(within(cash).getByText('Over / short').parentElement!.textContent).toBe('Over / short₦500.00 short');
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeTruthy();
    expect(api.requests.map((r) => r.url.pathname)).toEqual(['/api/pos/drawers/d1/report']);
  });
});
