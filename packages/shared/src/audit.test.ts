import { describe, expect, it } from 'vitest';
import {
  AUDIT_ACTIONS,
  auditListQuery,
  auditSentence,
  auditTime,
  changedFields,
  describeChange,
  historySentence,
} from './audit.ts';

describe('changedFields', () => {
  it('keeps only the fields that differ, each side with its own value; the row’s own write time is never one', () => {
    expect(
      changedFields(
        { id: 'o1', status: 'pending', total: 500, note: null, updatedAt: '2025-01-01T10:00:00.000Z' },
        { id: 'o1', status: 'paid', total: 500, note: 'Paid at the counter', updatedAt: '2025-01-01T10:05:00.000Z' },
      ),
    ).toEqual({ before: { status: 'pending', note: null }, after: { status: 'paid', note: 'Paid at the counter' } });
  });

  it('compares objects whatever their keys’ order, and lists of rows by id: only the rows added, removed or changed', () => {
    const before = {
      settings: { a: 1, b: 2 },
      variants: [
        { id: 'v1', sku: 'A', counter: 5 },
        { id: 'v2', sku: 'B', counter: 1 },
        { id: 'v3', sku: 'C', counter: 0 },
      ],
    };
    const after = {
      settings: { b: 2, a: 1 },
      variants: [
        { sku: 'A', counter: 5, id: 'v1' },
        { id: 'v2', sku: 'B', counter: 9 },
        { id: 'v4', sku: 'D', counter: 2 },
      ],
    };
    expect(changedFields(before, after)).toEqual({
      before: {
        variants: [
          { id: 'v2', sku: 'B', counter: 1 },
          { id: 'v3', sku: 'C', counter: 0 },
        ],
      },
      after: {
        variants: [
          { id: 'v2', sku: 'B', counter: 9 },
          { id: 'v4', sku: 'D', counter: 2 },
        ],
      },
    });
  });

  it('a field that appears or goes is null on the other side; lists without ids are compared whole', () => {
    expect(changedFields({ images: ['a', 'b'] }, { images: ['b', 'a'], extra: 1 })).toEqual({
      before: { images: ['a', 'b'], extra: null },
      after: { images: ['b', 'a'], extra: 1 },
    });
  });

  it('something created has no before, something deleted no after: the whole of the other side', () => {
    expect(changedFields(null, { id: 'p1', title: 'Wrap', updatedAt: 'x' })).toEqual({
      before: null,
      after: { id: 'p1', title: 'Wrap' },
    });
    expect(changedFields({ id: 'p1', title: 'Wrap' }, null)).toEqual({ before: { id: 'p1', title: 'Wrap' }, after: null });
    expect(changedFields(null, null)).toEqual({ before: null, after: null });
  });

  it('nothing changed: both sides empty', () => {
    expect(changedFields({ id: 'o1', status: 'paid' }, { id: 'o1', status: 'paid' })).toEqual({ before: {}, after: {} });
  });
});

