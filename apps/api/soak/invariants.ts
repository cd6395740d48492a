/**
 * What must hold after the load, read straight from the database with a plain pg client
 * (not through the API, whose answers are what is being checked): stock accounted for per
 * variant, every order the load saw paid paid once with the right total, no promo code past
 * its limits, no message queued or delivered twice, and nothing answered 2xx lost.
 */
import pg from 'pg';
import { CLAIM_MS } from '../src/messages/outbox.ts';
import type { ReceivedMail } from '../test/smtp-standin.ts';
import type { Shop } from './seed.ts';
import type { Seen } from './shopper.ts';

export interface Check {
  name: string;
  /** What was checked, e.g. "104 variants". */
  checked: string;
  failures: string[];
}

const HOLDING = ['pending', 'confirmed'];
const LET_GO = ['cancelled', 'failed'];
const list = (items: string[], max = 5) =>
  items.slice(0, max).join('; ') + (items.length > max ? ` (+${items.length - max} more)` : '');

/**
 * `killedAt`: when an API process was killed. A message it had claimed stays claimed for
 * CLAIM_MS and may then be sent again (decision 11); any other message sent but still not
 * recorded as sent once every process has stopped would be sent twice.
 */
export async function checkInvariants(
  url: string,
  shop: Shop,
  seen: Seen,
  mails: ReceivedMail[],
  killedAt: Date | undefined,
): Promise<Check[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const q = async <T>(text: string, values: unknown[] = []) => (await client.query(text, values)).rows as T[];
  const checks: Check[] = [];
  try {
    // 1. Stock: for every variant, initial = on the shelf + reserved (unpaid orders holding it) + sold (less what refunds put back).
    const variants = await q<{ id: string; sku: string; counter: number; reserved: number; sold: number }>(
      `select v.id, v.sku, v.counter,
         coalesce(sum(l.quantity - l.restocked_quantity) filter (where o.status = any($1)), 0)::int as reserved,
         coalesce(sum(l.quantity - l.restocked_quantity) filter (where not (o.status = any($1) or o.status = any($2))), 0)::int as sold
       from product_variants v
       left join order_lines l on l.variant_id = v.id
       left join orders o on o.id = l.order_id
       group by v.id, v.sku, v.counter`,
      [HOLDING, LET_GO],
    );
    const stockFailures = variants
      .filter((v) => shop.initialStock.get(v.id) !== v.counter + v.reserved + v.sold || v.counter < 0)
      .map(
        (v) => `${v.sku}: initial ${shop.initialStock.get(v.id)} ≠ ${v.counter} left + ${v.reserved} reserved + ${v.sold} sold`,
      );
    const products = await q<{ title: string; counter: number; sum: number }>(
      `select p.title, p.counter, coalesce(sum(v.counter) filter (where v.archived_at is null), 0)::int as sum
       from products p left join product_variants v on v.product_id = p.id group by p.id having p.counter <> coalesce(sum(v.counter) filter (where v.archived_at is null), 0)`,
    );
    stockFailures.push(...products.map((p) => `${p.title}: product counter ${p.counter} ≠ its variants' ${p.sum}`));
    const units = variants.reduce(
      (n, v) => ({ left: n.left + v.counter, reserved: n.reserved + v.reserved, sold: n.sold + v.sold }),
      {
        left: 0,
        reserved: 0,
        sold: 0,
      },
    );
    checks.push({
      name: 'stock: initial = left + reserved + sold',
      checked: `${variants.length} variants (${units.left} left, ${units.reserved} reserved, ${units.sold} sold)`,
      failures: stockFailures,
    });

    // 2. Money: every order's total adds up; an order with money in has exactly one payment of its total.
    const orders = await q<{
      id: string;
      number: string;
      status: string;
      payment_status: string;
      total: string;
      amount_paid: string;
      invoice_number: string | null;
      discount: string;
      delivery_fee: string;
      coupon_discount: string;
      lines_sum: string;
      markdowns: string;
      payments: number;
      paid_sum: string;
    }>(
      `select o.id, o.number, o.status, o.payment_status, o.total, o.amount_paid, o.invoice_number, o.discount,
         o.delivery_fee, o.coupon_discount,
         (select coalesce(sum(l.unit_price * l.quantity), 0) from order_lines l where l.order_id = o.id) as lines_sum,
         (select coalesce(sum(l.unit_discount * l.quantity), 0) from order_lines l where l.order_id = o.id) as markdowns,
         (select count(*)::int from order_payments p where p.order_id = o.id) as payments,
         (select coalesce(sum(p.amount), 0) from order_payments p where p.order_id = o.id) as paid_sum
       from orders o`,
    );
    const byId = new Map(orders.map((o) => [o.id, o]));
    const moneyFailures: string[] = [];
    for (const o of orders) {
      const [total, lines, discount, fee] = [o.total, o.lines_sum, o.discount, o.delivery_fee].map(Number) as [
        number,
        number,
        number,
        number,
      ];
      if (total !== lines - discount + fee)
        moneyFailures.push(`${o.number}: total ${total} ≠ lines ${lines} − discount ${discount} + delivery ${fee}`);
      if (discount !== Number(o.markdowns) + Number(o.coupon_discount)) {
        moneyFailures.push(`${o.number}: discount ${discount} ≠ markdowns ${o.markdowns} + coupon ${o.coupon_discount}`);
      }
      if (Number(o.amount_paid) > 0 && (o.payments !== 1 || Number(o.paid_sum) !== total || Number(o.amount_paid) !== total)) {
        moneyFailures.push(
          `${o.number}: ${o.payments} payments of ${o.paid_sum} in all (paid ${o.amount_paid}) for a total of ${total}`,
        );
      }
    }
    checks.push({
      name: 'money: totals add up, one payment per paid order',
      checked: `${orders.length} orders`,
      failures: moneyFailures,
    });

    // 3. Every order the load saw paid is paid once, at the total checkout answered (which the quote announced).
    const paidFailures: string[] = [];
    for (const id of seen.paid) {
      const o = byId.get(id);
      const told = seen.orders.get(id)!;
      if (!o) {
        paidFailures.push(`${id}: answered paid, not in the database`);
        continue;
      }
      const refunded = seen.refundAsked.has(id) && o.payment_status === 'refunded';
      if (o.payment_status !== 'paid' && !refunded) paidFailures.push(`${o.number}: answered paid, now ${o.payment_status}`);
      if (Number(o.total) !== told.amount || told.amount !== told.quoted) {
        paidFailures.push(`${o.number}: total ${o.total}, checkout answered ${told.amount}, the quote said ${told.quoted}`);
      }
      if (o.payments !== 1 || Number(o.paid_sum) !== told.amount)
        paidFailures.push(`${o.number}: ${o.payments} payments, ${o.paid_sum} paid`);
      if (!o.invoice_number) paidFailures.push(`${o.number}: paid without an invoice number`);
    }
    for (const id of seen.paidThenNot) paidFailures.push(`${byId.get(id)?.number ?? id}: a later verification said not paid`);
    checks.push({
      name: 'paid once, at the quoted total',
      checked: `${seen.paid.size} orders answered paid`,
      failures: paidFailures,
    });

    // 4. Nothing answered 2xx is lost.
    const lost: string[] = [];
    for (const [id, told] of seen.orders) {
      if (!byId.has(id)) lost.push(`order ${id} (${told.reference}) answered 201, not in the database`);
    }
    for (const id of seen.cancelled) {
      const o = byId.get(id);
      if (o?.status !== 'cancelled') lost.push(`${o?.number ?? id}: cancelled (200), now ${o?.status}`);
    }
    for (const id of seen.refunded) {
      const o = byId.get(id);
      if (o?.payment_status !== 'refunded') lost.push(`${o?.number ?? id}: refunded (201), now ${o?.payment_status}`);
    }
    const users = new Set(
      (await q<{ email: string }>(`select email from users where email = any($1)`, [[...seen.registered]])).map((u) => u.email),
    );
    for (const email of seen.registered) if (!users.has(email)) lost.push(`account ${email} answered 201, not in the database`);
    checks.push({
      name: 'nothing answered 2xx lost',
      checked: `${seen.orders.size} orders, ${seen.cancelled.size} cancellations, ${seen.refunded.size} refunds, ${seen.registered.size} accounts`,
      failures: lost,
    });

    // 5. Promo codes: never past the total or per-shopper limit; each use follows its order.
    const coupons = await q<{ code: string; usage_limit: number | null; held: number; used: number }>(
      `select c.code, c.usage_limit,
         count(r.order_id) filter (where r.status in ('reserved', 'used'))::int as held,
         count(r.order_id) filter (where r.status = 'used')::int as used
       from coupons c left join coupon_redemptions r on r.coupon_id = c.id group by c.id`,
    );
    const couponFailures = coupons
      .filter((c) => c.usage_limit !== null && c.held > c.usage_limit)
      .map((c) => `${c.code}: ${c.held} uses held for a limit of ${c.usage_limit}`);
    const perShopper = await q<{ code: string; email: string; n: number }>(
      `select c.code, r.email, count(*)::int as n from coupon_redemptions r join coupons c on c.id = r.coupon_id
       where r.status in ('reserved', 'used') group by c.code, c.per_customer_limit, r.email
       having count(*) > c.per_customer_limit`,
    );
    couponFailures.push(...perShopper.map((r) => `${r.code}: ${r.n} uses by ${r.email}`));
    const mismatched = await q<{ code: string; number: string; status: string; order_status: string; amount_paid: string }>(
      `select c.code, o.number, r.status, o.status as order_status, o.amount_paid
       from coupon_redemptions r join coupons c on c.id = r.coupon_id join orders o on o.id = r.order_id
       where not ((r.status = 'used' and o.amount_paid > 0)
               or (r.status = 'reserved' and o.amount_paid = 0 and o.status = any($1))
               or (r.status = 'released' and o.amount_paid = 0 and o.status = any($2)))`,
      [HOLDING, LET_GO],
    );
    couponFailures.push(
      ...mismatched.map(
        (m) => `${m.code} on ${m.number}: ${m.status} while the order is ${m.order_status}, paid ${m.amount_paid}`,
      ),
    );
    checks.push({
      name: 'promo codes within their limits',
      checked: coupons.map((c) => `${c.code} ${c.used} used/${c.held} held of ${c.usage_limit ?? '∞'}`).join(', '),
      failures: couponFailures,
    });

    // 6. Messages: one per event in the outbox, and no e-mail delivered twice.
    const twice = await q<{ template: string; order_id: string | null; to: string; n: number }>(
      `select template, order_id, "to", count(*)::int as n from messages
       where (order_id is not null and template not in ('order-refunded', 'shop-payment-problem')) or template = 'welcome'
       group by template, order_id, "to" having count(*) > 1`,
    );
    const messageFailures = twice.map((m) => `${m.template} for ${m.order_id ?? m.to}: queued ${m.n} times`);
    const delivered = new Map<string, number>();
    for (const mail of mails) {
      const id = /[0-9a-f-]{36}/i.exec(mail.messageId)?.[0] ?? mail.messageId;
      delivered.set(id, (delivered.get(id) ?? 0) + 1);
    }
    for (const [id, n] of delivered) if (n > 1) messageFailures.push(`message ${id} delivered ${n} times`);
    const statuses = await q<{ status: string; n: number }>(
      `select status, count(*)::int as n from messages group by status order by status`,
    );
    const sent = await q<{ id: string }>(`select id from messages where status = 'sent'`);
    const missing = sent.filter((m) => !delivered.has(m.id));
    if (missing.length > 0)
      messageFailures.push(`${missing.length} messages marked sent never arrived: ${list(missing.map((m) => m.id))}`);
    const claimed = await q<{ id: string; claimed_at: Date }>(
      `select id, locked_until - make_interval(secs => $1) as claimed_at from messages where status = 'sending'`,
      [CLAIM_MS / 1000],
    );
    const unrecorded = claimed.filter((m) => delivered.has(m.id));
    const killedHeld = unrecorded.filter((m) => killedAt && m.claimed_at <= killedAt);
    const again = unrecorded.filter((m) => !killedHeld.includes(m));
    if (again.length > 0) {
      messageFailures.push(
        `${again.length} messages delivered but still claimed, to be sent again: ${list(again.map((m) => m.id))}`,
      );
    }
    checks.push({
      name: 'no message queued or sent twice',
      checked: `${statuses.map((s) => `${s.n} ${s.status}`).join(', ')}; ${mails.length} e-mails received; ${killedHeld.length} delivered and held by the killed process`,
      failures: messageFailures,
    });
  } finally {
    await client.end();
  }
  return checks;
}

export { list };
