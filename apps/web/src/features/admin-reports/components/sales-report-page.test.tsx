import type { SalesReport } from '@shop/shared/reports';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { menuFor } from '@/lib/back-office-access.ts';
import { mockFetch, renderWithProviders } from '@/test/harness.tsx';
import { resetStaffTest, signInStaff, staffUser } from '@/test/staff.ts';
import { SalesReportPage } from './sales-report-page.tsx';

// Chart.js draws on a canvas, which jsdom has not: the chart stands in as its labels and series.
vi.mock('./report-chart.tsx', () => ({
  default: ({ title, series }: { title: string; series: { label: string; values: number[] }[] }) => (
    <div role="img" aria-label={title}>
      {series.map((s) => `${s.label}: ${s.values.join(',')}`).join(' | ')}
    </div>
  ),
}));

// 10:00 on 15 November 2026 in Lagos.
const NOW = new Date('2026-11-15T09:00:00Z');

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  signInStaff('owner');
});
afterEach(() => {
  vi.useRealTimers();
  resetStaffTest();
});

const figures = { orders: 2, units: 3, grossSales: 3_000_000, markdowns: 100_000, coupons: 50_000, tillDiscounts: 0, refunds: 0 };
const profit = { costOfGoods: 1_200_000, unitsUnknownCost: 1, paymentFees: 45_000, deliveryCost: 150_000 };

function report(withProfit: boolean, over: Partial<SalesReport> = {}): SalesReport {
  const rows = [
    {
      key: '2026-11-14',
      label: '14 Nov 2026',
      ...figures,
      netSales: 2_850_000,
      deliveryCharged: 200_000,
      ...(withProfit ? { ...profit, grossProfit: 1_655_000, marginPercent: 54.26 } : {}),
    },
  ];
  return {
    from: '2026-10-17',
    to: '2026-11-15',
    groupBy: 'day',
    rows,
    totals: { ...rows[0]!, averageOrderValue: 1_425_000, unitsPerOrder: 1.5 },
    comparison: null,
    ...over,
  };
}

