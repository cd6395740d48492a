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
};

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
