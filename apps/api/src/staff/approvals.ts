/**
 * A manager's approval of one till action by PIN, the one writer of `approvals`. Given when
 * the member is active, their role's till policy for the action is `allow` and the PIN is
 * right; it is bound to the asking session, the action, the amount and the order, works
 * APPROVAL_TTL_MINUTES, and once: using it is one conditional UPDATE inside the transaction of
 * the action it approves (a cashier's refund: orders/routes.ts), so two uses at once, on any
 * number of API processes, find it used once, and an action that fails leaves it unused.
 *
 * A manager may approve their own request: the policy they are checked against is their own
 * role's `allow`, which already lets them do it without asking, so the approval adds a record
 * and nothing else. Who asked and who approved are both in the audit trail.
 */
import {
  APPROVAL_POLICY,
  APPROVAL_TTL_MINUTES,
  type ApprovalAction,
  type ApprovalView,
  formatNaira,
  type Permission,
  PIN_LOCK_MINUTES,
  PIN_MAX_ATTEMPTS,
  permissionRefusal,
} from '@shop/shared';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { recordAudit } from '../admin/index.ts';
import type { Db, Tx } from '../db/client.ts';
import { approvals, type UserRow } from '../db/schema/index.ts';
import { badRequest, forbidden, HttpError } from '../lib/http-error.ts';
import { refuse } from '../lib/refuse.ts';
import { findUserById } from '../users/index.ts';
import { checkPin } from './pins.ts';
import { findRole, type StaffRole } from './roles.ts';

const ACTION_WORDS: Record<ApprovalAction, string> = {
  discount: 'discounts',
  price_override: 'price overrides',
  refund: 'refunds',
  negative_stock: 'selling below zero stock',
};

const fullName = (user: Pick<UserRow, 'firstName' | 'lastName'>) => `${user.firstName} ${user.lastName}`.trim();

export interface ApprovalAsk {
  managerId: string;
  pin: string;
  action: ApprovalAction;
  /** Kobo. */
  amount: number | null;
  orderId: string | null;
}

/** Who asks: the signed-in member, their role's name, the session their token names, and from where. */
export interface Asker {
  user: UserRow;
  roleName: string;
  sessionId: string;
  origin: { ip: string; userAgent: string; requestId: string };
}

/** A wrong PIN: 403 with the tries left; the last wrong one locks it (423). */
const wrongPin = (attemptsLeft: number) =>
  new HttpError(
    403,
    `Wrong PIN: ${attemptsLeft} ${attemptsLeft === 1 ? 'try' : 'tries'} left before it locks for ${PIN_LOCK_MINUTES} minutes`,
    undefined,
    undefined,
    { attemptsLeft },
  );

/** A locked PIN: 423 Locked (the member's PIN, not the caller, is locked), with Retry-After and the time. */
const lockedPin = (name: string, until: Date) =>
  new HttpError(
    423,
    `${name}'s PIN is locked after ${PIN_MAX_ATTEMPTS} wrong tries, until ${until.toISOString()}`,
    undefined,
    Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000)),
    { lockedUntil: until.toISOString() },
  );

/**
 * POST /api/pos/approvals. Refusals: 400 for an unknown member, 403 for a deactivated one, a
 * role that does not allow the action, no PIN set or a wrong PIN, 423 while the PIN is locked.
 * Approvals given and wrong PINs (the one that locks included) are audited, a refusal on its
 * own since nothing else of it is kept; tries while locked are not (nothing is checked, and a
 * caller repeating them would only fill the trail).
 */
export async function requestApproval(db: Db, asker: Asker, ask: ApprovalAsk): Promise<ApprovalView> {
  const manager = await findUserById(db, ask.managerId);
  if (manager?.role !== 'admin' || !manager.staffRoleId) {
    throw badRequest('Unknown staff member', [{ path: 'managerId', message: 'Unknown staff member' }]);
  }
  const name = fullName(manager);
  if (!manager.active) throw forbidden(`${name} is deactivated`);
  const role = await findRole(db, manager.staffRoleId);
  if (role?.pos[APPROVAL_POLICY[ask.action]] !== 'allow') {
    throw forbidden(`${name}'s role (${role?.name ?? 'none'}) does not allow ${ACTION_WORDS[ask.action]}`);
  }

  const facts = {
    managerId: manager.id,
    managerName: name,
    requestedById: asker.user.id,
    requestedByName: fullName(asker.user),
    action: ask.action,
    amount: ask.amount,
    orderId: ask.orderId,
  };
  const audit = (tx: Db | Tx, action: string, entityId: string, after: object) =>
    recordAudit(tx, {
      actorId: asker.user.id,
      actorEmail: asker.user.email,
      actorName: fullName(asker.user),
      actorRole: asker.roleName,
      ...asker.origin,
      action,
      entity: 'approvals',
      entityId,
      before: null,
      after,
    });

  const pin = await checkPin(db, manager.id, ask.pin);
  if (!pin.ok) {
    if (pin.reason === 'none') throw forbidden(`${name} has no PIN yet: set one on the Staff page`);
    const refused = pin.reason === 'locked' ? lockedPin(name, pin.lockedUntil) : wrongPin(pin.attemptsLeft);
    if (pin.reason === 'wrong' || pin.now)
      await audit(db, 'pos.approval.refused', manager.id, { ...facts, refused: refused.message });
    throw refused;
  }
  return db.transaction(async (tx) => {
    const [approval] = await tx
      .insert(approvals)
      .values({
        managerId: manager.id,
        requestedBy: asker.user.id,
        sessionId: asker.sessionId,
        action: ask.action,
        amount: ask.amount,
        orderId: ask.orderId,
        expiresAt: sql`now() + make_interval(mins => ${APPROVAL_TTL_MINUTES}::int)`,
      })
      .returning();
    await audit(tx, 'pos.approval.given', approval!.id, { ...facts, approvalId: approval!.id });
    return { approvalId: approval!.id, expiresAt: approval!.expiresAt.toISOString() };
  });
}

