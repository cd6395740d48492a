/** Point-of-sale customers: walk-in buyers recorded by the shop, without an account. */
import { count, desc, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Customer, CustomerCreateBody, CustomerListQuery } from '@shop/shared';
import type { Db } from '../db/client.ts';
import { customers } from '../db/schema/index.ts';
import { conflict, isUniqueViolation } from '../lib/http-error.ts';
import { containsPattern } from '../lib/like.ts';

type CustomerRow = typeof customers.$inferSelect;

export const CUSTOMER_EMAIL_TAKEN = 'A customer with this email already exists';

function toCustomer(row: CustomerRow): Customer {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    createdAt: row.createdAt.toISOString(),
  };
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
