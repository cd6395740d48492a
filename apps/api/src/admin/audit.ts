/**
 * The audit trail: who changed what in the back office, the fields that changed as they were
 * and became, from where; its filters, its CSV and the history of one order or product.
 */
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import {
  type AuditEntry,
  type AuditFilters,
  type AuditListQuery,
  auditSentence,
  describeChange,
  type HistoryEntry,
  SHOP_TIME_ZONE,
} from '@shop/shared';
import type { Db, Tx } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';
import { type CsvValue, csvRow } from '../lib/csv.ts';

export interface AuditInput {
  actorId: string | null;
  actorEmail: string | null;
  /** The actor's name and role's name as they are now: copied, so a later rename does not rewrite the past. */
  actorName?: string | null;
  actorRole?: string | null;
  /** e.g. "order.payment_recorded" */
  action: string;
  /** e.g. "orders" */
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  /** Where the request came from. */
  ip?: string | null;
  userAgent?: string | null;
  requestId?: string | null;
}

/** Keys whose values never reach the log, wherever they appear (compared lower-cased). */
const SECRET_KEYS = new Set([
  'password',
  'passwordhash',
  'accesstoken',
  'currentpassword',
  'newpassword',
  'refreshtoken',
  'pin',
  'pinhash',
  'secret',
  'codehash',
  'tokenhash',
  'totpcode',
  'recoverycode',
  'token',
]);

/**
 * What things cost the shop (issue 30), wherever an entry's before or after holds them: a
 * variant's `cost`, an order line's `unitCost`, a delivery method's `cost` and an order's
 * `deliveryCost`. Kept in the trail, shown only to a reader with `catalog.cost`: the API shows
 * these to no one else, and `audit.read` alone must not reveal them.
 */
const COST_KEYS = new Set(['cost', 'unitcost', 'deliverycost']);

/** A copy of a JSON value without the keys named (lower-case), at any depth. */
function withoutKeys(value: unknown, keys: ReadonlySet<string>): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((v) => withoutKeys(v, keys));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([key]) => !keys.has(key.toLowerCase()))
        .map(([key, v]) => [key, withoutKeys(v, keys)]),
    );
  }
  return value;
}

/** A copy of a JSON value without secrets. */
export function withoutSecrets(value: unknown): unknown {
  return withoutKeys(value, SECRET_KEYS);
}

/** What the reader may see of the trail: costs only with catalog.cost. */
export interface AuditReader {
  costs: boolean;
}

export async function recordAudit(db: Db | Tx, input: AuditInput): Promise<void> {
  await db.insert(auditLog).values({
    ...input,
    before: input.before === undefined || input.before === null ? null : withoutSecrets(input.before),
    after: input.after === undefined || input.after === null ? null : withoutSecrets(input.after),
  });
}

/** The filters of the trail, its CSV and the histories: Lagos days, both ends included (as the purchases' filters). */
function matching(filters: AuditFilters & { entityIds?: string[] }): SQL | undefined {
  const where: SQL[] = [];
  if (filters.staffId) where.push(eq(auditLog.actorId, filters.staffId));
  if (filters.action) where.push(eq(auditLog.action, filters.action));
  if (filters.entity) where.push(eq(auditLog.entity, filters.entity));
  if (filters.entityId) where.push(eq(auditLog.entityId, filters.entityId));
  if (filters.from) where.push(sql`${auditLog.createdAt} >= (${filters.from}::date::timestamp at time zone ${SHOP_TIME_ZONE})`);
  if (filters.to) where.push(sql`${auditLog.createdAt} < ((${filters.to}::date + 1)::timestamp at time zone ${SHOP_TIME_ZONE})`);
  return where.length > 0 ? and(...where) : undefined;
}

type AuditRow = typeof auditLog.$inferSelect;

export function toAuditEntry(row: AuditRow, reader: AuditReader): AuditEntry {
  const shown = (value: unknown) => (reader.costs || value === null ? value : withoutKeys(value, COST_KEYS));
  return {
    id: row.id,
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    actorName: row.actorName,
    actorRole: row.actorRole,
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    before: shown(row.before),
    after: shown(row.after),
    change: describeChange(row),
    ip: row.ip,
    userAgent: row.userAgent,
    requestId: row.requestId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Newest first; `total` counts every match before paging. */
export async function listAudit(
  db: Db,
  query: AuditListQuery,
  reader: AuditReader,
): Promise<{ items: AuditEntry[]; total: number }> {
  const where = matching(query);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { items: rows.map((row) => toAuditEntry(row, reader)), total: totalRow?.n ?? 0 };
}

/** One thing's entries (an order's, a product's), oldest first, as its page tells its story. */
export async function historyOf(db: Db, entity: string, entityId: string, now = new Date()): Promise<HistoryEntry[]> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(matching({ entity, entityId }))
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id))
    .limit(HISTORY_MAX_ENTRIES);
  return rows.map((row) => ({
    id: row.id,
    action: row.action,
    actorId: row.actorId,
    actorName: row.actorName,
    actorRole: row.actorRole,
    change: describeChange(row),
    sentence: auditSentence(row, now),
    createdAt: row.createdAt.toISOString(),
  }));
}

/** A history longer than this (a product edited every day for years) shows its first entries; the trail has them all. */
export const HISTORY_MAX_ENTRIES = 500;

const CSV_BATCH = 500;
const lagosTime = new Intl.DateTimeFormat('sv-SE', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});
const CSV_COLUMNS: [string, (e: AuditEntry) => CsvValue][] = [
  ['time (Lagos)', (e) => lagosTime.format(new Date(e.createdAt))],
  ['staff', (e) => e.actorName],
  ['email', (e) => e.actorEmail],
  ['role', (e) => e.actorRole],
  ['action', (e) => e.action],
  ['what', (e) => e.change],
  ['entity', (e) => e.entity],
  ['entity_id', (e) => e.entityId],
  ['before', (e) => (e.before === null ? '' : JSON.stringify(e.before))],
  ['after', (e) => (e.after === null ? '' : JSON.stringify(e.after))],
  ['ip', (e) => e.ip],
  ['user_agent', (e) => e.userAgent],
  ['request_id', (e) => e.requestId],
];

/**
 * Every entry matching, newest first, as CSV lines (the header first), read in batches as the
 * answer is sent: memory stays one batch whatever the trail's size. Each batch continues after
 * the last entry sent (its time to the microsecond and id), so entries written meanwhile
 * neither repeat nor push older ones out.
 */
export async function* auditCsv(db: Db, filters: AuditFilters, reader: AuditReader): AsyncGenerator<string> {
  // A byte-order mark, so spreadsheets read names with accents as UTF-8.
  yield `\uFEFF${csvRow(CSV_COLUMNS.map(([name]) => name))}`;
  let after: { at: string; id: string } | undefined;
  for (;;) {
    const cursor = after && sql`(${auditLog.createdAt}, ${auditLog.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`;
    const rows = await db
      .select({ row: auditLog, at: sql<string>`${auditLog.createdAt}::text` })
      .from(auditLog)
      .where(and(matching(filters), cursor))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(CSV_BATCH);
    if (rows.length === 0) return;
    yield rows.map(({ row }) => csvRow(CSV_COLUMNS.map(([, value]) => value(toAuditEntry(row, reader))))).join('');
    const last = rows.at(-1)!;
    after = { at: last.at, id: last.row.id };
    if (rows.length < CSV_BATCH) return;
  }
}
