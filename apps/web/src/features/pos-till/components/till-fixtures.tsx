/**
 * The till's tests' device and server: a catalogue of one kaftan, a cashier (Ada, PIN 4821)
 * and a manager (Bola, PIN 907733) with PINs hashed as the server does (cheaper), the network
 * switched on and off, and a fetch stand-in answering the till's routes (more through
 * `extra`). Only tests import it.
 */
import type { TillCatalogue, TillStaff } from '@shop/shared/pos-till';
import { scrypt } from '@noble/hashes/scrypt.js';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { useSession } from '@/lib/session-store.ts';
import { mockFetch, type RecordedRequest, renderWithProviders } from '@/test/harness.tsx';
import { tillDb } from '../till-db.ts';
import { useTill } from '../till-store.ts';
import { TillApp } from './till-app.tsx';

export const ids = {
  till: '7f000000-0000-4000-8000-000000000001',
  product: '7f000000-0000-4000-8000-000000000002',
  variant: '7f000000-0000-4000-8000-000000000003',
  cashier: '7f000000-0000-4000-8000-000000000004',
  manager: '7f000000-0000-4000-8000-000000000005',
  large: '7f000000-0000-4000-8000-000000000006',
};

const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
export function pinHash(pin: string) {
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
export const member = (
  id: string,
  firstName: string,
  roleName: string,
  discount: 'allow' | 'approval',
  pin: string,
): TillStaff => ({
  id,
  firstName,
  lastName: 'Obi',
  role: {
    name: roleName,
    pos: { discount, priceOverride: 'deny', refund: discount, negativeStock: 'allow' },
    discountLimitPercent: 5,
  },
  pin: pinHash(pin),
});

export const catalogue: TillCatalogue = {
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
    // The large, dearer: what a kaftan is exchanged for.
    {
      id: ids.large,
      productId: ids.product,
      sku: 'KAF-L',
      barcode: null,
      size: 'l',
      colour: 'Indigo',
      price: 1_500_000,
      salePrice: 1_500_000,
      stock: 2,
      image: null,
    },
  ],
  customers: [],
  staff: [member(ids.cashier, 'Ada', 'Cashier', 'approval', '4821'), member(ids.manager, 'Bola', 'Manager', 'allow', '907733')],
  settings: { posOfflineStock: 'allow_negative', posOfflineSaleLimit: 0, posOfflineTillLimit: 0 },
  removed: { productIds: [], variantIds: [], customerIds: [] },
};

let online = true;
export function setOnline(value: boolean) {
  online = value;
  act(() => {
    window.dispatchEvent(new Event(value ? 'online' : 'offline'));
  });
}

export function server(extra: (request: RecordedRequest) => { status?: number; body?: unknown } | undefined = () => undefined) {
  return mockFetch((request) => {
    const { method, url, body } = request;
    if (method === 'POST' && url.pathname === '/api/pos/tills')
      return { status: 201, body: { tillId: ids.till, prefix: 'T2', deviceToken: 'till_secret' } };
    if (url.pathname === '/api/pos/catalogue') return { body: catalogue };
    if (url.pathname === '/api/pos/sales/sync') {
      const { sales } = body as { sales: { id: string }[] };
      return { body: { results: sales.map((s) => ({ id: s.id, status: 'recorded', orderId: s.id })) } };
    }
    return extra(request);
  });
}

/** Each test starts online on an empty device, signed in as the cashier. */
export function resetTill() {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  useSession.setState({ status: 'signed-in', user: { id: ids.cashier, role: 'admin' } as never });
}

export async function clearTill() {
  useTill.setState({ phase: 'loading', receipt: null, lines: [], tenders: [], approvals: [], customer: null, drawer: null });
  vi.restoreAllMocks();
  await tillDb().delete();
  await tillDb().open();
}

/** The till set up online as "Front counter", Ada selling. */
export async function prepare() {
  const user = userEvent.setup();
  renderWithProviders(<TillApp />, { path: '/pos' });
  await user.click(await screen.findByRole('button', { name: 'Set up this till' }));
  await screen.findByText(/Cashier: Ada Obi/);
  return user;
}
