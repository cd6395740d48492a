import type { CouponsReport, CustomersReport, PodReport } from '@shop/shared/reports';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '@/test/harness.tsx';
import { resetStaffTest, signInStaff } from '@/test/staff.ts';
import { CouponsReportPage } from './coupons-report-page.tsx';
import { CustomersReportPage } from './customers-report-page.tsx';
import { PodReportPage } from './pod-report-page.tsx';

vi.mock('./report-chart.tsx', () => ({
  default: ({ title, series }: { title: string; series: { label: string; values: number[] }[] }) => (
    <div role="img" aria-label={title}>
      {series.map((s) => `${s.label}: ${s.values.join(',')}`).join(' | ')}
    </div>
  ),
}));

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-15T09:00:00Z'), toFake: ['Date'] });
  signInStaff('owner');
});
afterEach(() => {
  vi.useRealTimers();
  resetStaffTest();
});

const lagos = { sent: 10, paid: 6, refused: 2, unconfirmed: 1, failureRate: 30, toCollectOrders: 1, toCollect: 2_500_000 };
const POD: PodReport = {
  from: '2026-10-17',
  to: '2026-11-15',
  rows: [{ key: 'Lagos', label: 'Lagos', ...lagos }],
  totals: lagos,
  comparison: null,
};

describe('the pay-on-delivery report', () => {
  it('asks for the chosen days and shows each state’s orders, failure rate and money to collect', async () => {
    const api = mockFetch(({ url }) => (url.pathname === '/api/reports/pod' ? { body: POD } : undefined));
    renderWithProviders(<PodReportPage />, { path: '/reports/pod' });
    const table = await screen.findByRole('table', { name: /^Pay on delivery by state/ });
    expect(Object.fromEntries(api.last('/api/reports/pod')!.url.searchParams)).toEqual({ from: '2026-10-17', to: '2026-11-15' });
    const row = within(table).getByRole('rowheader', { name: 'Lagos' }).closest('tr')!;
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      '10',
      '6',
      '2',
      '1',
      '30.00%',
      '1',
      '₦25,000.00',
    ]);
    expect((await screen.findByRole('img')).textContent).toBe('Sent: 10 | Refused at delivery: 2');

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Dates'), 'Yesterday');
    await user.selectOptions(screen.getByLabelText('Compare with'), 'Same period last year');
    await waitFor(() =>
      expect(Object.fromEntries(api.last('/api/reports/pod')!.url.searchParams)).toEqual({
        from: '2026-11-14',
        to: '2026-11-14',
        compare: 'previous_year',
      }),
    );
  });
});

describe('the coupons report', () => {
  const figures = { orders: 3, units: 4, grossSales: 4_000_000, markdowns: 0, coupons: 400_000, tillDiscounts: 0, refunds: 0 };
  const row = { key: 'WELCOME10', label: 'WELCOME10', ...figures, netSales: 3_600_000, deliveryCharged: 0 };
  const COUPONS: CouponsReport = {
    from: '2026-10-17',
    to: '2026-11-15',
    rows: [row],
    totals: { ...row, averageOrderValue: 1_200_000, unitsPerOrder: 1.33 },
    comparison: null,
  };

  it('shows a row per code with the discount it gave, and no profit column when the API sent none', async () => {
    const api = mockFetch(({ url }) => (url.pathname === '/api/reports/coupons' ? { body: COUPONS } : undefined));
    renderWithProviders(<CouponsReportPage />, { path: '/reports/coupons' });
    const table = await screen.findByRole('table', { name: /^Sales by coupon/ });
    expect(api.last('/api/reports/coupons')!.url.searchParams.get('from')).toBe('2026-10-17');
    const cells = within(table).getByRole('rowheader', { name: 'WELCOME10' }).closest('tr')!.querySelectorAll('td');
    expect(cells[4]!.textContent).toBe('₦4,000.00'); // Coupons: the discount given
    expect(within(table).queryByRole('columnheader', { name: /profit|cost|fee|margin/i })).toBeNull();
    expect(screen.queryByText(/profit/i, { ignore: 'p' })).toBeNull();
  });
});

describe('the customers report', () => {
  const totals = {
    customers: 5,
    newCustomers: 2,
    returningCustomers: 3,
    newNetSales: 1_000_000,
    returningNetSales: 4_000_000,
    repeatRate: 60,
  };
  const CUSTOMERS: CustomersReport = {
    from: '2026-10-17',
    to: '2026-11-15',
    totals,
    top: [{ key: 'account:u1', label: 'Ngozi Eze', kind: 'account', orders: 2, netSales: 2_500_000, isNew: true }],
    comparison: { from: '2026-09-17', to: '2026-10-16', totals, change: { customers: 25, repeatRate: null } },
  };

  it('shows new and returning customers with their change, the repeat rate and the top customers', async () => {
    const api = mockFetch(({ url }) => (url.pathname === '/api/reports/customers' ? { body: CUSTOMERS } : undefined));
    renderWithProviders(<CustomersReportPage />, { path: '/reports/customers' });
    const table = await screen.findByRole('table', { name: /^Top customers by net sales/ });
    expect(api.last('/api/reports/customers')!.url.searchParams.get('to')).toBe('2026-11-15');
    const row = within(table).getByText('Ngozi Eze').closest('tr')!;
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      'Ngozi Eze',
      'Account',
      '2',
      '₦25,000.00',
      'New',
    ]);
    expect(
      within(screen.getByText('Customers', { selector: 'dt' }).parentElement!).getByText('+25.00% vs comparison'),
    ).toBeTruthy();
    expect(within(screen.getByText('Repeat-purchase rate').parentElement!).getByText('60.00%')).toBeTruthy();
    expect((await screen.findByRole('img')).textContent).toBe('Net sales: 2500000');
  });
});
