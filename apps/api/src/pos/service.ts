/**
 * Point-of-sale sales: a paid `pos` order for a walk-in customer, stock taken at once.
 * A new customer is recorded only after the sale went through, so a refused sale (out of
 * stock, bad line) leaves nothing behind.
 */
import { eq, sql } from 'drizzle-orm';
import type { PosOrderBody } from '@shop/shared';
import type { Db } from '../db/client.ts';
import { customers, orders } from '../db/schema/index.ts';
import { notFound } from '../lib/http-error.ts';
import { assertValidLines, type OrderService, type OrderWithLines } from '../orders/service.ts';

type CustomerRow = typeof customers.$inferSelect;

async function customerByEmail(db: Db, email: string): Promise<CustomerRow | undefined> {
  const [row] = await db.select().from(customers).where(sql`lower(${customers.email}) = ${email.toLowerCase()}`);
  return row;
}

export async function sellAtPos(
  db: Db,
  orderService: OrderService,
  body: PosOrderBody,
): Promise<{ order: OrderWithLines; customer: CustomerRow }> {
  assertValidLines(body.lines);
  let known: CustomerRow | undefined;
  if (body.customerId) {
    [known] = await db.select().from(customers).where(eq(customers.id, body.customerId));
    if (!known) throw notFound('Customer not found');
  } else {
    known = await customerByEmail(db, body.customer!.email);
  }
  const details = known ?? {
    firstName: body.customer!.firstName,
    lastName: body.customer!.lastName,
    email: body.customer!.email,
    phone: body.customer!.phone ?? '',
  };

  await orderService.expirePending();
  const order = await orderService.create({
    channel: 'pos',
    status: 'paid',
    customerId: known?.id ?? null,
    contact: { email: details.email, name: `${details.firstName} ${details.lastName}`, phone: details.phone },
    lines: body.lines,
    paymentProvider: 'pos',
    paymentMethod: body.paymentMethod,
  });
  if (known) return { order, customer: known };

  // New customer: recorded now the sale is made. Someone else may have recorded them meanwhile.
  await db
    .insert(customers)
    .values({ firstName: details.firstName, lastName: details.lastName, email: details.email, phone: details.phone })
    .onConflictDoNothing();
  const customer = await customerByEmail(db, details.email);
  if (!customer) throw new Error('customer insert left no row');
  const [linked] = await db.update(orders).set({ customerId: customer.id }).where(eq(orders.id, order.id)).returning();
  return { order: { ...(linked ?? order), lines: order.lines }, customer };
}