/** 403 naming the permission the action needs without an approval, and why this one does not do. */
const needsApproval = (permission: Permission, why?: string) =>
  new HttpError(
    403,
    `${why ? `${why}. ` : ''}${permissionRefusal(permission)} without a manager's approval (approvalId)`,
    undefined,
    undefined,
    { permission },
  );

export interface ApprovalUse {
  approvalId: string;
  sessionId: string;
  action: ApprovalAction;
  /** Kobo. */
  amount: number | null;
  orderId: string | null;
}

/**
 * Uses an approval inside the transaction of the action it approves: once, by the session it
 * was given to, for that action, amount and order, before it expires. Otherwise 403 saying
 * why, naming `permission` (what the action needs without an approval), and the caller's
 * transaction rolls back.
 */
export async function useApproval(tx: Tx, use: ApprovalUse, permission: Permission): Promise<void> {
  const matches = and(
    eq(approvals.id, use.approvalId),
    eq(approvals.sessionId, use.sessionId),
    eq(approvals.action, use.action),
    use.amount === null ? isNull(approvals.amount) : eq(approvals.amount, use.amount),
    use.orderId === null ? isNull(approvals.orderId) : eq(approvals.orderId, use.orderId),
  );
  const [used] = await tx
    .update(approvals)
    .set({ usedAt: sql`now()` })
    .where(and(matches, isNull(approvals.usedAt), gt(approvals.expiresAt, sql`now()`)))
    .returning({ id: approvals.id });
  if (used) return;
  throw needsApproval(permission, await whyNot(tx, use));
}

/** Why an approval cannot be used, for the refusal. */
async function whyNot(tx: Tx, use: ApprovalUse): Promise<string> {
  const [row] = await tx
    .select({
      sessionId: approvals.sessionId,
      action: approvals.action,
      amount: approvals.amount,
      orderId: approvals.orderId,
      used: sql<boolean>`${approvals.usedAt} is not null`,
      expired: sql<boolean>`${approvals.expiresAt} <= now()`,
    })
    .from(approvals)
    .where(eq(approvals.id, use.approvalId));
  if (!row) return 'That approval does not exist';
  if (row.sessionId !== use.sessionId) return 'That approval was given to another session';
  if (row.used) return 'That approval was used already';
  if (row.expired) return `That approval expired (approvals work ${APPROVAL_TTL_MINUTES} minutes)`;
  if (row.action !== use.action) return `That approval is for ${ACTION_WORDS[row.action as ApprovalAction] ?? row.action}`;
  if (row.amount !== use.amount) {
    return row.amount === null ? 'That approval is for no amount' : `That approval is for ${formatNaira(row.amount)}`;
  }
  return 'That approval is for another order';
}

/** Run in a refund's transaction once its amount is known; throwing undoes the refund. */
export type TillRefundCheck = (tx: Tx, refund: { amount: number }) => Promise<void>;

/**
 * How a member may refund an order (POST /api/orders/{id}/refunds): with `orders.refund`, as
 * ever (no check). Otherwise only a sale of the till (channel `pos`), by their role's till
 * refund policy: `allow` needs nothing more, `approval` needs `approvalId`, an approval given
 * to their session for a refund of this order and exactly this amount, used in the refund's
 * transaction (the check returned); `deny`, or any other order, 403 naming `orders.refund`.
 */
export function tillRefundCheck(
  staff: { role: StaffRole; sessionId: string },
  order: { id: string; channel: string },
  approvalId: string | undefined,
): TillRefundCheck | undefined {
  if (staff.role.permissions.has('orders.refund')) return undefined;
  const policy = staff.role.pos.refund;
  if (!staff.role.permissions.has('pos.sell') || order.channel !== 'pos' || policy === 'deny') throw refuse('orders.refund');
  if (policy === 'allow') return undefined;
  if (!approvalId) throw needsApproval('orders.refund');
  return (tx, refund) =>
    useApproval(
      tx,
      { approvalId, sessionId: staff.sessionId, action: 'refund', amount: refund.amount, orderId: order.id },
      'orders.refund',
    );
}
