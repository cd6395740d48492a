/**
 * A return the till sends with its own device token (issue 29), offline or not: like a synced
 * sale, it names its cashier (a member allowed to sell at the till) and carries the approvals
 * a manager gave by PIN on the till, and the server checks them as it checks a sale's
 * (policies.ts): the cashier role's pos.refund policy says allow, deny, or approval by a
 * manager whose own role allows refunds. The till takes back only its own sales.
 */
import type { TillReturnBody } from '@shop/shared';
import type { Db } from '../db/client.ts';
import { badRequest, forbidden } from '../lib/http-error.ts';
import { approved, type PolicyMember } from './policies.ts';
import { staffOf } from './sync.ts';

export const OTHER_TILLS_SALE =
  'This sale was made on another till: take the goods back on that till, or from the order in the back office';

/** The cashier and the approving managers of a till's return; 400 unnamed, 403 one who may not sell at the till. */
export async function tillReturnStaff(db: Db, body: TillReturnBody): Promise<TillReturnStaff> {
  if (!body.cashierId) throw badRequest('Name the cashier (cashierId)', [{ path: 'cashierId', message: 'Name the cashier' }]);
  const staff = await staffOf(db, [body.cashierId, ...body.approvals.map((a) => a.managerId)]);
  const cashier = staff.get(body.cashierId);
  if (!cashier) throw forbidden('Unknown cashier: only a member of staff may take goods back');
  if (!cashier.active || !cashier.canSell) throw forbidden(`${cashier.name} may not sell at the till`);
  return { cashier, staff, approvals: body.approvals };
}

export interface TillReturnStaff {
  cashier: PolicyMember;
  staff: ReadonlyMap<string, PolicyMember>;
  approvals: TillReturnBody['approvals'];
}

/**
 * The till's refund policy for its cashier: 403 when the role denies refunds or asks for an
 * approval the return does not carry; else the approval to record (none when allowed).
 */
export function tillRefundApproval(who: TillReturnStaff) {
  const { cashier } = who;
  const policy = cashier.pos.refund;
  if (policy === 'allow') return undefined;
  if (policy === 'deny') throw forbidden(`${cashier.name}'s role (${cashier.roleName}) does not allow refunds`);
  if (!approved(who, 'refund', who.staff)) throw forbidden("Refunds need a manager's approval");
  // The approval approved() accepted: a refund's, by an active manager whose role allows refunds.
  return who.approvals.find((a) => {
    const manager = who.staff.get(a.managerId);
    return a.action === 'refund' && manager?.active && manager.pos.refund === 'allow';
  });
}
