/**
 * The audit trail's shapes, its actions, and the sentence each entry reads as ("Ada (Cashier)
 * recorded ₦25,000 by transfer, 14:02"): pure functions, so the back office can word an entry
 * the way the API's history does. An entry's `before` and `after` hold only what changed
 * (`changedFields`), as the database keeps it: money in kobo, field names as the API's rows.
 */
import { z } from 'zod';
import { shopDateFormat } from './dates.ts';
import { formatNaira } from './money.ts';

// ── Actions ────────────────────────────────────────────────────────────────────────────

/**
 * Every action the API records, with what it says when no change says more. Staff writes get
 * theirs from the route (apps/api/src/admin/audit-actions.ts); sign-in events and approvals
 * name theirs where they are recorded. A route missing from that table is recorded as
 * "METHOD /url" and worded "made a change".
 */
export const AUDIT_ACTIONS = {
  'order.status_changed': 'changed the order’s status',
  'order.confirmed': 'confirmed the order with the shopper',
  'order.refused_at_delivery': 'recorded that the shopper refused the order at delivery',
  'order.payment_recorded': 'recorded a payment',
  'order.refunded': 'refunded the order',
  'order.archived': 'archived the order',
  'order.restored': 'restored the order',
  'order.created': 'created the order',
  'pos.sale': 'made a sale at the till',
  'pos.drawer_opened': 'opened a cash drawer',
  'pos.drawer_cash_moved': 'paid cash into or out of a drawer',
  'pos.drawer_closed': 'closed a cash drawer',
  'pos.goods_returned': 'took goods back at the till',
  'pos.till_registered': 'registered a till',
  'pos.till_revoked': 'revoked a till',
  'pos.sales_synced': 'synced till sales',
  'pos.conflict_accepted': 'accepted a held till sale',
  'pos.conflict_voided': 'voided a till sale, money back',
  'product.created': 'created the product',
  'product.updated': 'changed the product',
  'product.variants_replaced': 'changed the product’s variants',
  'product.deleted': 'deleted the product',
  'catalog.imported': 'imported the catalogue',
  'category.created': 'created the category',
  'category.updated': 'changed the category',
  'category.deleted': 'deleted the category',
  'sub.created': 'created the sub-category',
  'sub.updated': 'changed the sub-category',
  'sub.deleted': 'deleted the sub-category',
  'subsub.created': 'created the sub-sub-category',
  'subsub.updated': 'changed the sub-sub-category',
  'subsub.deleted': 'deleted the sub-sub-category',
  'brand.created': 'created the brand',
  'brand.updated': 'changed the brand',
  'brand.deleted': 'deleted the brand',
  'banner.created': 'created the banner',
  'banner.updated': 'changed the banner',
  'banner.deleted': 'deleted the banner',
  'post.created': 'created the post',
  'post.updated': 'changed the post',
  'post.deleted': 'deleted the post',
  'settings.updated': 'changed the shop’s settings',
  'coupon.created': 'created the coupon',
  'coupon.updated': 'changed the coupon',
  'coupon.deleted': 'deleted the coupon',
  'customer.created': 'added the customer',
  'delivery_zone.created': 'created the delivery zone',
  'delivery_zone.updated': 'changed the delivery zone',
  'delivery_zone.deleted': 'deleted the delivery zone',
  'message.resent': 'sent the message again',
  'role.created': 'created the role',
  'role.updated': 'changed the role',
  'role.deleted': 'deleted the role',
  'staff.updated': 'changed the staff member',
  'staff.pin_set': 'set the staff member’s PIN',
  'staff.sessions_ended': 'signed the staff member out everywhere',
  'invitation.created': 'invited a staff member',
  'invitation.cancelled': 'cancelled an invitation',
  'invitation.resent': 'sent an invitation again',
  'staff.invitation.accepted': 'accepted an invitation and joined the staff',
  'pos.approval.given': 'approved a till action with a PIN',
  'pos.approval.refused': 'was refused a till approval',
  'auth.sign_in': 'signed in',
  'auth.sign_in_failed': 'failed to sign in',
  'auth.two_factor_enabled': 'turned on two-factor sign-in',
  'auth.two_factor_disabled': 'turned off two-factor sign-in',
  'auth.two_factor_reset': 'turned off another member’s two-factor sign-in',
  'auth.session_revoked': 'ended a session',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

// ── Shapes ─────────────────────────────────────────────────────────────────────────────

export const auditEntry = z.object({
  id: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  /** Copied when it happened: a later rename or change of role does not rewrite it. */
  actorName: z.string().nullable(),
  actorRole: z.string().nullable(),
  /** e.g. "order.payment_recorded" (AUDIT_ACTIONS); an older entry's "PATCH /api/orders/:id/status" */
  action: z.string(),
  /** e.g. "orders" */
  entity: z.string(),
  entityId: z.string().nullable(),
  /** The fields the change changed, as they were (null for something created). */
  before: z.unknown(),
  /** The same fields afterwards (null for something deleted). */
  after: z.unknown(),
  /** What it did, in words: "recorded ₦25,000 by transfer". */
  change: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  requestId: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

const trimmed = z.string().trim();
const isoDay = z.iso.date({ error: 'Dates must be written as YYYY-MM-DD' });

const auditFilterShape = {
  /** The member who acted (their user id). */
  staffId: z.uuid({ error: 'staffId must be a user id' }).optional(),
  action: trimmed.min(1).max(100).optional(),
  entity: trimmed.min(1).max(100).optional(),
  entityId: trimmed.min(1).max(200).optional(),
  /** Whole days in Lagos, both included. */
  from: isoDay.optional(),
  to: isoDay.optional(),
};
const fromBeforeTo = (f: { from?: string; to?: string }) => !(f.from && f.to && f.from > f.to);
const fromBeforeToError = { error: '`from` must not be after `to`', path: ['from'] };

/** GET /api/admin/audit.csv: every entry matching, newest first. */
export const auditFilters = z.object(auditFilterShape).refine(fromBeforeTo, fromBeforeToError);
export type AuditFilters = z.infer<typeof auditFilters>;

export const AUDIT_MAX_PAGE_SIZE = 200;

/** GET /api/admin/audit: newest first; the total is in X-Total-Count. */
export const auditListQuery = z
  .object({
    ...auditFilterShape,
    limit: z.coerce.number().int().min(1).max(AUDIT_MAX_PAGE_SIZE).default(50),
    offset: z.coerce.number().int().min(0).default(0),
  })
  .refine(fromBeforeTo, fromBeforeToError);
export type AuditListQuery = z.infer<typeof auditListQuery>;

/** One line of an order's or a product's history (GET /api/orders/{id}/history, /api/products/{id}/history). */
export const historyEntry = z.object({
  id: z.string(),
  action: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  actorRole: z.string().nullable(),
  /** "recorded ₦25,000 by transfer" */
  change: z.string(),
  /** "Ada (Cashier) recorded ₦25,000 by transfer, 14:02" */
  sentence: z.string(),
  createdAt: z.iso.datetime(),
});
export type HistoryEntry = z.infer<typeof historyEntry>;

// ── What changed ───────────────────────────────────────────────────────────────────────

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** JSON with object keys in order: two values are the same exactly when these are equal. */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (isRecord(value)) {
    return `{${Object.keys(value)
      .filter((k) => value[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable(value[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

const withId = (value: unknown): value is (Json & { id: string })[] =>
  Array.isArray(value) && value.every((item) => isRecord(item) && typeof item.id === 'string');

/** Rows of a list (a product's variants, an order's payments) by id: the ones removed or changed, and the ones added or changed. */
function changedItems(before: (Json & { id: string })[], after: (Json & { id: string })[]): [Json[], Json[]] {
  const old = new Map(before.map((item) => [item.id, item]));
  const now = new Map(after.map((item) => [item.id, item]));
  const changed = (a: Json | undefined, b: Json | undefined) => !a || !b || stable(a) !== stable(b);
  return [before.filter((item) => changed(item, now.get(item.id))), after.filter((item) => changed(old.get(item.id), item))];
}

/** Fields no change is about (a row's own timestamp of its last write). */
const IGNORED = new Set(['updatedAt']);

const without = (value: Json | null): Json | null =>
  value && Object.fromEntries(Object.entries(value).filter(([key]) => !IGNORED.has(key)));

/**
 * The fields that differ between two states of a thing, each side with its own value; lists of
 * rows with ids (an order's payments, a product's variants) keep only their rows that differ.
 * Created (no before) or deleted (no after): the whole other side.
 */
export function changedFields(before: unknown, after: unknown): { before: Json | null; after: Json | null } {
  const b = isRecord(before) ? before : null;
  const a = isRecord(after) ? after : null;
  if (!b || !a) return { before: without(b), after: without(a) };
  const was: Json = {};
  const now: Json = {};
  for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
    if (IGNORED.has(key) || stable(b[key]) === stable(a[key])) continue;
    if (withId(b[key]) && withId(a[key])) {
      [was[key], now[key]] = changedItems(b[key], a[key]);
    } else {
      was[key] = b[key] ?? null;
      now[key] = a[key] ?? null;
    }
  }
  return { before: was, after: now };
}

// ── In words ───────────────────────────────────────────────────────────────────────────

/** ₦25,000 for whole naira, ₦25,000.50 otherwise. */
const money = (kobo: unknown) => (typeof kobo === 'number' ? formatNaira(kobo).replace(/\.00$/, '') : '');

const BY: Record<string, string> = { transfer: 'transfer', cash: 'cash', pod: 'pay on delivery', card: 'card', paystack: 'card' };

const STATUS_WORDS: Record<string, string> = {
  cancelled: 'cancelled the order',
  failed: 'marked the order failed',
  fulfilled: 'marked the order sent',
  delivered: 'marked the order delivered',
  confirmed: 'marked the order confirmed',
  paid: 'marked the order paid',
  refunded: 'marked the order refunded',
  pending: 'marked the order pending',
};

interface Change {
  action: string;
  before: unknown;
  after: unknown;
}

const field = (side: unknown, key: string): unknown => (isRecord(side) ? side[key] : undefined);
const rows = (side: unknown, key: string): Json[] => {
  const value = field(side, key);
  return Array.isArray(value) ? value.filter(isRecord) : [];
};
/** Rows of `key` that `after` has and `before` did not: added by the change. */
const added = (change: Change, key: string) => {
  const old = new Set(rows(change.before, key).map((r) => r.id));
  return rows(change.after, key).filter((r) => !old.has(r.id));
};

/** What an entry names its thing by: a title, a name or a code, in quotes. */
function nameOf(change: Change): string {
  for (const side of [change.after, change.before]) {
    for (const key of ['title', 'name', 'code', 'number']) {
      const value = field(side, key);
      if (typeof value === 'string' && value) return ` “${value}”`;
    }
  }
  return '';
}

function paymentWords(payment: Json): string {
  const method = typeof payment.method === 'string' ? (BY[payment.method] ?? payment.method) : '';
  const reference = typeof payment.reference === 'string' && payment.reference ? ` (ref. ${payment.reference})` : '';
  return `recorded ${money(payment.amount)}${method ? ` by ${method}` : ''}${reference}`;
}

function refundWords(change: Change): string {
  const started = added(change, 'refunds');
  if (started.length > 0) {
    return started
      .map((r) => `refunded ${money(r.amount)}${typeof r.reason === 'string' && r.reason ? ` (${r.reason})` : ''}`)
      .join(', ');
  }
  const moved = rows(change.after, 'refunds');
  if (moved.length > 0) return moved.map((r) => `refund of ${money(r.amount)} is ${String(r.status)}`).join(', ');
  return AUDIT_ACTIONS['order.refunded'];
}

const variantName = (v: Json) => [v.size, v.color].filter((s) => typeof s === 'string' && s).join(' / ') || String(v.sku ?? '');

function variantWords(change: Change): string {
  const old = new Map(rows(change.before, 'variants').map((v) => [v.id, v]));
  const now = rows(change.after, 'variants');
  const parts: string[] = [];
  for (const v of now) {
    const was = old.get(v.id);
    if (!was) parts.push(`added ${variantName(v)}`);
    else if (was.counter !== v.counter)
      parts.push(`set the stock of ${variantName(v)} from ${String(was.counter)} to ${String(v.counter)}`);
    else if (v.archivedAt && !was.archivedAt) parts.push(`removed ${variantName(v)}`);
    else parts.push(`changed ${variantName(v)}`);
  }
  const kept = new Set(now.map((v) => v.id));
  for (const [id, v] of old) if (!kept.has(id)) parts.push(`removed ${variantName(v)}`);
  return parts.join(', ');
}

const PRODUCT_FIELDS: Record<string, string> = {
  heading: 'heading',
  description: 'description',
  images: 'photos',
  categoryId: 'category',
  subId: 'sub-category',
  subsubId: 'sub-sub-category',
  brandId: 'brand',
  sizeScale: 'size scale',
  availability: 'availability',
};
const MONEY_FIELDS: Record<string, string> = { price: 'price', discount: 'markdown', costPrice: 'cost', cost: 'cost' };

function productWords(change: Change): string {
  const { before, after } = change;
  if (!isRecord(before) || !isRecord(after)) return '';
  const parts: string[] = [];
  if ('title' in after) parts.push(`renamed it from “${String(before.title)}” to “${String(after.title)}”`);
  for (const [key, label] of Object.entries(MONEY_FIELDS)) {
    if (key in after) parts.push(`changed the ${label} from ${money(before[key]) || '—'} to ${money(after[key]) || '—'}`);
  }
  if ('paused' in after) parts.push(after.paused ? 'paused it' : 'put it back on sale');
  const others = Object.keys(after).flatMap((key) => (PRODUCT_FIELDS[key] ? [PRODUCT_FIELDS[key]] : []));
  if (others.length > 0) parts.push(`changed the ${others.join(', ')}`);
  const variants = 'variants' in after ? variantWords(change) : '';
  if (variants) parts.push(variants);
  return parts.join('; ');
}

function importWords(after: unknown): string {
  const n = (key: string) => (typeof field(after, key) === 'number' ? (field(after, key) as number) : 0);
  return `imported the catalogue: ${n('created')} created, ${n('updated')} updated`;
}

/** What an entry did, without who or when: "recorded ₦25,000 by transfer". */
export function describeChange(change: Change): string {
  const { action, after } = change;
  switch (action) {
    case 'order.payment_recorded': {
      const payments = added(change, 'payments');
      return payments.length > 0 ? payments.map(paymentWords).join(', ') : AUDIT_ACTIONS[action];
    }
    case 'order.refunded':
      return refundWords(change);
    case 'order.status_changed': {
      const status = field(after, 'status');
      return (typeof status === 'string' && STATUS_WORDS[status]) || AUDIT_ACTIONS[action];
    }
    case 'pos.sale': {
      const total = field(after, 'total');
      const method = field(after, 'paymentMethod');
      const by = typeof method === 'string' ? ` by ${BY[method] ?? method}` : '';
      return typeof total === 'number' ? `sold ${money(total)}${by} at the till` : AUDIT_ACTIONS[action];
    }
    case 'product.updated':
    case 'product.variants_replaced':
      return productWords(change) || AUDIT_ACTIONS[action];
    case 'catalog.imported':
      return importWords(after);
    default:
      break;
  }
  if (action in AUDIT_ACTIONS) {
    const words = AUDIT_ACTIONS[action as AuditAction];
    return /\.(created|deleted|updated)$/.test(action) ? `${words}${nameOf(change)}` : words;
  }
  return `made a change (${action})`;
}

const timeOfDay = shopDateFormat({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const dayAndTime = shopDateFormat({
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const lagosDay = shopDateFormat({ year: 'numeric', month: '2-digit', day: '2-digit' });

/** "14:02" on the day of `now` in Lagos, "3 Mar 2025, 14:02" before. */
export function auditTime(createdAt: string | Date, now: Date = new Date()): string {
  return lagosDay(createdAt) === lagosDay(now) ? timeOfDay(createdAt) : dayAndTime(createdAt);
}

interface Who {
  actorName: string | null;
  actorRole: string | null;
  createdAt: string | Date;
}

/** A history entry's sentence from its words: "Ada (Cashier) recorded ₦25,000 by transfer, 14:02". */
export function historySentence(entry: Who & { change: string }, now?: Date): string {
  const who = `${entry.actorName || 'Someone'}${entry.actorRole ? ` (${entry.actorRole})` : ''}`;
  return `${who} ${entry.change}, ${auditTime(entry.createdAt, now)}`;
}

/** An entry in a sentence; "Someone" when nobody is named (the command line). */
export function auditSentence(entry: Change & Who, now?: Date): string {
  return historySentence({ ...entry, change: describeChange(entry) }, now);
}
