import type { TillStaff, TillVariant } from '@shop/shared/pos-till';
import { describe, expect, it } from 'vitest';
import type { CartLine } from './cart.ts';
import { approvers, checkSale, lineControls } from './policy.ts';

type Policy = 'allow' | 'deny' | 'approval';
const member = (
  id: string,
  name: string,
  pos: Partial<Record<'discount' | 'priceOverride' | 'refund' | 'negativeStock', Policy>>,
  limit = 10,
): TillStaff => ({
  id,
  firstName: id,
  lastName: 'Obi',
  role: {
    name,
    pos: { discount: 'allow', priceOverride: 'allow', refund: 'allow', negativeStock: 'allow', ...pos },
    discountLimitPercent: limit,
  },
  pin: { algorithm: 'scrypt', N: 1024, r: 8, p: 1, salt: '', hash: '' },
});
const cashier = member('ada', 'Cashier', { discount: 'approval', priceOverride: 'deny', negativeStock: 'approval' });
const line = (extra: Partial<CartLine> = {}): CartLine => ({
  variantId: 'v1',
  productId: 'p1',
  title: 'Adire dress (M)',
  sku: 'ADR-M',
  listPrice: 10_000,
  quantity: 1,
  ...extra,
});
const variants = new Map([['v1', { id: 'v1', stock: 1 } as TillVariant]]);
const settings = { posOfflineStock: 'allow_negative' as const, posOfflineSaleLimit: 50_000, posOfflineTillLimit: 100_000 };
const base = { cashier, variants, settings, offline: true, offlineSinceSync: 0 };

describe("the cashier role's till policies, offline", () => {
  it('lets a discount within the limit through and asks a manager for one above it', () => {
    expect(checkSale({ ...base, lines: [line({ discount: 1_000 })] })).toEqual({ approvals: [], refused: [] });
    const above = checkSale({ ...base, lines: [line({ discount: 1_001 })] });
    expect(above.approvals).toEqual([{ action: 'discount', amount: 1_001, reason: 'Discount on Adire dress (M)' }]);
  });

  it('refuses a price override the role denies, and hides its control', () => {
    expect(checkSale({ ...base, lines: [line({ unitPrice: 9_000 })] }).refused).toEqual([
      'Price of Adire dress (M): your role may not',
    ]);
    expect(lineControls(cashier.role)).toEqual({ discount: true, priceOverride: false });
  });

  it('asks for approval to sell past the stock last seen, and over the offline limits, only offline', () => {
    const lines = [line({ quantity: 2 })];
    expect(checkSale({ ...base, lines }).approvals.map((a) => a.action)).toEqual(['negative_stock']);
    expect(checkSale({ ...base, lines, offline: false }).approvals).toEqual([]);
    const big = [line({ listPrice: 60_000 })];
    expect(checkSale({ ...base, lines: big }).approvals.map((a) => a.reason)).toEqual(['Above the limit of one offline sale']);
    expect(checkSale({ ...base, lines: [line()], offlineSinceSync: 95_000 }).approvals.map((a) => a.action)).toEqual([
      'offline_limit',
    ]);
  });

  it('names as approvers only members whose own role allows it and who have a PIN', () => {
    const manager = member('bola', 'Manager', {});
    const noPin = { ...member('chi', 'Manager', {}), pin: null };
    expect(approvers([cashier, manager, noPin], 'discount').map((m) => m.id)).toEqual(['bola']);
    expect(approvers([cashier, manager, noPin], 'offline_limit').map((m) => m.id)).toEqual(['bola']);
  });
});
