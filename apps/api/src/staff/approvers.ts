/**
 * Who may approve a till action by PIN, for the member asking (GET /api/pos/approvers): their
 * own role's policy for it, and the active members with a PIN whose role allows it, which are
 * the ones POST /api/pos/approvals would accept. A member without staff.manage sees names and
 * role names only: what a cashier needs to pick the manager beside her.
 */
import { APPROVAL_POLICY, type ApprovalAction, type Approvers } from '@shop/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { roles, staffPins, users } from '../db/schema/index.ts';
import type { StaffRole } from './roles.ts';

export async function listApprovers(db: Db, asker: StaffRole, action: ApprovalAction): Promise<Approvers> {
  const policy = APPROVAL_POLICY[action];
  const members = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, roleName: roles.name, pos: roles.pos })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.staffRoleId))
    .innerJoin(staffPins, eq(staffPins.userId, users.id))
    .where(and(eq(users.role, 'admin'), eq(users.active, true)))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  return {
    policy: asker.pos[policy],
    approvers: members
      .filter((member) => member.pos[policy] === 'allow')
      .map((member) => ({ id: member.id, name: `${member.firstName} ${member.lastName}`.trim(), roleName: member.roleName })),
  };
}
