/** Users: the only module that reads or writes the users table. */
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import {
  type AdminUser,
  type AuthUser,
  isUuid,
  type RegisterBody,
  type Role,
  type UpdateMeBody,
  type UserListQuery,
  type UserSort,
} from '@shop/shared';
import type { Db, Tx } from '../db/client.ts';
import { roles, type UserRow, users } from '../db/schema/index.ts';
import { hashPassword } from '../lib/passwords.ts';
import { containsPattern } from '../lib/like.ts';

/** The account as the clients read it; a staff member's role's name and permissions with it. */
export function toAuthUser(u: UserRow, staff?: { name: string; permissions: Iterable<string> }): AuthUser {
  return {
    id: u.id,
    fname: u.firstName,
    lname: u.lastName,
    email: u.email,
    phone: u.phone,
    address: u.address,
    city: u.city,
    state: u.state,
    country: u.country,
    role: u.role,
    staffRole: staff?.name ?? null,
    permissions: staff ? [...staff.permissions] : [],
  };
}

/** A staff member signed in: when, for the Staff page. */
export async function recordSignIn(db: Db | Tx, userId: string): Promise<void> {
  await db.update(users).set({ lastSignInAt: sql`now()` }).where(eq(users.id, userId));
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  return row;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** A user changes their own name or phone; fields left out stay as they are. */
export async function updateProfile(db: Db, id: string, change: UpdateMeBody): Promise<UserRow> {
  const [row] = await db.update(users).set(change).where(eq(users.id, id)).returning();
  if (!row) throw new Error('the signed-in user has no row');
  return row;
}

/**
 * Inserts a user; throws the driver's unique violation when the email is taken. Inside a
 * transaction, pass the hash made before it (`hashed`): a hash may wait its turn
 * (lib/passwords.ts), and should not hold a database connection meanwhile.
 */
export async function insertUser(
  db: Db,
  input: RegisterBody,
  role: Role = 'shopper',
  hashed?: string,
  /** A staff member's role (roles.id); an admin without one is an Owner. */
  staffRoleId?: string,
): Promise<UserRow> {
  const passwordHash = hashed ?? (await hashPassword(input.password));
  const [row] = await db
    .insert(users)
    .values({
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email.trim().toLowerCase(),
      phone: input.phone,
      address: input.address,
      city: input.city,
      state: input.state,
      country: input.country,
      role,
      passwordHash,
      staffRoleId: role === 'admin' ? (staffRoleId ?? OWNER_ROLE) : null,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** The Owner role's id, as SQL (the role made from the owner template, migration 0019). */
const OWNER_ROLE = sql<string>`(select ${roles.id} from ${roles} where ${roles.template} = 'owner')`;

/**
 * Shopper accounts that cannot sign in (no password matches their hash): the demo shop's
 * past customers, who have orders but no way in. Existing emails are left as they are.
 */
export async function insertAccountsWithoutPassword(db: Db, people: Omit<RegisterBody, 'password'>[]): Promise<UserRow[]> {
  if (people.length === 0) return [];
  await db
    .insert(users)
    .values(people.map((p) => ({ ...p, email: p.email.trim().toLowerCase(), role: 'shopper' as const, passwordHash: '!' })))
    .onConflictDoNothing();
  return db
    .select()
    .from(users)
    .where(
      inArray(
        users.email,
        people.map((p) => p.email.trim().toLowerCase()),
      ),
    );
}

/**
 * Creates an Owner, or makes an existing account an Owner (active again) with the given
 * password: the first admin of ADMIN_EMAIL and `npm run admin:create`, which whoever runs
 * the server uses. Existing tokens of that account are revoked (token version bump).
 */
export async function upsertAdmin(
  db: Db,
  input: { email: string; password: string; firstName?: string; lastName?: string },
): Promise<{ user: UserRow; created: boolean }> {
  const existing = await findUserByEmail(db, input.email);
  if (!existing) {
    const user = await insertUser(
      db,
      {
        firstName: input.firstName ?? 'Shop',
        lastName: input.lastName ?? 'Admin',
        email: input.email,
        password: input.password,
        phone: '',
        address: '',
        city: '',
        state: '',
        country: '',
      },
      'admin',
    );
    return { user, created: true };
  }
  const [user] = await db
    .update(users)
    .set({
      role: 'admin',
      staffRoleId: OWNER_ROLE,
      active: true,
      passwordHash: await hashPassword(input.password),
      tokenVersion: sql`${users.tokenVersion} + 1`,
    })
    .where(eq(users.id, existing.id))
    .returning();
  if (!user) throw new Error('update returned no row');
  return { user, created: false };
}

/**
 * A staff member's new role or activity (staff/members.ts decides whether it may change, under
 * its lock): only a staff row changes. Undefined when the id is no staff member's.
 */
export async function updateStaffMember(
  db: Db | Tx,
  id: string,
  change: { staffRoleId?: string; active?: boolean },
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set(change)
    .where(and(eq(users.id, id), eq(users.role, 'admin')))
    .returning();
  return row;
}

/**
 * A shopper joins the staff with the given role (an accepted invitation): same account, same
 * password, orders and addresses. Undefined when the account is no shopper's (any more).
 */
export async function makeStaff(db: Db | Tx, id: string, staffRoleId: string): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ role: 'admin', staffRoleId, active: true })
    .where(and(eq(users.id, id), eq(users.role, 'shopper')))
    .returning();
  return row;
}

/** Every token issued to the user so far stops working, on every API process (sign out everywhere). */
export async function revokeTokens(db: Db, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId));
}

export async function setPassword(db: Db, userId: string, password: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(password), tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId));
}

export function toAdminUser(u: UserRow): AdminUser {
  return {
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    phone: u.phone,
    address: u.address,
    city: u.city,
    state: u.state,
    country: u.country,
    role: u.role,
    createdAt: u.createdAt.toISOString(),
  };
}

const USER_ORDER: Record<UserSort, SQL[]> = {
  latest: [desc(users.createdAt), desc(users.id)],
  oldest: [asc(users.createdAt), asc(users.id)],
  name: [sql`lower(${users.firstName})`, sql`lower(${users.lastName})`, asc(users.id)],
  email: [asc(users.email), asc(users.id)],
};

/** The back office's users table: search, filter, sort and one page, with the total before paging. */
export async function listUsers(db: Db, query: UserListQuery): Promise<{ items: AdminUser[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(
      or(
        ilike(users.firstName, pattern),
        ilike(users.lastName, pattern),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
        ilike(users.email, pattern),
        ilike(users.phone, pattern),
      )!,
    );
  }
  if (query.country) conditions.push(sql`lower(trim(${users.country})) = ${query.country.toLowerCase()}`);
  if (query.role) conditions.push(eq(users.role, query.role));
  const where = and(...conditions);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(...USER_ORDER[query.sort])
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { items: rows.map(toAdminUser), total: totalRow?.n ?? 0 };
}

/**
 * The distinct countries users gave, for the back office's filter. Case variants count
 * once, shown in their capitalised form when there is one (byte order puts "N" before "n").
 */
export async function listUserCountries(db: Db): Promise<string[]> {
  const rows = await db
    .select({ country: sql<string>`min(trim(${users.country}) collate "C")` })
    .from(users)
    .where(sql`trim(${users.country}) <> ''`)
    .groupBy(sql`lower(trim(${users.country}))`)
    .orderBy(sql`lower(trim(${users.country}))`);
  return rows.map((r) => r.country);
}
