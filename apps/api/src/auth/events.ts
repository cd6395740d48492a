/**
 * Sign-in events in the audit trail: staff sign-ins, refused staff sign-ins, two-factor turned
 * on, off or reset, sessions ended. Each entry copies who it concerns (name, e-mail, role) and
 * where the request came from (IP, user agent, request id), and is written in the transaction
 * of the change it records, so neither exists without the other. The audit plugin leaves
 * /api/auth/ alone: these routes record their own entries, here.
 */
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../db/client.ts';
import type { UserRow } from '../db/schema/index.ts';
import { recordAudit } from '../admin/index.ts';
import { clientOf } from '../lib/client-address.ts';

/** Where a request came from, as an audit entry keeps it. */
export interface Origin {
  ip: string;
  userAgent: string;
  requestId: string;
}

export const originOf = (request: FastifyRequest): Origin => ({
  ip: request.ip,
  userAgent: String(request.headers['user-agent'] ?? '').slice(0, 400),
  requestId: String(request.id),
});

/**
 * Where a sign-in comes from: a staff member's session keeps its client (as the limits count
 * it) and user agent, which the sessions list shows; the audit trail keeps the request's origin.
 */
export interface Device {
  ip: string;
  userAgent: string;
  origin?: Origin;
}

export const deviceOf = (request: FastifyRequest): Device => ({
  ip: clientOf(request),
  userAgent: String(request.headers['user-agent'] ?? ''),
  origin: originOf(request),
});

/** The actions these entries record (`action` in the audit trail; `entity` is `auth`). */
export const SIGN_IN_EVENTS = {
  signedIn: 'auth.sign_in',
  signInFailed: 'auth.sign_in_failed',
  twoFactorEnabled: 'auth.two_factor_enabled',
  twoFactorDisabled: 'auth.two_factor_disabled',
  twoFactorReset: 'auth.two_factor_reset',
  sessionRevoked: 'auth.session_revoked',
} as const;
export type SignInEvent = (typeof SIGN_IN_EVENTS)[keyof typeof SIGN_IN_EVENTS];

export interface EventInput {
  /** Who did it: the member signing in, or the Owner resetting another's two-factor; null from the command line. */
  actor: UserRow | null;
  /** The actor's role's name when it happened. */
  actorRole: string | null;
  origin: Origin | null;
  action: SignInEvent;
  /** The account or session the event is about (the member's id, or the session's). */
  entityId: string;
  after?: Record<string, unknown>;
}

export async function recordEvent(db: Db | Tx, event: EventInput): Promise<void> {
  const { actor, origin } = event;
  await recordAudit(db, {
    actorId: actor?.id ?? null,
    actorEmail: actor?.email ?? null,
    actorName: actor ? `${actor.firstName} ${actor.lastName}`.trim() : null,
    actorRole: event.actorRole,
    action: event.action,
    entity: 'auth',
    entityId: event.entityId,
    before: null,
    after: event.after ?? null,
    ip: origin?.ip ?? null,
    userAgent: origin?.userAgent ?? null,
    requestId: origin?.requestId ?? null,
  });
}
