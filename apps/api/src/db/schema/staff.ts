/**
 * The shop's team: roles (a set of permissions and the till's policies), staff sign-in
 * sessions (revocable, short-lived), invitations, two-factor sign-in, PINs for the till's
 * approvals, and the approvals themselves. A staff member is a `users` row with role `admin`
 * and a `staff_role_id`; shoppers have neither.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { PosPolicies, TillPinHash } from '@shop/shared';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const roles = pgTable(
  'roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** The template it was made from; at most one role per template. Null for a custom role. */
    template: text('template'),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    pos: jsonb('pos').$type<PosPolicies>().notNull(),
    discountLimitPercent: integer('discount_limit_percent').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('roles_name_key').on(sql`lower(${t.name})`),
    uniqueIndex('roles_template_key').on(t.template),
    check('roles_discount_limit_range', sql`${t.discountLimitPercent} between 0 and 100`),
  ],
);

/** A staff member's signed-in device: the token names it, and it ends when revoked, idle or a week old. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    /** Created + 7 days: the longest a session lasts, however busy. */
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('staff_sessions_user_idx').on(t.userId, t.createdAt.desc())],
);

/** An invitation to join the staff: a single-use link (its token stored hashed), valid 72 hours. */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'restrict' }),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    acceptedAt: ts('accepted_at'),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    cancelledAt: ts('cancelled_at'),
  },
  (t) => [
    uniqueIndex('staff_invitations_token_key').on(t.tokenHash),
    // One open invitation per address.
    uniqueIndex('staff_invitations_open_key')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.acceptedAt} is null and ${t.cancelledAt} is null`),
  ],
);

/** Time-based one-time passwords (RFC 6238): the secret, sealed; enabled once a first code checked out. */
export const twoFactor = pgTable('two_factor', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabledAt: ts('enabled_at'),
  /** The time step of the last code accepted: a code is good once, however quickly it is sent again. */
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Single-use recovery codes, stored hashed. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/** A sign-in waiting for its second factor: lives 5 minutes and dies after 5 wrong codes. */
export const twoFactorChallenges = pgTable('two_factor_challenges', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  usedAt: ts('used_at'),
});

/** A staff member's till PIN (4–6 digits), stored hashed; 5 wrong tries lock it for 15 minutes. */
export const staffPins = pgTable('staff_pins', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  pinHash: text('pin_hash').notNull(),
  /**
   * The same PIN's scrypt hash as a till checks it offline (sent to tills only, in their
   * catalogue: GET /api/pos/catalogue). Null for a PIN set before migration 0022 until it is
   * set again, or tried right once (staff/pins.ts).
   */
  tillHash: jsonb('till_hash').$type<TillPinHash>(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  lockedUntil: ts('locked_until'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** A manager's PIN approval of one till action: single-use, bound to the asking session, the action and the amount, 5 minutes. */
export const approvals = pgTable(
  'approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    managerId: uuid('manager_id')
      .notNull()
      .references(() => users.id, { onDelete: 'no action' }),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'no action' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => staffSessions.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    /** Kobo, when the action is about an amount. */
    amount: bigint('amount', { mode: 'number' }),
    orderId: uuid('order_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('approvals_session_idx').on(t.sessionId)],
);

export type RoleRow = typeof roles.$inferSelect;
export type StaffSessionRow = typeof staffSessions.$inferSelect;
export type StaffInvitationRow = typeof staffInvitations.$inferSelect;