describe('the sales report', () => {
  it('asks for the last 30 Lagos days by day, then for the preset and grouping chosen, and shows the totals and rows', async () => {
    const api = mockFetch(({ url }) => (url.pathname === '/api/reports/sales' ? { body: report(true) } : undefined));
    renderWithProviders(<SalesReportPage />, { path: '/reports' });
    const table = await screen.findByRole('table', { name: /Sales by day/ });
    expect(Object.fromEntries(api.last('/api/reports/sales')!.url.searchParams)).toEqual({
      from: '2026-10-17',
      to: '2026-11-15',
      groupBy: 'day',
    });
    expect(within(table).getByRole('rowheader', { name: '14 Nov 2026' })).toBeTruthy();
    expect(within(table).getAllByText('₦28,500.00').length).toBe(2); // the row's net sales and the total's
    const aov = screen.getByText('Average order value').parentElement!;
    expect(within(aov).getByText('₦14,250.00')).toBeTruthy();
    expect(within(screen.getByText('Units per order').parentElement!).getByText('1.50')).toBeTruthy();
    expect((await screen.findByRole('img', { name: /Net sales and gross profit by day/ })).textContent).toBe(
      'Net sales: 2850000 | Gross profit: 1655000',
    );

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Dates'), 'Last month');
    await user.selectOptions(screen.getByLabelText('Group by'), 'Payment method');
    await user.selectOptions(screen.getByLabelText('Compare with'), 'Previous period');
    await waitFor(() =>
      expect(Object.fromEntries(api.last('/api/reports/sales')!.url.searchParams)).toEqual({
        from: '2026-10-01',
        to: '2026-10-31',
        groupBy: 'payment_method',
        compare: 'previous_period',
      }),
    );
  });

  it('takes two Lagos days for Custom', async () => {
    const api = mockFetch(({ url }) => (url.pathname === '/api/reports/sales' ? { body: report(true) } : undefined));
    renderWithProviders(<SalesReportPage />, { path: '/reports' });
    await screen.findByRole('table', { name: /Sales by day/ });
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Dates'), 'Custom');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    await waitFor(() => expect(api.last('/api/reports/sales')!.url.searchParams.get('from')).toBe('2026-03-01'));
    expect(api.last('/api/reports/sales')!.url.searchParams.get('to')).toBe('2026-11-15');
  });

  it('shows the cost, fee, profit and margin columns only when the API sent them', async () => {
    mockFetch(({ url }) => (url.pathname === '/api/reports/sales' ? { body: report(false) } : undefined));
    renderWithProviders(<SalesReportPage />, { path: '/reports' });
    const table = await screen.findByRole('table', { name: /Sales by day/ });
    const headings = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headings).toEqual([
      'Day',
      'Orders',
      'Units',
      'Gross sales',
      'Markdowns',
      'Coupons',
      'Till discounts',
      'Refunds',
      'Net sales',
      'Delivery charged',
    ]);
    expect(screen.queryByText(/profit|cost|fee|margin/i)).toBeNull();
    expect((await screen.findByRole('img', { name: 'Net sales by day' })).textContent).toBe('Net sales: 2850000');
  });

  it('shows every column of the CSV with profit, and each total’s change against the comparison', async () => {
    const compared = report(true, {
      comparison: {
        from: '2026-09-17',
        to: '2026-10-16',
        totals: report(true).totals,
        change: { netSales: 12.5, grossProfit: -3.25, orders: null },
      },
    });
    mockFetch(({ url }) => (url.pathname === '/api/reports/sales' ? { body: compared } : undefined));
    renderWithProviders(<SalesReportPage />, { path: '/reports' });
    const table = await screen.findByRole('table', { name: /Sales by day/ });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toContain('Margin');
    expect(within(table).getAllByRole('columnheader')).toHaveLength(16);
    expect(within(table).getAllByText('54.26%').length).toBe(2);
    expect(
      within(screen.getByText('Net sales', { selector: 'dt' }).parentElement!).getByText('+12.50% vs comparison'),
    ).toBeTruthy();
    expect(
      within(screen.getByText('Gross profit', { selector: 'dt' }).parentElement!).getByText('-3.25% vs comparison'),
    ).toBeTruthy();
    expect(
      within(screen.getByText('Orders', { selector: 'dt' }).parentElement!).getByText('nothing to compare with'),
    ).toBeTruthy();
  });

  it('downloads the CSV for the same query, with the member’s token', async () => {
    const api = mockFetch(({ url }) =>
      url.pathname === '/api/reports/sales'
        ? { body: report(true) }
        : url.pathname === '/api/reports/sales.csv'
          ? { body: 'day,orders', headers: { 'content-type': 'text/csv' } }
          : undefined,
    );
    const createObjectURL = vi.fn(() => 'blob:csv');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    renderWithProviders(<SalesReportPage />, { path: '/reports' });
    await screen.findByRole('table', { name: /Sales by day/ });
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Group by'), 'Product');
    await user.selectOptions(screen.getByLabelText('Compare with'), 'Same period last year');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(api.last('/api/reports/sales.csv')).toBeTruthy());
    expect(Object.fromEntries(api.last('/api/reports/sales.csv')!.url.searchParams)).toEqual({
      from: '2026-10-17',
      to: '2026-11-15',
      groupBy: 'product',
      compare: 'previous_year',
    });
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
  });
});

describe('the Reports menu entry', () => {
  it('is for members with reports.sales only', () => {
    const labels = (permissions: readonly string[] | undefined) => menuFor(permissions).map((e) => e.label);
    expect(labels(staffUser('owner').permissions)).toContain('Reports');
    expect(labels(['reports.sales'])).toContain('Reports');
    expect(labels(staffUser('cashier').permissions)).not.toContain('Reports');
    expect(labels(['orders.read', 'customers.read', 'reports.profit'])).not.toContain('Reports');
  });
});