describe('describeChange', () => {
  it('a payment recorded: its amount (whole naira without kobo), how, and the bank reference', () => {
    expect(
      describeChange({
        action: 'order.payment_recorded',
        before: { paymentStatus: 'unpaid', payments: [] },
        after: { paymentStatus: 'paid', payments: [{ id: 'p1', method: 'transfer', amount: 2_500_000, reference: '' }] },
      }),
    ).toBe('recorded ₦25,000 by transfer');
    expect(
      describeChange({
        action: 'order.payment_recorded',
        before: { payments: [] },
        after: { payments: [{ id: 'p2', method: 'pod', amount: 1_250_050, reference: 'RIDER-7' }] },
      }),
    ).toBe('recorded ₦12,500.50 by pay on delivery (ref. RIDER-7)');
  });

  it('a refund started, and then settled in a later transaction', () => {
    expect(
      describeChange({
        action: 'order.refunded',
        before: { refunds: [] },
        after: { refunds: [{ id: 'r1', amount: 500_000, reason: 'Late delivery', status: 'processed' }] },
      }),
    ).toBe('refunded ₦5,000 (Late delivery)');
    expect(
      describeChange({
        action: 'order.refunded',
        before: { refunds: [{ id: 'r1', amount: 500_000, status: 'pending' }] },
        after: { refunds: [{ id: 'r1', amount: 500_000, status: 'processed' }] },
      }),
    ).toBe('refund of ₦5,000 is processed');
  });

  it('a status change says what became of the order', () => {
    const to = (status: string) => describeChange({ action: 'order.status_changed', before: {}, after: { status } });
    expect(to('fulfilled')).toBe('marked the order sent');
    expect(to('cancelled')).toBe('cancelled the order');
    expect(to('something new')).toBe(AUDIT_ACTIONS['order.status_changed']);
  });

  it('a product change names each change: rename, prices, pausing, other fields, stock per variant', () => {
    expect(
      describeChange({
        action: 'product.updated',
        before: { title: 'Wrap', price: 2_500_000, discount: 0, paused: false, description: 'a' },
        after: { title: 'Silk Wrap', price: 3_000_000, discount: 500_000, paused: true, description: 'b' },
      }),
    ).toBe(
      'renamed it from “Wrap” to “Silk Wrap”; changed the price from ₦25,000 to ₦30,000; changed the markdown from ₦0 to ₦5,000; paused it; changed the description',
    );
    expect(
      describeChange({
        action: 'product.variants_replaced',
        before: {
          variants: [
            { id: 'v1', size: 'M', color: 'Red', counter: 5 },
            { id: 'v2', size: 'L', color: '', counter: 1 },
          ],
        },
        after: {
          variants: [
            { id: 'v1', size: 'M', color: 'Red', counter: 9 },
            { id: 'v3', size: 'S', color: 'Red', counter: 2 },
          ],
        },
      }),
    ).toBe('set the stock of M / Red from 5 to 9, added S / Red, removed L');
  });

  it('a sale at the till, an import, a create or delete with its name, an unknown action', () => {
    expect(describeChange({ action: 'pos.sale', before: null, after: { total: 900_000, paymentMethod: 'cash' } })).toBe(
      'sold ₦9,000 by cash at the till',
    );
    expect(describeChange({ action: 'catalog.imported', before: null, after: { created: 3, updated: 2 } })).toBe(
      'imported the catalogue: 3 created, 2 updated',
    );
    expect(describeChange({ action: 'coupon.created', before: null, after: { code: 'WELCOME10' } })).toBe(
      'created the coupon “WELCOME10”',
    );
    expect(describeChange({ action: 'product.deleted', before: { title: 'Wrap' }, after: null })).toBe(
      'deleted the product “Wrap”',
    );
    expect(describeChange({ action: 'order.confirmed', before: {}, after: {} })).toBe('confirmed the order with the shopper');
    expect(describeChange({ action: 'PATCH /api/orders/:id/status', before: null, after: null })).toBe(
      'made a change (PATCH /api/orders/:id/status)',
    );
  });
});

describe('auditSentence', () => {
  const now = new Date('2025-03-03T18:00:00Z');
  const payment = {
    action: 'order.payment_recorded',
    before: { payments: [] },
    after: { payments: [{ id: 'p1', method: 'transfer', amount: 2_500_000 }] },
  };

  it('who (and their role), what, and when in Lagos: the time alone on the same Lagos day', () => {
    // 13:02 UTC is 14:02 in Lagos.
    expect(
      auditSentence({ ...payment, actorName: 'Ada Obi', actorRole: 'Cashier', createdAt: '2025-03-03T13:02:00Z' }, now),
    ).toBe('Ada Obi (Cashier) recorded ₦25,000 by transfer, 14:02');
  });

  it('the day too on another Lagos day (23:30 UTC is already tomorrow in Lagos), and “Someone” when nobody is named', () => {
    expect(auditTime('2025-03-02T23:30:00Z', now)).toBe('00:30');
    expect(auditTime('2025-03-02T22:30:00Z', now)).toMatch(/^2 Mar 2025, 23:30$/);
    expect(auditSentence({ ...payment, actorName: null, actorRole: null, createdAt: '2025-03-01T09:00:00Z' }, now)).toMatch(
      /^Someone recorded ₦25,000 by transfer, 1 Mar 2025, 10:00$/,
    );
  });
});

describe('historySentence', () => {
  it('the same sentence from a history entry’s words, as the back office shows it', () => {
    const now = new Date('2025-03-03T18:00:00Z');
    expect(
      historySentence(
        { actorName: 'Ada Obi', actorRole: 'Manager', change: 'cancelled the order', createdAt: '2025-03-03T09:15:00Z' },
        now,
      ),
    ).toBe('Ada Obi (Manager) cancelled the order, 10:15');
  });
});

describe('auditListQuery', () => {
  it('takes up to 200 a page and any offset; from must not be after to', () => {
    expect(auditListQuery.parse({ limit: '200', offset: '5000000' })).toMatchObject({ limit: 200, offset: 5_000_000 });
    expect(auditListQuery.safeParse({ limit: '201' }).success).toBe(false);
    expect(auditListQuery.safeParse({ from: '2025-03-02', to: '2025-03-01' }).success).toBe(false);
    expect(auditListQuery.safeParse({ from: '2025-03-01', to: '2025-03-01' }).success).toBe(true);
    expect(auditListQuery.safeParse({ staffId: 'not-an-id' }).success).toBe(false);
  });
});
