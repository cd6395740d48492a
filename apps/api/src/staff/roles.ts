/**
 * Roles: a name, a set of permissions and the till's policy for each of its actions. The one
 * writer of `roles`. Five are made from templates by migration 0019 (Owner, Manager, Cashier,
 * Fulfilment, Content editor); all but the Owner can be edited, and custom ones added. A role
 * someone holds cannot be deleted.
 */
import {
  isPermission,
  isUuid,
  type Permission,
  type PosPolicies,
  ROLE_TEMPLATES,
  type RoleInput,
  type RoleTemplate,
  type RoleView,
} from '@shop/shared';
import { and, asc, count, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../db/errors.ts';
import { type RoleRow, roles, staffInvitations, users } from '../db/schema/index.ts';
import { conflict, forbidden, notFound } from '../lib/http-error.ts';

/** A member's role as the server checks it on every request. */
export interface StaffRole {
  id: string;
  name: string;
  template: RoleTemplate | null;
  permissions: ReadonlySet<Permission>;
  pos: PosPolicies;
  discountLimitPercent: number;
}

const templateOf = (value: string | null): RoleTemplate | null =>
  value && (ROLE_TEMPLATES as readonly string[]).includes(value) ? (value as RoleTemplate) : null;

export function toStaffRole(row: RoleRow): StaffRole {
  return {
    id: row.id,
    name: row.name,
    template: templateOf(row.template),
    permissions: new Set(row.permissions.filter(isPermission)),
    pos: row.pos,
    discountLimitPercent: row.discountLimitPercent,
  };
}

export async function findRole(db: Db | Tx, id: string): Promise<RoleRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(roles).where(eq(roles.id, id));
  return row;
}

export async function findRoleByTemplate(db: Db | Tx, template: RoleTemplate): Promise<RoleRow> {
  const [row] = await db.select().from(roles).where(eq(roles.template, template));
  if (!row) throw new Error(`no ${template} role: migration 0019 makes it`);
  return row;
}

const toView = (row: RoleRow, members: number): RoleView => ({
  id: row.id,
  name: row.name,
  template: templateOf(row.template),
  editable: row.template !== 'owner',
  permissions: row.permissions.filter(isPermission),
  pos: row.pos,
  discountLimitPercent: row.discountLimitPercent,
  members,
});

/** The templates in ROLE_TEMPLATES' order (made in one statement, they share a creation time), custom roles after. */
const TEMPLATE_ORDER = sql`array_position(array[${sql.join(
  ROLE_TEMPLATES.map((t) => sql`${t}`),
  sql`, `,
)}]::text[], ${roles.template}) nulls last`;

/** Every role, the templates first, each with how many active members hold it. */
export async function listRoles(db: Db): Promise<RoleView[]> {
  const held = db
    .select({ roleId: users.staffRoleId, n: count().as('n') })
    .from(users)
    .where(eq(users.active, true))
    .groupBy(users.staffRoleId)
    .as('held');
  const rows = await db
    .select({ role: roles, members: held.n })
    .from(roles)
    .leftJoin(held, eq(held.roleId, roles.id))
    .orderBy(TEMPLATE_ORDER, asc(roles.createdAt), asc(roles.name));
  return rows.map((r) => toView(r.role, Number(r.members ?? 0)));
}

const DUPLICATE = (name: string) => conflict(`A role named ${name} exists already`);

export async function createRole(db: Db, input: RoleInput): Promise<RoleView> {
  try {
    const [row] = await db.insert(roles).values(input).returning();
    return toView(row!, 0);
  } catch (error) {
    if (isUniqueViolation(error, 'roles_name_key')) throw DUPLICATE(input.name);
    throw error;
  }
}

/** Changes a role (not the Owner's); members holding it have the new permissions at their next request. */
export async function updateRole(db: Db, id: string, patch: Partial<RoleInput>): Promise<RoleView> {
  const role = await findRole(db, id);
  if (!role) throw notFound('Role not found');
  if (role.template === 'owner') throw forbidden('The Owner role cannot be changed');
  try {
    const [row] = await db
      .update(roles)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(eq(roles.id, id))
      .returning();
    const [held] = await db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.staffRoleId, id), eq(users.active, true)));
    return toView(row!, held?.n ?? 0);
  } catch (error) {
    if (isUniqueViolation(error, 'roles_name_key')) throw DUPLICATE(patch.name ?? role.name);
    throw error;
  }
}

/**
 * Deletes a role nobody holds: 409 while a member (active or not) has it or an open invitation
 * names it; the Owner's never (403). Accepted and cancelled invitations naming it go with it
 * (the audit trail keeps who invited whom).
 */
export async function deleteRole(db: Db, id: string): Promise<void> {
  const role = await findRole(db, id);
  if (!role) throw notFound('Role not found');
  if (role.template === 'owner') throw forbidden('The Owner role cannot be deleted');
  const [held] = await db.select({ n: count() }).from(users).where(eq(users.staffRoleId, id));
  const n = held?.n ?? 0;
  if (n > 0) throw conflict(`${role.name} is held by ${n} ${n === 1 ? 'member' : 'members'}: give them another role first`);
  try {
    await db.transaction(async (tx) => {
      await tx
        .delete(staffInvitations)
        .where(
          and(
            eq(staffInvitations.roleId, id),
            or(isNotNull(staffInvitations.acceptedAt), isNotNull(staffInvitations.cancelledAt)),
          ),
        );
      await tx.delete(roles).where(eq(roles.id, id));
    });
  } catch (error) {
    // An open invitation naming it (or a member given it meanwhile) keeps it.
    if (isForeignKeyViolation(error)) {
      throw conflict(`${role.name} is still named by a member or an open invitation: cancel the invitation first`);
    }
    throw error;
  }
}
