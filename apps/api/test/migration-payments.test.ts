/**
 * Migration 0009 (payments, refunds, invoices) on a shop with orders in every status: a
 * database migrated up to 0008, filled as the shop filled it then, then migrated to the end.
 * Every order that took money gets one payment for its total, a refunded one its refund, and
 * paid orders invoice numbers from INV-000001 in the order they were paid.
 * Runs on PGlite (`npm test`) and on PostgreSQL (`npm run test:pg`).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { emptyDatabase, migrateBefore } from './migration-support.ts';

type Row = Record<string, unknown>;

describe('migration 0009: the money orders took is recorded', () => {
  let database: Database;
  let drop: () => Promise<void>;
  const rows = async (query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: Row[] }).rows;

  beforeAll(async () => {
    ({ database, drop } = await emptyDatabase());
    await migrateBefore(database, '0009_payments_refunds_invoices');
    const order = (n: number, channel: string, status: string, total: number, paidAt: string | null, extra = '') =>
      sql.raw(`('40000000-0000-4000-8000-00000000000${n}', 'o${n}@example.com', '${channel}', '${status}', ${total}, 0, ${total},
        ${paidAt ? `'${paidAt}'` : 'null'}, 'ref-${n}', ${extra || 'null'})`);
    await database.db.execute(sql`
      insert into orders (id, email, channel, status, subtotal, discount, total, paid_at, payment_reference, payment_method) values
        ${order(1, 'web', 'delivered', 2500000, '2026-10-02T10:00:00Z')},
        ${order(2, 'pos', 'paid', 900000, '2026-10-01T09:00:00Z', "'transfer'")},
        ${order(3, 'web', 'refunded', 1200000, '2026-10-03T08:00:00Z')},
        ${order(4, 'web', 'pending', 700000, null)},
        ${order(5, 'web', 'cancelled', 500000, null)},
        ${order(6, 'web', 'cancelled', 300000, '2026-10-04T12:00:00Z')}`);
    await database.migrate();
  }, 60_000);
  afterAll(async () => {
    await database.close();
    await drop();
  });

  it('gives each order that took money its payment status, amounts and one payment of its total', async () => {
    const orders = await rows(sql`
      select right(id::text, 1) as n, payment_status, amount_paid::int, amount_refunded::int, invoice_number
      from orders order by id`);
    expect(orders).toEqual([
      { n: '1', payment_status: 'paid', amount_paid: 2500000, amount_refunded: 0, invoice_number: 'INV-000002' },
      { n: '2', payment_status: 'paid', amount_paid: 900000, amount_refunded: 0, invoice_number: 'INV-000001' },
      { n: '3', payment_status: 'refunded', amount_paid: 1200000, amount_refunded: 1200000, invoice_number: 'INV-000003' },
      { n: '4', payment_status: 'unpaid', amount_paid: 0, amount_refunded: 0, invoice_number: null },
      { n: '5', payment_status: 'unpaid', amount_paid: 0, amount_refunded: 0, invoice_number: null },
      // Paid after its hold ran out, with the goods gone: the money is there, to refund.
      { n: '6', payment_status: 'paid', amount_paid: 300000, amount_refunded: 0, invoice_number: 'INV-000004' },
    ]);
    const payments = await rows(sql`
      select right(order_id::text, 1) as n, method, amount::int, reference, provider from order_payments order by order_id`);
    expect(payments).toEqual([
      { n: '1', method: 'card', amount: 2500000, reference: 'ref-1', provider: null },
      { n: '2', method: 'transfer', amount: 900000, reference: '', provider: null },
      { n: '3', method: 'card', amount: 1200000, reference: 'ref-3', provider: null },
      { n: '6', method: 'card', amount: 300000, reference: 'ref-6', provider: null },
    ]);
    const refunds = await rows(sql`select right(order_id::text, 1) as n, amount::int, status, method from order_refunds`);
    expect(refunds).toEqual([{ n: '3', amount: 1200000, status: 'processed', method: 'manual' }]);
  });

  it('carries the invoice counter on from the numbers given, so the next paid order gets INV-000005', async () => {
    expect(await rows(sql`select name, value::int from shop_counters`)).toEqual([{ name: 'invoice', value: 4 }]);
  });
});
