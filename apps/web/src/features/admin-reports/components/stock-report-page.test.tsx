import type { StockReport, StockRow } from '@shop/shared/reports';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '@/test/harness.tsx';
import { resetStaffTest, signInStaff } from '@/test/staff.ts';
import { StockReportPage } from './stock-report-page.tsx';

vi.mock('./report-chart.tsx', () => ({
  default: ({ title, series }: { title: string; series: { label: string; values: number[] }[] }) => (
    <div role="img" aria-label={title}>
      {series.map((s) => `${s.label}: ${s.values.join(',')}`).join(' | ')}
    </div>
  ),
}));

beforeEach(() => signInStaff('owner'));
afterEach(() => resetStaffTest());

const ROW: StockRow = {
  variantId: 'v1',
  productId: 'p1',
  sku: 'ADR-001-M',
  label: 'Adire shirt · M · Blue',
  category: 'Fashion',
  onHand: 12,
  reserved: 2,
  price: 1_500_000,
  valueAtPrice: 18_000_000,
  sold30: 3,
  coverDays: 120,
  lastSold: '2026-11-10T10:00:00.000Z',
  dead: false,
  reorder: false,
};
const totals = { variants: 1, onHand: 12, reserved: 2, valueAtPrice: 18_000_000, sold30: 3, dead: 0, reorder: 0 };

function stock(withCost: boolean): StockReport {
  return {
    rows: [{ ...ROW, ...(withCost ? { cost: 700_000, valueAtCost: 8_400_000 } : {}), reorder: true }],
    total: 31,
    limit: 10,
    offset: 0,
    reorderDays: 14,
    totals: { ...totals, ...(withCost ? { valueAtCost: 8_400_000, variantsUnknownCost: 4, unitsUnknownCost: 9 } : {}) },
  };
}

const answer = (withCost: boolean) => (r: { url: URL }) =>
  r.url.pathname === '/api/reports/stock'
    ? { body: stock(withCost) }
    : r.url.pathname === '/api/categories'
      ? { body: [{ id: '7d4f9d7e-1111-4c2b-9a6e-2f1e5b3c4d5e', name: 'Fashion' }] }
      : undefined;

describe('the stock report', () => {
  it('asks for the first page by name, shows the rows, the totals and the flags, and filters and sorts on the server', async () => {
    const api = mockFetch(answer(true));
    renderWithProviders(<StockReportPage />, { path: '/reports/stock' });
    const table = await screen.findByRole('table', { name: 'Stock by variant' });
    expect(Object.fromEntries(api.last('/api/reports/stock')!.url.searchParams)).toEqual({
      sort: 'name',
      dir: 'asc',
      limit: '10',
      offset: '0',
    });
    const row = (await within(table).findByText('Adire shirt · M · Blue')).closest('tr')!;
    expect(within(row).getByText('₦84,000.00')).toBeTruthy(); // value at cost
    expect(within(row).getByText('120.0')).toBeTruthy();
    expect(within(row).getByText('Reorder')).toBeTruthy();
    expect(within(screen.getByText('Variants without a cost').parentElement!).getByText('4')).toBeTruthy();
    expect(screen.getByText('To reorder (under 14 days of cover)')).toBeTruthy();

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Show'), 'Dead stock');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Days of cover');
    await user.selectOptions(screen.getByLabelText('Order'), 'Highest first (Z to A)');
    await user.selectOptions(await screen.findByLabelText('Category'), 'Fashion');
    await waitFor(() =>
      expect(Object.fromEntries(api.last('/api/reports/stock')!.url.searchParams)).toEqual({
        sort: 'cover',
        dir: 'desc',
        flag: 'dead',
        category: '7d4f9d7e-1111-4c2b-9a6e-2f1e5b3c4d5e',
        limit: '10',
        offset: '0',
      }),
    );
    await user.click(screen.getByRole('button', { name: /^(Page 2|2)$/ }));
    await waitFor(() => expect(api.last('/api/reports/stock')!.url.searchParams.get('offset')).toBe('10'));
  });

  it('has no cost column or value at cost when the API left them out', async () => {
    mockFetch(answer(false));
    renderWithProviders(<StockReportPage />, { path: '/reports/stock' });
    const table = await screen.findByRole('table', { name: 'Stock by variant' });
    await within(table).findByText('Adire shirt · M · Blue');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'SKU',
      'Variant',
      'Category',
      'On hand',
      'Reserved',
      'Price',
      'Value at price',
      'Sold in 30 days',
      'Days of cover',
      'Last sold',
      'Flags',
    ]);
    expect(screen.queryByText(/cost/i, { ignore: 'p' })).toBeNull();
    expect((await screen.findByRole('img')).textContent).toBe('Value at price: 18000000');
  });
});
