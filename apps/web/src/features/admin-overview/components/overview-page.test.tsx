import { cleanup, screen, within } from '@testing-library/react';
import type { AdminStats } from '@shop/shared/admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '@/test/harness.tsx';
import { OverviewPage } from './overview-page.tsx';

const none = { revenue: 0, orders: 0 };
const low = (variantId: string, size: string, counter: number) => ({
  id: 'p1',
  variantId,
  sku: `AD-000001-${size[0]!.toUpperCase()}`,
  title: 'Ankara Dress',
  size,
  color: 'Red',
  counter,
});
const stats: AdminStats = {
  today: none,
  last7Days: none,
  last30Days: none,
  last30DaysBreakdown: { goods: 0, discount: 0, delivery: 0, total: 0 },
  daily: [{ date: '2026-11-24', ...none }],
  topProducts: [],
  lowStock: [low('v2', 'medium', 1), low('v3', 'large', 2)],
  lowStockTotal: 2,
  lowStockThreshold: 3,
  recentOrders: [],
  comparisons: {
    today: {
      current: { from: '2026-11-26', to: '2026-11-26', orders: 0, netSales: 0, averageOrderValue: null },
      previous: { from: '2026-11-19', to: '2026-11-19', orders: 0, netSales: 0, averageOrderValue: null },
      change: { orders: null, netSales: null, averageOrderValue: null },
    },
    last30Days: {
      current: { from: '2026-10-28', to: '2026-11-26', orders: 0, netSales: 0, averageOrderValue: null },
      previous: { from: '2026-09-28', to: '2026-10-27', orders: 0, netSales: 0, averageOrderValue: null },
      change: { orders: null, netSales: null, averageOrderValue: null },
    },
  },
};

/** Today (Thursday 26 November) against last Thursday, and 30 days against the 30 before, in kobo; with profit. */
const compared: AdminStats['comparisons'] = {
  today: {
    current: {
      from: '2026-11-26',
      to: '2026-11-26',
      orders: 3,
      netSales: 4_500_000,
      averageOrderValue: 1_500_000,
      grossProfit: 1_800_000,
      marginPercent: 38.5,
    },
    previous: {
      from: '2026-11-19',
      to: '2026-11-19',
      orders: 4,
      netSales: 4_000_000,
      averageOrderValue: 1_000_000,
      grossProfit: 1_800_000,
      marginPercent: 40.25,
    },
    change: { orders: -25, netSales: 12.5, averageOrderValue: 50, grossProfit: 0, marginPercent: -4.35 },
  },
  last30Days: {
    current: { from: '2026-10-28', to: '2026-11-26', orders: 40, netSales: 60_000_000, averageOrderValue: 1_500_000 },
    previous: { from: '2026-09-28', to: '2026-10-27', orders: 0, netSales: 0, averageOrderValue: null },
    change: { orders: null, netSales: null, averageOrderValue: null },
  },
};

/** The figures in a comparison card, each as its term and what is said of it. */
async function card(title: RegExp) {
  const heading = await screen.findByRole('heading', { name: title });
  const terms = within(heading.parentElement!).getAllByRole('term');
  return Object.fromEntries(
    terms.map((dt) => {
      const [value, change] = [dt.nextElementSibling!, dt.nextElementSibling!.nextElementSibling!];
      return [dt.textContent, `${value.textContent} | ${change.textContent}`];
    }),
  );
}

describe('Overview: low stock', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('lists two low sizes of one product as two rows, each with its size and units left', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch(({ url }) => (url.pathname === '/api/admin/stats' ? { body: stats } : undefined));
    renderWithProviders(<OverviewPage />);
    const card = (await screen.findByRole('heading', { name: /Low stock/ })).parentElement!;
    const rows = within(card).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['Ankara Dress (medium / Red)1 left', 'Ankara Dress (large / Red)2 left']);
    // Every row has 1 to the threshold left: nothing is shown as sold out.
    expect(within(card).queryByText('Out of stock')).toBeNull();
    // Keyed by variant: React would warn about two children with the product's id.
    expect(errors.mock.calls.flat().join(' ')).not.toMatch(/same key/);
  });
});

describe('Overview: today and the last 30 days compared', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows each figure with its change in words and what it was, gross profit and margin when sent', async () => {
    mockFetch(({ url }) => (url.pathname === '/api/admin/stats' ? { body: { ...stats, comparisons: compared } } : undefined));
    renderWithProviders(<OverviewPage />);
    expect(await card(/^Today vs last Thursday$/)).toEqual({
      'Net sales': '₦45,000.00 | ▲ Up 12.50% (was ₦40,000.00)',
      Orders: '3 | ▼ Down 25.00% (was 4)',
      'Average order value': '₦15,000.00 | ▲ Up 50.00% (was ₦10,000.00)',
      'Gross profit': '₦18,000.00 | No change (was ₦18,000.00)',
      // A margin moves in points, not in %.
      Margin: '38.50% | ▼ Down 1.75 points (was 40.25%)',
    });
    // The arrows are decoration: the words say up or down.
    for (const arrow of screen.getAllByText(/^[▲▼]\s*$/)) expect(arrow.getAttribute('aria-hidden')).toBe('true');
    expect(await card(/^Last 30 days vs previous 30$/)).toEqual({
      'Net sales': '₦600,000.00 | Nothing to compare with (was ₦0.00)',
      Orders: '40 | Nothing to compare with (was 0)',
      'Average order value': '₦15,000.00 | Nothing to compare with (was —)',
    });
    // The rest of the overview is still there.
    expect(screen.getByRole('heading', { name: /Low stock/ })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Today' })).toBeTruthy();
  });

  it('shows no gross profit or margin to a member without reports.profit (the API leaves them out)', async () => {
    const { grossProfit: _g, marginPercent: _m, ...current } = compared.today.current;
    const { grossProfit: _pg, marginPercent: _pm, ...previous } = compared.today.previous;
    const today = { current, previous, change: { orders: -25, netSales: 12.5, averageOrderValue: 50 } };
    mockFetch(({ url }) =>
      url.pathname === '/api/admin/stats' ? { body: { ...stats, comparisons: { ...compared, today } } } : undefined,
    );
    renderWithProviders(<OverviewPage />);
    expect(Object.keys(await card(/^Today vs last Thursday$/))).toEqual(['Net sales', 'Orders', 'Average order value']);
    expect(screen.queryByText('Gross profit')).toBeNull();
    expect(screen.queryByText('Margin')).toBeNull();
  });
});
