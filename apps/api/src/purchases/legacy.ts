/**
 * POST /api/purchases/create, as the original clients send it: the direct form (productId,
 * quantity, contact fields), the cart form (`cart` items, or titles joined with ", "), or one
 * call per cart line. Whatever the payload says about prices is ignored: the order is priced
 * from the catalogue, with delivery to the shopper's state priced as checkout prices it (the
 * cheapest delivery that is not a pickup). A shopper's purchase is a pending order, paid only
 * when the payment reference it carries is confirmed by the provider, and it counts against
 * the same cap on unpaid orders as checkout (decision record 0010); with no payment provider
 * configured nothing is created (503). An admin's purchase is a point-of-sale sale.
 */
import { INVALID_PAYMENT_REFERENCE, MAX_UNPAID_ORDERS, PAYMENT_REFERENCE_PATTERN, type PurchaseCreateBody } from '@shop/shared';
import { findProductIdsByTitle } from '../catalog/index.ts';
import { getSettings } from '../content/index.ts';
import { findCustomerByEmail } from '../customers/index.ts';
import type { Db } from '../db/client.ts';
import type { UserRow } from '../db/schema/index.ts';
import { badRequest, conflict } from '../lib/http-error.ts';
import { INVALID_LINES, type LineInput, type OrderService, type OrderWithLines, REFERENCE_USED } from '../orders/index.ts';
import type { PaymentService } from '../payments/index.ts';
import { sellAtPos } from '../pos/index.ts';

export interface LegacyPurchaseDeps {
  db: Db;
  orders: OrderService;
  payments: PaymentService;
}

function parseQuantity(value: unknown): number {
  if (value === undefined || value === null || value === '') return 1;
  const n = typeof value === 'number' ? value : Number(String(value).trim());
  if (!Number.isInteger(n) || n < 1) throw badRequest(INVALID_LINES);
  return n;
}

/** The lines an old client meant, in any of its three payload shapes; 400 when they cannot be told. */
async function resolveLines(db: Db, body: PurchaseCreateBody): Promise<LineInput[]> {
  // The direct form's chosen size and colour; a list of sizes (the product's) chose none.
  const size = typeof body.size === 'string' ? body.size : body.size?.length === 1 ? body.size[0] : undefined;
  const single = {
    variantId: body.variantId ?? undefined,
    size: size?.trim().slice(0, 40),
    color: body.color ? body.color.slice(0, 60) : undefined,
  };
  if (body.cart && body.cart.length > 0) {
    const titled = body.cart.filter((item) => !item.product.id).map((item) => item.product.title ?? '');
    const byTitle = await findProductIdsByTitle(db, titled);
    return body.cart.map((item) => {
      const productId = item.product.id || byTitle.get((item.product.title ?? '').trim().toLowerCase());
      if (!productId) throw badRequest(INVALID_LINES);
      // The old cart never chose a size: without a variant, the first one with stock is sold.
      return item.variantId
        ? { productId, variantId: item.variantId, quantity: parseQuantity(item.quantity) }
        : { productId, quantity: parseQuantity(item.quantity), anyVariant: true };
    });
  }
  if (body.productId) return [{ productId: body.productId, quantity: parseQuantity(body.quantity), ...single }];
  const title = body.title?.trim();
  if (!title) throw badRequest(INVALID_LINES);
  // A whole title first (titles may contain commas), else the cart form's names joined with ", ".
  const exact = (await findProductIdsByTitle(db, [title])).get(title.toLowerCase());
  // A line named by title (the old point of sale's per-line calls) never chose a variant
  // either: its size and colour narrow the choice, the first with stock is sold.
  if (exact) return [{ productId: exact, quantity: parseQuantity(body.quantity), ...single, anyVariant: true }];
  const names = title
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  if (names.length < 2) throw badRequest(INVALID_LINES);
  const byTitle = await findProductIdsByTitle(db, names);
  return names.map((name) => {
    const productId = byTitle.get(name.toLowerCase());
    if (!productId) throw badRequest(INVALID_LINES);
    // The cart form names products only: the first variant with stock is sold, as before variants.
    return { productId, quantity: 1, anyVariant: true };
  });
}

/**
 * The original point of sale sends one call per cart line with the chosen customer's email
 * (and names, when it has them): a customer the shop knows is linked, a new one with a name
 * is recorded, anything else is a walk-in sale.
 */
async function sellForAdmin(deps: LegacyPurchaseDeps, body: PurchaseCreateBody, lines: LineInput[]) {
  const email = body.email ?? undefined;
  const known = email ? await findCustomerByEmail(deps.db, email) : undefined;
  const named = email && body.fname && body.lname;
  const { order } = await sellAtPos(deps.db, deps.orders, {
    customerId: known?.id,
    customer:
      !known && named ? { firstName: body.fname!, lastName: body.lname!, email, phone: body.phone ?? undefined } : undefined,
    lines,
    paymentMethod: body.paymentMethod ?? undefined,
    contact: {
      email,
      phone: body.phone ?? undefined,
      address: body.address ?? undefined,
      city: body.city ?? undefined,
      state: body.state ?? undefined,
      country: body.country ?? undefined,
    },
  });
  return order;
}

export async function createLegacyPurchase(
  deps: LegacyPurchaseDeps,
  user: UserRow,
  body: PurchaseCreateBody,
): Promise<OrderWithLines> {
  if (user.role === 'admin') return sellForAdmin(deps, body, await resolveLines(deps.db, body));
  // No way to pay, no order: it would only hold stock until it expired.
  deps.payments.requireProvider();
  const lines = await resolveLines(deps.db, body);

  const reference = body.reference?.trim();
  // The shopper's reference goes to the provider: only one of the shape the provider gives.
  if (reference && !PAYMENT_REFERENCE_PATTERN.test(reference)) throw badRequest(INVALID_PAYMENT_REFERENCE);
  if (reference && (await deps.orders.getByReference(reference))) throw conflict(REFERENCE_USED);
  await deps.orders.expirePending();
  const givenName = [body.fname, body.lname].filter(Boolean).join(' ');
  const settings = await getSettings(deps.db);
  const order = await deps.orders.create({
    channel: 'legacy',
    status: 'pending',
    userId: user.id,
    contact: {
      // Messages go to the account's address; another one typed is kept for the shop to see.
      email: user.email,
      contactEmail: body.email ?? undefined,
      name: givenName || `${user.firstName} ${user.lastName}`,
      phone: body.phone || user.phone,
      address: body.address || user.address,
      city: body.city || user.city,
      state: body.state || user.state,
      country: body.country || user.country,
    },
    lines,
    paymentProvider: deps.payments.provider?.name,
    paymentMethod: 'paystack',
    // Delivery to the shopper's state, as checkout prices it (the old client cannot choose).
    checkout: {},
    // One cap for every online order: an old client sending a cart of four or more lines one
    // call per line is refused at its fourth line (decision record 0010).
    limits: { maxUnitsPerProduct: settings.maxUnitsPerProduct, maxUnpaidOrders: MAX_UNPAID_ORDERS },
  });
  // Without a reference the order waits as pending until it is paid or expires.
  if (!reference) return order;
  return deps.payments.verifyClientReference(order, reference);
}
