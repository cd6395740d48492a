import type { ConflictSale, ConflictsView } from '@shop/shared/pos-till';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '@/test/harness.tsx';
import { resetStaffTest, signInStaff } from '@/test/staff.ts';
import { ConflictsPage } from './conflicts-page.tsx';

beforeEach(() => {
  signInStaff('manager');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  resetStaffTest();
});

const sale = (n: number, overrides: Partial<ConflictSale> = {}): ConflictSale => ({
  id: `s${n}`,
  number: `T1-00000${n}`,
  createdAt: '2026-11-26T08:00:00.000Z',
  tillName: 'Front counter',
  cashierName: 'Emeka Nwosu',
  total: 1_250_000,
  offline: true,
  review: null,
  approvals: [],
  lines: [{ variantId: 'v1', title: 'Adire scarf', sku: 'AS-M-RED', quantity: 1 }],
  ...overrides,
});

const VIEW: ConflictsView = {
  oversold: [
    {
      variantId: 'v1',
      productId: 'p1',
      title: 'Adire scarf',
      sku: 'AS-M-RED',
      size: 'medium',
      colour: 'Red',
      stock: -2,
      oversoldAt: '2026-11-26T08:05:00.000Z',
      sales: [sale(1), sale(2, { tillName: 'Back room' })],
    },
  ],
  held: [sale(3, { review: 'held' })],
  approved: [
    sale(4, {
      approvals: [
        { action: 'discount', managerId: 'm1', managerName: 'Ada Obi', amount: 200_000, at: '2026-11-26T08:10:00.000Z' },
      ],
    }),
  ],
};

function renderConflicts() {
  let view = VIEW;
  const api = mockFetch(({ method, url }) => {
    if (url.pathname === '/api/pos/conflicts') return { body: view };
    if (method === 'POST' && url.pathname === '/api/pos/conflicts/s3/accept') {
      view = { ...view, held: [] };
      return { body: { ok: true } };
    }
    if (method === 'POST' && url.pathname === '/api/pos/conflicts/s3/void')
      return { status: 409, body: { msg: 'This sale was already accepted' } };
    return undefined;
  });
  renderWithProviders(<ConflictsPage />, { path: '/pos-conflicts' });
  return api;
}

describe('Sync conflicts', () => {
  it('lists each variant sold below zero with its sales, and the sales approved offline with what was approved', async () => {
    renderConflicts();
    const oversold = await screen.findByRole('region', { name: 'Sold below zero' });
    expect(oversold.textContent).toContain('Adire scarf · MEDIUM / Red');
    expect(oversold.textContent).toContain('stock −2 (oversold)');
    expect(within(oversold).getByText('T1-000001')).toBeTruthy();
    expect(within(oversold).getByText('T1-000002').parentElement!.textContent).toContain('Back room');
    const approved = screen.getByRole('region', { name: 'Approved offline' });
    expect(approved.textContent).toContain('Discount above the limit (₦2,000.00), approved by Ada Obi');
  });

  it('accepts a held sale after asking, and shows the server’s refusal of a void', async () => {
    const api = renderConflicts();
    const held = await screen.findByRole('region', { name: 'Held for review' });
    await userEvent.click(within(held).getByRole('button', { name: 'Void sale T1-000003' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Void' }));
    await waitFor(() => expect(api.requests.some((r) => r.url.pathname === '/api/pos/conflicts/s3/void')).toBe(true));

    await userEvent.click(within(held).getByRole('button', { name: 'Accept sale T1-000003' }));
    expect(screen.getByRole('alertdialog').textContent).toContain('stock, which may go below zero');
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('No sale is waiting for review.')).toBeTruthy();
  });

  it('offers Accept and Void only to whom the API allows them (orders.fulfil, orders.refund)', async () => {
    signInStaff('fulfilment');
    renderConflicts();
    const held = await screen.findByRole('region', { name: 'Held for review' });
    expect(within(held).getByRole('button', { name: 'Accept sale T1-000003' })).toBeTruthy();
    expect(within(held).queryByRole('button', { name: 'Void sale T1-000003' })).toBeNull();
  });
});
