/**
 * The shop's team as the Staff page manages it: every member with their role, last sign-in and
 * two-factor, a new role, deactivated (never deleted) or active again. A change of role or a
 * deactivation ends the member's sessions in the same transaction, so their next request is
 * 401 (the auth plugin also reads the role and `active` at every request).
 *
 * The shop always keeps an active Owner. Every change takes the row locks of the active
 * Owners first (in id order, so two changes never deadlock), then the member's: two Owners
 * demoting each other at once, on any number of connections or API processes, take turns,
 * and the second finds itself the last Owner (409). A condition in one UPDATE would not do:
 * each would see the other still an Owner in its snapshot.
 */
import { type AuthResponse, isUuid, type StaffMemberPatch, type StaffMemberView } from '@shop/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../db/client.ts';
import { roles, twoFactor, type UserRow, users } from '../db/schema/index.ts';
import { badRequest, conflict, forbidden, notFound } from '../lib/http-error.ts';
import { findUserById, updateStaffMember } from '../users/index.ts';
import { findRole, findRoleByTemplate, type StaffRole } from './roles.ts';

/**
 * What staff needs from sign-in: auth implements it and app.ts hands it over (auth reads roles
 * from here, so this folder cannot import auth).
 */
export interface StaffAuth {
  /** The answer of a sign-in for this account, as auth's sign-in routes give it (a staff session). */
  signIn(user: UserRow, origin: { ip: string; userAgent: string; requestId: string }): Promise<AuthResponse>;
  /** Ends every session of a member, in the caller's transaction; how many ended. */
  endSessions(db: Db | Tx, userId: string): Promise<number>;
}

/** Who is acting: their account and role. */
export interface Actor {
  user: UserRow;
  role: StaffRole;
}

/** The signed-in member a staff route's guard let in. */
export const actorOf = (request: FastifyRequest): Actor => ({ user: request.user!, role: request.staff!.role });

const memberColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  roleId: roles.id,
  roleName: roles.name,
  active: users.active,
  lastSignInAt: users.lastSignInAt,
  twoFactor: sql<boolean>`${twoFactor.enabledAt} is not null`,
};

function members(db: Db | Tx) {
  return db
    .select(memberColumns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.staffRoleId))
    .leftJoin(twoFactor, eq(twoFactor.userId, users.id));
}

type MemberRow = Awaited<ReturnType<ReturnType<typeof members>['execute']>>[number];
const toView = (row: MemberRow): StaffMemberView => ({
  ...row,
  lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
  twoFactor: Boolean(row.twoFactor),
});

/** Every staff member, active ones first, by name. */
export async function listStaff(db: Db): Promise<StaffMemberView[]> {
  const rows = await members(db).orderBy(
    sql`${users.active} desc`,
    sql`lower(${users.firstName})`,
    sql`lower(${users.lastName})`,
    asc(users.id),
  );
  return rows.map(toView);
}

const NOT_FOUND = 'Staff member not found';

async function memberView(db: Db | Tx, id: string): Promise<StaffMemberView> {
  const [row] = await members(db).where(eq(users.id, id));
  if (!row) throw notFound(NOT_FOUND);
  return toView(row);
}

/** A staff member's account: 404 for an unknown id or a shopper's. */
export async function findMember(db: Db | Tx, id: string): Promise<UserRow> {
  const user = await findUserById(db, id);
  if (user?.role !== 'admin') throw notFound(NOT_FOUND);
  return user;
}

const ONLY_OWNERS = 'Only an Owner can give the Owner role, or change or deactivate an Owner';
/** The Owner role is an Owner's to give: staff.manage in a custom role does not make its holder one. */
export function assertMayGrant(actor: Actor, ownerRoleId: string, ...roleIds: (string | null)[]): void {
  if (actor.role.template !== 'owner' && roleIds.includes(ownerRoleId)) throw forbidden(ONLY_OWNERS);
}

/** An Owner's PIN and sessions are an Owner's to manage (or their own). */
export async function assertMayManage(db: Db, actor: Actor, member: UserRow): Promise<void> {
  if (member.id === actor.user.id || actor.role.template === 'owner') return;
  assertMayGrant(actor, (await findRoleByTemplate(db, 'owner')).id, member.staffRoleId);
}

/** Locks the active Owners' rows, in id order; their ids. */
async function lockActiveOwners(tx: Tx, ownerRoleId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.staffRoleId, ownerRoleId), eq(users.active, true)))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((r) => r.id);
}

/**
 * PATCH /api/staff/{id}: a new role and/or active or not. 404 for an unknown id or a shopper,
 * 400 for an unknown role, 403 when a non-Owner touches the Owner role, 409 when it would
 * leave no active Owner. Ends the member's sessions when the role changes or they are
 * deactivated.
 */
export async function updateMember(
  db: Db,
  auth: StaffAuth,
  actor: Actor,
  id: string,
  patch: StaffMemberPatch,
): Promise<{ before: StaffMemberView; after: StaffMemberView }> {
  const role = patch.roleId === undefined ? undefined : await findRole(db, patch.roleId);
  if (patch.roleId !== undefined && !role) throw badRequest('Unknown role', [{ path: 'roleId', message: 'Unknown role' }]);
  if (!isUuid(id)) throw notFound(NOT_FOUND);
  return db.transaction(async (tx) => {
    const owner = await findRoleByTemplate(tx, 'owner');
    const owners = await lockActiveOwners(tx, owner.id);
    const [target] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (target?.role !== 'admin') throw notFound(NOT_FOUND);
    const before = await memberView(tx, id);
    const staffRoleId = role?.id ?? target.staffRoleId!;
    const active = patch.active ?? target.active;
    assertMayGrant(actor, owner.id, target.staffRoleId, role?.id ?? null);

    const wasOwner = target.active && target.staffRoleId === owner.id;
    const staysOwner = active && staffRoleId === owner.id;
    if (wasOwner && !staysOwner && !owners.some((o) => o !== id)) {
      const change = active ? 'changing their role' : 'deactivating them';
      throw conflict(
        `${target.firstName} ${target.lastName} is the last active Owner: make someone else an Owner before ${change}`,
      );
    }
    const roleChanged = staffRoleId !== target.staffRoleId;
    if (roleChanged || active !== target.active) {
      await updateStaffMember(tx, id, { staffRoleId, active });
      if (roleChanged || !active) await auth.endSessions(tx, id);
    }
    return { before, after: await memberView(tx, id) };
  });
}
