/**
 * Bulk sales history for the reports' benchmark (`npm run seed -- --orders 300000`): orders
 * over the last `days` days with about 3.3 lines each (300,000 orders ≈ 1,000,000 lines), their
 * payments (with Paystack's fee on card payments) and refunds, written by SQL inside the
 * database (generate_series), one transaction per batch, so a million lines take a minute or two
 * instead of an hour of services.
 *
 * The mix is a shop's, not the demo's story: web, till and old-app orders; most paid, a few
 * refunded in part or whole (processed five days later), some let go unpaid; markdowns,
 * coupons, till discounts, delivery charged and its cost; a cost price on 95 % of lines (the
 * rest "cost unknown"); web orders from a pool of customer accounts across the states. Stock
 * is not touched: the bench times reads. The same SQL runs on PGlite (a test seeds a few hundred).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

export interface BulkOrdersOptions {
  count: number;
  /** Spread over this many days before `now` (default two years). */
  days?: number;
  /** Orders per transaction. */
  batchSize?: number;
  /** Customer accounts the web orders are shared among. */
  customers?: number;
  now?: Date;
  onProgress?: (done: number, total: number) => void;
}

const STATES = [
  'Lagos',
  'Lagos',
  'Lagos',
  'Lagos',
  'Oyo',
  'Ogun',
  'FCT',
  'Rivers',
  'Enugu',
  'Kano',
  'Edo',
  'Delta',
  'Kaduna',
  'Anambra',
];
const COUPONS = ['WELCOME10', 'LAGOSFREE', 'ANKARA5000'];
const textArray = (values: string[]) => sql.raw(`array[${values.map((v) => `'${v}'`).join(', ')}]`);

