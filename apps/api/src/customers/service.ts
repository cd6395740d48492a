/**
 * Point-of-sale customers: buyers the shop records at the counter, without an account. The
 * one writer and reader of the `customers` table; the point of sale and the purchases go
 * through these functions.
 */
import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { type Customer, type CustomerCreateBody, type CustomerListQuery, isUuid } from '@shop/shared';
import type { Db, Tx } from '../db/client.ts';
import { customers } from '../db/schema/index.ts';
import { conflict } from '../lib/http-error.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { containsPattern } from '../lib/like.ts';

export type CustomerRow = typeof customers.$inferSelect;

export const CUSTOMER_EMAIL_TAKEN = 'A customer with this email already exists';

function toCustomer(row: CustomerRow): Customer {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    storeCredit: row.storeCredit,
    createdAt: row.createdAt.toISOString(),
  };
}

/** One customer as the back office and the till show them, with their store credit; undefined when unknown. */
export async function getCustomer(db: Db | Tx, id: string): Promise<Customer | undefined> {
  const row = await findCustomerById(db, id);
  return row && toCustomer(row);
}

/**
 * Adds `delta` kobo to the customer's store credit (negative: spent) inside the caller's
 * transaction, never below zero: one conditional UPDATE, so two spends at once cannot both
 * take the last naira. The new balance, or undefined when there is not enough (or no customer).
 * The till's store_credit_entries (pos) record each change; this column is their sum.
 */
export async function adjustStoreCredit(tx: Tx, customerId: string, delta: number): Promise<number | undefined> {
  const [row] = await tx
    .update(customers)
    .set({ storeCredit: sql`${customers.storeCredit} + ${delta}` })
    .where(and(eq(customers.id, customerId), sql`${customers.storeCredit} + ${delta} >= 0`))
    .returning({ storeCredit: customers.storeCredit });
  return row?.storeCredit;
}

/** Newest first; `total` is the number of matches before paging. */
export async function listCustomers(db: Db, query: CustomerListQuery): Promise<{ items: Customer[]; total: number }> {
  let where: SQL | undefined;
  if (query.search) {
    const pattern = containsPattern(query.search);
    where = or(
      ilike(customers.firstName, pattern),
      ilike(customers.lastName, pattern),
      ilike(sql`${customers.firstName} || ' ' || ${customers.lastName}`, pattern),
      ilike(customers.email, pattern),
    );
  }
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(customers)
      .where(where)
      .orderBy(desc(customers.createdAt), desc(customers.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(customers).where(where),
  ]);
  return { items: rows.map(toCustomer), total: totalRow?.n ?? 0 };
}

/** The email arrives lower-cased from the schema; the unique index on lower(email) decides duplicates. */
export async function createCustomer(db: Db, input: CustomerCreateBody): Promise<Customer> {
  try {
    const [row] = await db.insert(customers).values(input).returning();
    if (!row) throw new Error('insert returned no row');
    return toCustomer(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(CUSTOMER_EMAIL_TAKEN);
    throw error;
  }
}

export async function findCustomerById(db: Db | Tx, id: string): Promise<CustomerRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(customers).where(eq(customers.id, id));
  return row;
}

/** Emails are unique case-insensitively (index on lower(email)). */
export async function findCustomerByEmail(db: Db | Tx, email: string): Promise<CustomerRow | undefined> {
  const [row] = await db.select().from(customers).where(sql`lower(${customers.email}) = ${email.trim().toLowerCase()}`);
  return row;
}

/**
 * The customer with this email, recorded now if the shop did not know them. Safe when two
 * sales record the same new customer at once: the unique index keeps one row, both get it.
 */
export async function recordCustomer(
  db: Db | Tx,
  input: Omit<CustomerCreateBody, 'phone'> & { phone?: string },
): Promise<CustomerRow> {
  await db
    .insert(customers)
    .values({ ...input, email: input.email.trim().toLowerCase(), phone: input.phone ?? '' })
    .onConflictDoNothing();
  const row = await findCustomerByEmail(db, input.email);
  if (!row) throw new Error('customer insert left no row');
  return row;
}
