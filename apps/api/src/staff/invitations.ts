/**
 * Invitations to the staff, the one writer of `staff_invitations`. An invitation is a random
 * token e-mailed as a link (through the outbox, sealed while queued); only its SHA-256 is
 * kept, like a password reset's. It works INVITATION_TTL_HOURS and once: accepting uses it by
 * one conditional UPDATE against the database's clock, inside the transaction that makes the
 * account staff, so two accepts of one link at once make one member and the other finds it
 * accepted. Resending gives it a new token (the old link stops working) and a fresh 72 hours.
 *
 * The list shows expired invitations too, marked `expired`: until resent or cancelled they
 * are still the address's open invitation (one per address, a unique index). Inviting an
 * address whose only open invitation expired cancels that one and sends a new one.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  type AcceptInvitationBody,
  type AuthResponse,
  INVITATION_MESSAGES,
  INVITATION_TTL_HOURS,
  type InvitationInput,
  type InvitationView,
  isUuid,
  registerBody,
} from '@shop/shared';
import { and, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { recordAudit } from '../admin/index.ts';
import type { Db, Tx } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { roles, type StaffInvitationRow, staffInvitations, type UserRow, users } from '../db/schema/index.ts';
import { badRequest, conflict, HttpError, notFound, unauthorized } from '../lib/http-error.ts';
import { hashPassword, verifyPassword } from '../lib/passwords.ts';
import { findUserByEmail, findUserById, insertUser, makeStaff } from '../users/index.ts';
import { type Actor, assertMayGrant, type StaffAuth } from './members.ts';
import { findRole, findRoleByTemplate } from './roles.ts';

/** Where an accept comes from: its staff session and audit entry keep it. */
export interface Origin {
  ip: string;
  userAgent: string;
  requestId: string;
}

/** What sends the e-mail: the messages' notifier (app.messages.notifier). */
export interface InvitationMailer {
  staffInvitation(
    tx: Db | Tx,
    invitation: { email: string; inviterName: string; roleName: string },
    token: string,
  ): Promise<void>;
}

const newToken = (): string => randomBytes(32).toString('base64url');
/** A token carries 256 random bits: a plain SHA-256 is enough to store. */
const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
const fullName = (user: Pick<UserRow, 'firstName' | 'lastName'>) => `${user.firstName} ${user.lastName}`.trim();
const expiry = sql`now() + make_interval(hours => ${INVITATION_TTL_HOURS}::int)`;
const open = and(isNull(staffInvitations.acceptedAt), isNull(staffInvitations.cancelledAt));
const NOT_FOUND = 'Invitation not found';

const inviter = alias(users, 'inviter');
function invitations(db: Db | Tx) {
  return db
    .select({
      id: staffInvitations.id,
      email: staffInvitations.email,
      roleId: roles.id,
      roleName: roles.name,
      inviterFirst: inviter.firstName,
      inviterLast: inviter.lastName,
      createdAt: staffInvitations.createdAt,
      expiresAt: staffInvitations.expiresAt,
      expired: sql<boolean>`${staffInvitations.expiresAt} <= now()`,
    })
    .from(staffInvitations)
    .innerJoin(roles, eq(roles.id, staffInvitations.roleId))
    .leftJoin(inviter, eq(inviter.id, staffInvitations.invitedBy));
}

type InvitationRow = Awaited<ReturnType<ReturnType<typeof invitations>['execute']>>[number];
const toView = ({ inviterFirst, inviterLast, expired, ...row }: InvitationRow): InvitationView => ({
  ...row,
  invitedByName: inviterFirst === null ? null : `${inviterFirst} ${inviterLast ?? ''}`.trim(),
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  status: expired ? 'expired' : 'pending',
});

async function view(db: Db | Tx, id: string): Promise<InvitationView> {
  const [row] = await invitations(db).where(eq(staffInvitations.id, id));
  return toView(row!);
}

/** The open invitations (neither accepted nor cancelled), newest first, expired ones marked so. */
export async function listInvitations(db: Db): Promise<InvitationView[]> {
  const rows = await invitations(db).where(open).orderBy(desc(staffInvitations.createdAt), desc(staffInvitations.id));
  return rows.map(toView);
}

/**
 * POST /api/staff/invitations: 400 for an unknown role, 403 for the Owner role from a
 * non-Owner, 409 when the address is staff already or has an invitation still working.
 */