export async function seedBulkOrders(
  db: Db,
  { count, days = 730, batchSize = 20_000, customers = 20_000, now = new Date(), onProgress = () => {} }: BulkOrdersOptions,
): Promise<void> {
  // The customer pool: accounts that cannot sign in ('!' is no password hash), made once.
  await db.execute(sql`
    insert into users (first_name, last_name, email, state, city, country, role, password_hash)
    select 'Bench', 'Customer ' || g, 'bench.customer.' || g || '@customers.bench', s, s, 'Nigeria', 'shopper', '!'
    from generate_series(1, ${customers}::int) g
    cross join lateral (select (${textArray(STATES)})[1 + g % ${STATES.length}] as s) st
    on conflict do nothing`);
  onProgress(0, count);
  for (let done = 0; done < count; ) {
    const size = Math.min(batchSize, count - done);
    // Batch by batch from the oldest days to today, as a shop's orders come: rows of nearby days
    // lie together in the tables, as they do in a shop's (the reports read a period's).
    const older = days * (1 - done / count);
    const newer = days * (1 - (done + size) / count);
    await db.transaction(async (tx) => {
      // The reports' facts of a whole batch are refreshed by trigger: hash joins for thousands of orders.
      await tx.execute(sql`set local enable_nestloop = off`);
      await tx.execute(sql`
        create temp table bench_v on commit drop as
        select row_number() over (order by v.id)::int as n, v.id, v.product_id, p.category_id, p.title, v.sku, v.size, v.color,
          coalesce(v.price, p.price) as price, least(coalesce(v.discount, p.discount), coalesce(v.price, p.price)) as markdown, v.cost
        from product_variants v join products p on p.id = v.product_id
        where v.archived_at is null and coalesce(v.price, p.price) > 0`);
      await tx.execute(sql`
        create temp table bench_u on commit drop as
        select row_number() over (order by id)::int as n, id, email, state from users where email like 'bench.customer.%@customers.bench'`);
      // Each order's dice, drawn once: when, where it was sold, how it ended, how many lines.
      await tx.execute(sql`
        create temp table bench_o on commit drop as
        select gen_random_uuid() as id,
          least(
            date_trunc('day', (${now}::timestamptz - (${older}::float8 - random() * ${older - newer}::float8) * interval '1 day') at time zone 'Africa/Lagos') at time zone 'Africa/Lagos'
              + (8 + random() * 13) * interval '1 hour',
            ${now}::timestamptz - interval '1 minute'
          ) as created_at,
          case when c < 0.25 then 'pos' when c < 0.97 then 'web' else 'legacy' end as channel,
          random() as fate, random() as pay, random() as extra,
          (array[1, 2, 3, 4, 5, 5])[1 + floor(random() * 6)::int] as nlines,
          1 + floor(random() * (select count(*) from bench_u))::int as customer
        from (select random() as c from generate_series(1, ${size}::int)) g`);
      await tx.execute(sql`
        create temp table bench_l on commit drop as
        select o.id as order_id, v.n, v.price, v.markdown,
          case when random() < 0.8 then 1 else 2 end as quantity,
          case when o.channel = 'pos' and random() < 0.1 then floor((v.price - v.markdown) * 0.05)::bigint else 0 end as till,
          case when random() < 0.05 then null else coalesce(v.cost, floor(v.price * (0.4 + random() * 0.25))::bigint) end as unit_cost
        from (select o.id, o.channel, 1 + floor(random() * (select count(*) from bench_v))::int as vn
              from bench_o o cross join lateral generate_series(1, o.nlines) k) o
        join bench_v v on v.n = o.vn`);
      await tx.execute(sql`
        insert into orders (id, user_id, email, name, state, city, country, channel, status, subtotal, discount, coupon_discount, coupon_code,
          delivery_fee, delivery_cost, total, payment_status, amount_paid, amount_refunded, payment_provider, payment_method, till_discount,
          paid_at, created_at, updated_at)
        select o.id, case when o.channel = 'pos' then null else u.id end,
          case when o.channel = 'pos' then 'walk-in@till.bench' else u.email end, case when o.channel = 'pos' then '' else 'Bench Customer' end,
          case when o.channel = 'pos' then '' else u.state end, case when o.channel = 'pos' then '' else u.state end, 'Nigeria',
          o.channel,
          case when o.fate < 0.85 then 'delivered' when o.fate < 0.88 then 'delivered' when o.fate < 0.90 then 'refunded' else 'cancelled' end,
          t.gross, t.markdowns + t.till + t.coupon, t.coupon, case when t.coupon > 0 then (${textArray(COUPONS)})[1 + floor(o.extra * 30)::int % 3] end,
          t.fee, t.fee * 7 / 10, t.total,
          case when o.fate < 0.85 then 'paid' when o.fate < 0.88 then 'partially_refunded' when o.fate < 0.90 then 'refunded' else 'unpaid' end,
          case when o.fate < 0.90 then t.total else 0 end,
          case when o.fate < 0.85 or o.fate >= 0.90 then 0 when o.fate < 0.88 then t.total * 3 / 10 else t.total end,
          case when o.channel = 'pos' then 'pos' when o.pay < 0.6 then 'sandbox' when o.pay < 0.85 then 'transfer' else 'pod' end,
          case when o.channel = 'pos' then (case when o.pay < 0.5 then 'cash' when o.pay < 0.8 then 'card' else 'transfer' end)
            when o.pay < 0.6 then 'paystack' when o.pay < 0.85 then 'transfer' else 'pod' end,
          t.till,
          case when o.fate < 0.90 then o.created_at + interval '10 minutes' end, o.created_at, o.created_at + interval '1 day'
        from bench_o o
        join bench_u u on u.n = o.customer
        join (
          select x.order_id, x.gross, x.markdowns, x.till, x.coupon, x.fee, x.gross - x.markdowns - x.till - x.coupon + x.fee as total
          from (
            select s.order_id, s.gross, s.markdowns, s.till,
              case when b.channel <> 'pos' and b.extra < 0.1 then (s.gross - s.markdowns) / 10 else 0 end as coupon,
              case when b.channel = 'pos' then 0 when b.extra < 0.5 then 150000 else 250000 end as fee
            from (select l.order_id, sum(l.price * l.quantity) as gross, sum(l.markdown * l.quantity) as markdowns,
                    sum(l.till * l.quantity) as till
                  from bench_l l group by l.order_id) s
            join bench_o b on b.id = s.order_id
          ) x
        ) t on t.order_id = o.id
        order by o.created_at`);
      // An order let go unpaid gave its stock back: its lines hold none (orders/held.ts).
      await tx.execute(sql`
        insert into order_lines (order_id, product_id, variant_id, title, color, size, sku, category_id, unit_price, unit_discount,
          till_discount, quantity, unit_cost, restocked_quantity)
        select l.order_id, v.product_id, v.id, v.title, v.color, v.size, v.sku, v.category_id, l.price, l.markdown, l.till, l.quantity,
          l.unit_cost, case when b.fate >= 0.90 then l.quantity else 0 end
        from bench_l l join bench_v v on v.n = l.n join bench_o b on b.id = l.order_id
        order by b.created_at`);
      // The money in, one payment each (a fifth of till sales split between cash and card); Paystack's fee on card checkouts.
      await tx.execute(sql`
        insert into order_payments (order_id, method, amount, reference, provider, fee, created_at)
        select o.id, p.method, p.amount, '', case when o.payment_method = 'paystack' then 'sandbox' end,
          case when o.payment_method = 'paystack' then least(floor(p.amount * 15 / 1000.0 + 0.5)::bigint + case when p.amount >= 250000 then 10000 else 0 end, 200000) else 0 end,
          o.paid_at
        from orders o join bench_o b on b.id = o.id
        cross join lateral (
          select case when o.payment_method = 'paystack' then 'card' else o.payment_method end as method,
            case when o.channel = 'pos' and b.extra > 0.8 and o.total > 1 then o.total / 2 else o.total end as amount
          union all
          select 'card', o.total - o.total / 2 where o.channel = 'pos' and b.extra > 0.8 and o.total > 1
        ) p
        where o.amount_paid > 0`);
      await tx.execute(sql`
        insert into order_refunds (order_id, amount, reason, status, method, created_at, processed_at)
        select o.id, o.amount_refunded, 'Returned', 'processed', 'manual', o.created_at + interval '5 days', o.created_at + interval '5 days 1 hour'
        from orders o join bench_o b on b.id = o.id where o.amount_refunded > 0`);
    });
    done += size;
    onProgress(done, count);
  }
  for (const table of ['orders', 'order_lines', 'order_payments', 'order_refunds', 'users']) {
    await db.execute(sql.raw(`analyze ${table}`));
  }
}
