import 'fake-indexeddb/auto';
import type { TillCatalogue, TillStaff } from '@shop/shared/pos-till';
import { scrypt } from '@noble/hashes/scrypt.js';
import { act, cleanup, configure, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session-store.ts';
import { mockFetch, renderWithProviders } from '@/test/harness.tsx';
import { tillDb } from '../till-db.ts';
import { useTill } from '../till-store.ts';
import { TillApp } from './till-app.tsx';

const ids = {
  till: '7f000000-0000-4000-8000-000000000001',
  product: '7f000000-0000-4000-8000-000000000002',
  variant: '7f000000-0000-4000-8000-000000000003',
  cashier: '7f000000-0000-4000-8000-000000000004',
  manager: '7f000000-0000-4000-8000-000000000005',
};

const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
function pinHash(pin: string) {
  const salt = new Uint8Array(16).fill(3);
  return {
    algorithm: 'scrypt' as const,
    N: 1024,
    r: 8,
    p: 1,
    salt: base64(salt),
    hash: base64(scrypt(pin, salt, { N: 1024, r: 8, p: 1, dkLen: 32 })),
  };
}
const member = (id: string, firstName: string, roleName: string, discount: 'allow' | 'approval', pin: string): TillStaff => ({
  id,
  firstName,
  lastName: 'Obi',
  role: {
    name: roleName,
    pos: { discount, priceOverride: 'deny', refund: 'allow', negativeStock: 'allow' },
    discountLimitPercent: 5,
  },
  pin: pinHash(pin),
});

const catalogue: TillCatalogue = {
  version: '1000',
  full: true,
  products: [
    {
      id: ids.product,
      name: 'Adire Kaftan',
      brand: 'Lagos Loom',
      image: null,
      price: 1_250_000,
      salePrice: 1_250_000,
      paused: false,
    },
  ],
  variants: [
    {
      id: ids.variant,
      productId: ids.product,
      sku: 'KAF-M',
      barcode: '5901234123457',
      size: 'm',
      colour: 'Indigo',
      price: 1_250_000,
      salePrice: 1_250_000,
      stock: 4,
      image: null,
    },
  ],
  customers: [],
  staff: [member(ids.cashier, 'Ada', 'Cashier', 'approval', '4821'), member(ids.manager, 'Bola', 'Manager', 'allow', '907733')],
  settings: { posOfflineStock: 'allow_negative', posOfflineSaleLimit: 0, posOfflineTillLimit: 0 },
  removed: { productIds: [], variantIds: [], customerIds: [] },
};

let online = true;
function setOnline(value: boolean) {
  online = value;
  act(() => {
    window.dispatchEvent(new Event(value ? 'online' : 'offline'));
  });
}

function server() {
  return mockFetch(({ method, url, body }) => {
    if (method === 'POST' && url.pathname === '/api/pos/tills')
      return { status: 201, body: { tillId: ids.till, prefix: 'T2', deviceToken: 'till_secret' } };
    if (url.pathname === '/api/pos/catalogue') return { body: catalogue };
    if (url.pathname === '/api/pos/sales/sync') {
      const { sales } = body as { sales: { id: string }[] };
      return { body: { results: sales.map((s) => ({ id: s.id, status: 'recorded', orderId: s.id })) } };
    }
    return undefined;
  });
}

beforeEach(() => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  useSession.setState({ status: 'signed-in', user: { id: ids.cashier, role: 'admin' } as never });
});
afterEach(async () => {
  cleanup();
  useTill.setState({ phase: 'loading', receipt: null, lines: [], tenders: [], approvals: [], customer: null });
  vi.restoreAllMocks();
  await tillDb().delete();
  await tillDb().open();
});

async function prepare() {
  const user = userEvent.setup();
  renderWithProviders(<TillApp />, { path: '/pos' });
  await user.click(await screen.findByRole('button', { name: 'Set up this till' }));
  await screen.findByText(/Cashier: Ada Obi/);
  return user;
}

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