export async function invite(db: Db, mailer: InvitationMailer, actor: Actor, input: InvitationInput): Promise<InvitationView> {
  const role = await findRole(db, input.roleId);
  if (!role) throw badRequest('Unknown role', [{ path: 'roleId', message: 'Unknown role' }]);
  assertMayGrant(actor, (await findRoleByTemplate(db, 'owner')).id, role.id);
  const existing = await findUserByEmail(db, input.email);
  if (existing?.role === 'admin') throw conflict(`${input.email} is on the staff already`);
  const token = newToken();
  try {
    return await db.transaction(async (tx) => {
      await tx
        .update(staffInvitations)
        .set({ cancelledAt: sql`now()` })
        .where(and(sql`lower(${staffInvitations.email}) = ${input.email}`, open, lte(staffInvitations.expiresAt, sql`now()`)));
      const [row] = await tx
        .insert(staffInvitations)
        .values({ email: input.email, roleId: role.id, tokenHash: hashToken(token), invitedBy: actor.user.id, expiresAt: expiry })
        .returning();
      await mailer.staffInvitation(tx, { email: input.email, inviterName: fullName(actor.user), roleName: role.name }, token);
      return view(tx, row!.id);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'staff_invitations_open_key')) {
      throw conflict(`${input.email} has an invitation already: resend it or cancel it`);
    }
    throw error;
  }
}

/** The open invitation with this id, locked; 404 unknown, 409 accepted (a cancelled one: `undefined`). */
async function lockOpen(tx: Tx, id: string): Promise<StaffInvitationRow | undefined> {
  const [row] = await tx.select().from(staffInvitations).where(eq(staffInvitations.id, id)).for('update');
  if (!row) throw notFound(NOT_FOUND);
  if (row.acceptedAt) throw conflict('This invitation was accepted already');
  return row.cancelledAt ? undefined : row;
}

/** DELETE /api/staff/invitations/{id}: its link stops working. Cancelling a cancelled one changes nothing. */
export async function cancelInvitation(db: Db, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound(NOT_FOUND);
  await db.transaction(async (tx) => {
    if (!(await lockOpen(tx, id))) return;
    await tx.update(staffInvitations).set({ cancelledAt: sql`now()` }).where(eq(staffInvitations.id, id));
  });
}

/** POST /api/staff/invitations/{id}/resend: a new link (the old one stops working), valid 72 hours from now. */
export async function resendInvitation(db: Db, mailer: InvitationMailer, actor: Actor, id: string): Promise<InvitationView> {
  if (!isUuid(id)) throw notFound(NOT_FOUND);
  const token = newToken();
  return db.transaction(async (tx) => {
    const row = await lockOpen(tx, id);
    if (!row) throw conflict('This invitation was cancelled: invite again');
    await tx
      .update(staffInvitations)
      .set({ tokenHash: hashToken(token), expiresAt: expiry })
      .where(eq(staffInvitations.id, id));
    const fresh = await view(tx, id);
    await mailer.staffInvitation(tx, { email: row.email, inviterName: fullName(actor.user), roleName: fresh.roleName }, token);
    return fresh;
  });
}

/** 400 for a token nobody was sent (or replaced by a resend), 410 for one that no longer works. */
async function refusal(db: Db | Tx, tokenHash: string): Promise<HttpError> {
  const [row] = await db
    .select({
      accepted: sql<boolean>`${staffInvitations.acceptedAt} is not null`,
      cancelled: sql<boolean>`${staffInvitations.cancelledAt} is not null`,
    })
    .from(staffInvitations)
    .where(eq(staffInvitations.tokenHash, tokenHash));
  if (!row) return badRequest(INVITATION_MESSAGES.invalid);
  const why = row.accepted ? 'accepted' : row.cancelled ? 'cancelled' : 'expired';
  return new HttpError(410, INVITATION_MESSAGES[why]);
}

/** Uses the invitation: accepted now by `userId`, if it still works. */
async function claim(tx: Tx, tokenHash: string): Promise<StaffInvitationRow> {
  const [row] = await tx
    .update(staffInvitations)
    .set({ acceptedAt: sql`now()` })
    .where(and(eq(staffInvitations.tokenHash, tokenHash), open, gt(staffInvitations.expiresAt, sql`now()`)))
    .returning();
  if (!row) throw await refusal(tx, tokenHash);
  return row;
}

