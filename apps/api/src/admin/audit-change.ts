/**
 * One staff write's entry, written by the audit plugin inside the transaction of the change:
 * the thing read before (in that transaction, before the handler) and after (once it has
 * answered), reduced to the fields that changed, with who did it and from where.
 */
import type { FastifyRequest } from 'fastify';
import { changedFields, isUuid } from '@shop/shared';
import type { Tx } from '../db/client.ts';
import type { ResolvedAudit } from './audit-actions.ts';
import { type AuditInput, recordAudit } from './audit.ts';
import { hasSnapshot, type Snapshot, snapshot } from './audit-snapshots.ts';

/** Answers beyond this are not kept as an entry's after (it stores null). */
export const AUDIT_MAX_BODY_BYTES = 64 * 1024;

export interface AuditContext {
  request: FastifyRequest;
  audit: ResolvedAudit;
  /** The route's `:id`, when it has one. */
  entityId: string | null;
}

/** Who acted and from where, as every entry copies it (a later rename or new role does not rewrite it). */
export function auditActor(
  request: FastifyRequest,
): Pick<AuditInput, 'actorId' | 'actorEmail' | 'actorName' | 'actorRole' | 'ip' | 'userAgent' | 'requestId'> {
  const user = request.user;
  return {
    actorId: user?.id ?? null,
    actorEmail: user?.email ?? null,
    actorName: user ? `${user.firstName} ${user.lastName}`.trim() : null,
    actorRole: request.staff?.role.name ?? null,
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? '').slice(0, 400),
    requestId: String(request.id),
  };
}

/** An answer as JSON (what a handler returned or sent, or what a transaction returned); null when it is not JSON or too big. */
function jsonOf(answer: unknown): unknown {
  if (answer === undefined || answer === null || Buffer.isBuffer(answer)) return null;
  if (typeof answer === 'object' && typeof (answer as { pipe?: unknown }).pipe === 'function') return null;
  try {
    const text = typeof answer === 'string' ? answer : JSON.stringify(answer);
    if (Buffer.byteLength(text) > AUDIT_MAX_BODY_BYTES) return null;
    return typeof answer === 'string' ? (/^\s*[[{]/.test(text) ? JSON.parse(text) : answer) : JSON.parse(text);
  } catch {
    return null;
  }
}

/** The id of what a create made: the route's own rule, the answer's `id`, or a transaction's returned id or rows. */
function createdIdOf(audit: AuditContext['audit'], answer: unknown): string | null {
  const id =
    typeof answer === 'string'
      ? answer
      : Array.isArray(answer)
        ? (answer[0] as { id?: unknown } | undefined)?.id
        : audit.createdId
          ? audit.createdId(answer)
          : (answer as { id?: unknown } | null)?.id;
  return typeof id === 'string' && isUuid(id) ? id : null;
}

const isEmpty = (value: Snapshot | null) => value !== null && Object.keys(value).length === 0;

export const recordChange = {
  /** The thing as it is before the change, in its transaction. */
  before(tx: Tx, { audit, entityId }: AuditContext): Promise<Snapshot | null> {
    return hasSnapshot(audit.entity) ? snapshot(tx, audit.entity, entityId) : Promise.resolve(null);
  },

  /**
   * Writes the entry in `tx`: the thing read again (or, without a way to read it, the
   * answer), the fields that differ from `before`. `skipUnchanged`: no entry when the thing
   * did not change (one of a route's several transactions that touched something else).
   */
  async after(
    tx: Tx,
    context: AuditContext,
    before: Snapshot | null,
    answer: unknown,
    { skipUnchanged = false } = {},
  ): Promise<void> {
    const { audit, request } = context;
    const json = jsonOf(answer);
    const entityId = context.entityId ?? createdIdOf(audit, json);
    const readable = hasSnapshot(audit.entity) && (entityId !== null || before !== null);
    const now = readable ? await snapshot(tx, audit.entity, entityId) : json;
    const changed = changedFields(before, now);
    if (skipUnchanged && isEmpty(changed.before) && isEmpty(changed.after)) return;
    await recordAudit(tx, {
      ...auditActor(request),
      action: audit.action,
      entity: audit.entity,
      entityId,
      before: changed.before,
      after: changed.after,
    });
  },
};
