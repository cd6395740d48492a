/**
 * Point-of-sale sales: a paid `pos` order, stock taken at once, sold to a known customer
 * (by id), to one found or recorded by email, or to a walk-in customer. The customer is
 * recorded in the same transaction as the order, so a refused sale (out of stock, bad line)
 * leaves nothing behind. Both ways in (POST /api/pos/orders and an admin's legacy
 * POST /api/purchases/create) sell through here.
 */
import { type CustomerCreateBody, type POS_PAYMENT_METHODS, WALK_IN_CUSTOMER } from '@shop/shared';
import { type CustomerRow, findCustomerById, recordCustomer } from '../customers/index.ts';
import type { Db } from '../db/client.ts';
import { notFound } from '../lib/http-error.ts';
import { assertValidLines, type ContactInput, type LineInput, type OrderService, type OrderWithLines } from '../orders/index.ts';

export interface Sale {
  /** A customer the shop knows. */
  customerId?: string;
  /** A customer found by email, or recorded now. Neither: a walk-in sale. */
  customer?: Omit<CustomerCreateBody, 'phone'> & { phone?: string };
  lines: LineInput[];
  paymentMethod?: (typeof POS_PAYMENT_METHODS)[number];
  /** Delivery details given with the sale (the old point of sale's per-line form sends them). */
  contact?: Omit<ContactInput, 'email' | 'name'> & { email?: string };
}

export interface SaleResult {
  order: OrderWithLines;
  /** Null for a walk-in sale. */
  customer: CustomerRow | null;
}

export async function sellAtPos(db: Db, orders: OrderService, sale: Sale): Promise<SaleResult> {
  assertValidLines(sale.lines);
  await orders.expirePending();
  return db.transaction(async (tx) => {
    let customer: CustomerRow | null = null;
    if (sale.customerId) {
      customer = (await findCustomerById(tx, sale.customerId)) ?? null;
      if (!customer) throw notFound('Customer not found');
    } else if (sale.customer) {
      customer = await recordCustomer(tx, sale.customer);
    }
    const { email = '', ...delivery } = sale.contact ?? {};
    const contact: ContactInput = customer
      ? {
          ...delivery,
          email: customer.email,
          name: `${customer.firstName} ${customer.lastName}`,
          phone: customer.phone || delivery.phone,
        }
      : { ...delivery, email, name: WALK_IN_CUSTOMER };
    const order = await orders.create(
      {
        channel: 'pos',
        status: 'paid',
        customerId: customer?.id ?? null,
        contact,
        lines: sale.lines,
        paymentProvider: 'pos',
        paymentMethod: sale.paymentMethod,
      },
      tx,
    );
    return { order, customer };
  });
}