const newAccount = registerBody.pick({ firstName: true, lastName: true, password: true });

/** A new account's names and password, by the registration's rules; 400 with the fields otherwise. */
function newAccountFields({ firstName = '', lastName = '', password }: AcceptInvitationBody) {
  const checked = newAccount.safeParse({ firstName, lastName, password });
  if (checked.success) return checked.data;
  const errors = checked.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  throw badRequest(errors[0]!.message, errors);
}

/** The invitation a token names, and whether it still works (not accepted, cancelled or expired). */
const invitationByToken = (db: Db, tokenHash: string) =>
  db
    .select({
      email: staffInvitations.email,
      works: sql<boolean>`${staffInvitations.acceptedAt} is null and ${staffInvitations.cancelledAt} is null and ${staffInvitations.expiresAt} > now()`,
    })
    .from(staffInvitations)
    .where(eq(staffInvitations.tokenHash, tokenHash));

/**
 * POST /api/staff/invitations/accept: makes the invitation's address a member with its role and
 * signs them in. An address without an account gets a new one; a shopper's account becomes
 * staff (its password must be given, 401 otherwise; names unchanged). 409 when the caller is
 * signed in as another account, or the address is staff already.
 */
export async function acceptInvitation(
  db: Db,
  auth: StaffAuth,
  input: AcceptInvitationBody,
  origin: Origin,
  signedIn: UserRow | null,
): Promise<AuthResponse> {
  const tokenHash = hashToken(input.token);
  const [invitation] = await invitationByToken(db, tokenHash);
  if (!invitation?.works) throw await refusal(db, tokenHash);
  const existing = await findUserByEmail(db, invitation.email);
  if (signedIn && signedIn.id !== existing?.id) {
    throw conflict(`You are signed in as ${signedIn.email}: sign out, then open the invitation for ${invitation.email} again`);
  }
  if (existing?.role === 'admin') {
    // The same link accepted at the same moment (a double tap, two tabs) made the account
    // staff after the check above: the invitation no longer works, and the answer says so, as
    // the claim's would have. Otherwise the address became staff another way.
    const [now] = await invitationByToken(db, tokenHash);
    if (!now?.works) throw await refusal(db, tokenHash);
    throw conflict(`${invitation.email} is on the staff already: sign in instead`);
  }

  let memberId: string;
  if (existing) {
    // Checked before the transaction: a hash waits its turn (lib/passwords.ts), a connection should not.
    if (!(await verifyPassword(existing.passwordHash, input.password))) {
      throw unauthorized(`That is not the password of the account of ${invitation.email}`);
    }
    memberId = await db.transaction(async (tx) => {
      const used = await claim(tx, tokenHash);
      const member = await makeStaff(tx, existing.id, used.roleId);
      if (!member) throw conflict(`${invitation.email} is on the staff already: sign in instead`);
      await accepted(tx, used, member, origin);
      return member.id;
    });
  } else {
    const fields = newAccountFields(input);
    const passwordHash = await hashPassword(fields.password);
    try {
      memberId = await db.transaction(async (tx) => {
        const used = await claim(tx, tokenHash);
        const body = { ...fields, email: used.email, phone: '', address: '', city: '', state: '', country: '' };
        const member = await insertUser(tx, body, 'admin', passwordHash, used.roleId);
        await accepted(tx, used, member, origin);
        return member.id;
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      throw conflict(`An account for ${invitation.email} was made meanwhile: accept again with its password`);
    }
  }
  return auth.signIn((await findUserById(db, memberId))!, origin);
}

/** Records who accepted, in the claim's transaction, and audits it as the new member's act. */
async function accepted(tx: Tx, invitation: StaffInvitationRow, member: UserRow, origin: Origin): Promise<void> {
  await tx.update(staffInvitations).set({ acceptedBy: member.id }).where(eq(staffInvitations.id, invitation.id));
  const role = await findRole(tx, invitation.roleId);
  await recordAudit(tx, {
    actorId: member.id,
    actorEmail: member.email,
    actorName: fullName(member),
    actorRole: role?.name ?? null,
    ...origin,
    action: 'staff.invitation.accepted',
    entity: 'staff',
    entityId: member.id,
    before: null,
    after: { invitationId: invitation.id, roleId: invitation.roleId, invitedBy: invitation.invitedBy },
  });
}
