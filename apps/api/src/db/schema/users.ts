import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ROLES } from '@shop/shared';

export const roleEnum = pgEnum('user_role', ROLES);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Stored lower-cased; uniqueness is on lower(email) so it also holds for rows written by hand. */
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    country: text('country').notNull().default(''),
    role: roleEnum('role').notNull().default('shopper'),
    passwordHash: text('password_hash').notNull(),
    /** Bumped to revoke every token issued before (password change, demotion). */
    tokenVersion: integer('token_version').notNull().default(0),
    /** A staff member's role (roles, schema/staff.ts; the foreign key is migration 0019's); null for a shopper. */
    staffRoleId: uuid('staff_role_id'),
    /** A deactivated staff member cannot sign in; staff are never deleted. */
    active: boolean('active').notNull().default(true),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Staff, and only staff, have a role.
    check('users_staff_role', sql`(${t.role} = 'admin') = (${t.staffRoleId} is not null)`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    // Admin users table: newest first, optionally filtered by country.
    index('users_created_at_idx').on(t.createdAt.desc(), t.id),
  ],
);

export type UserRow = typeof users.$inferSelect;

/** A shopper's address book; at most one default per shopper (a partial unique index). */
export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text('label').notNull().default(''),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('addresses_one_default_key').on(t.userId).where(sql`${t.isDefault}`),
  ],
);

export type AddressRow = typeof addresses.$inferSelect;
