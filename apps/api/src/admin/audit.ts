/** The audit log: who changed what in the back office, with the state before and after. */
import { count, desc, eq } from 'drizzle-orm';
import type { AuditEntry, AuditListQuery } from '@shop/shared';
import type { Db, Tx } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';

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

/** A copy of a JSON value without secrets. */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([key]) => !SECRET_KEYS.has(key.toLowerCase()))
        .map(([key, v]) => [key, withoutSecrets(v)]),
    );
  }
  return value;
}

export async function recordAudit(db: Db | Tx, input: AuditInput): Promise<void> {
  await db.insert(auditLog).values({
    ...input,
    before: input.before === undefined || input.before === null ? null : withoutSecrets(input.before),
    after: input.after === undefined || input.after === null ? null : withoutSecrets(input.after),
  });
}

/** Newest first; `total` counts every match before paging. */
export async function listAudit(db: Db, query: AuditListQuery): Promise<{ items: AuditEntry[]; total: number }> {
  const where = query.entity ? eq(auditLog.entity, query.entity) : undefined;
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
  return {
    items: rows.map((r) => ({
      id: r.id,
      actorId: r.actorId,
      actorEmail: r.actorEmail,
      action: r.action,
      entity: r.entity,
      entityId: r.entityId,
      before: r.before,
      after: r.after,
      createdAt: r.createdAt.toISOString(),
    })),
    total: totalRow?.n ?? 0,
  };
}
