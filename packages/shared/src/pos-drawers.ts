/**
 * The till's cash drawers, returns and exchanges, finding a sale and its public receipt
 * (issue 29): the shapes the API validates and answers, and the till and back office send and
 * read. Money is integer kobo, as the till's other routes (pos-till.ts). Ids of drawers,
 * movements and returns are made on the till, so one sent twice (a retry, an offline queue
 * replayed) is recorded once.
 */
import { z } from 'zod';

const kobo = (what: string) =>
  z
    .number({ error: `${what} must be an amount in kobo` })
    .int(`${what} must be a whole number of kobo`)
    .min(0, `${what} cannot be negative`)
    .max(100_000_000_000, `${what} is too large`);
const positiveKobo = (what: string) => kobo(what).min(1, `${what} must be more than ₦0`);
const uuid = (what: string) => z.uuid(`${what} must be an id made on the till (a UUID)`);
const at = z.iso.datetime({ offset: true, error: 'Give the time as an ISO date and time' });

/** As the sales sync's (pos-till.ts); kept here too so neither file waits for the other. */
const TENDER_TYPES = ['cash', 'card', 'transfer', 'store_credit'] as const;
export const REFUND_TO = ['cash', 'original', 'store_credit'] as const;
export type RefundTo = (typeof REFUND_TO)[number];
export const DRAWER_MOVEMENT_KINDS = ['pay_in', 'pay_out'] as const;

// ── Drawers ───────────────────────────────────────────────────────────────────────────────

/** POST /api/pos/drawers. `tillId` names the till when a member's token (not the till's) opens it. */
export const drawerOpenBody = z.object({
  id: uuid('The drawer'),
  tillId: uuid('The till').optional(),
  float: kobo('The float'),
  openedAt: at.optional(),
});
export type DrawerOpenBody = z.infer<typeof drawerOpenBody>;

/** POST /api/pos/drawers/{id}/movements: cash put in or taken out, with a reason. */
export const drawerMovementBody = z.object({
  id: uuid('The movement'),
  kind: z.enum(DRAWER_MOVEMENT_KINDS, { error: 'Say whether cash is paid in or out' }),
  amount: positiveKobo('The amount'),
  reason: z.string().trim().min(1, 'Say why').max(200, 'Keep the reason under 200 characters'),
  createdAt: at.optional(),
});
export type DrawerMovementBody = z.infer<typeof drawerMovementBody>;

/** POST /api/pos/drawers/{id}/close: the cash counted in the drawer. */
export const drawerCloseBody = z.object({
  counted: kobo('The cash counted'),
  note: z.string().trim().max(500, 'Keep the note under 500 characters').optional(),
});
export type DrawerCloseBody = z.infer<typeof drawerCloseBody>;

export const drawerMovementView = z.object({
  id: z.string(),
  kind: z.enum(DRAWER_MOVEMENT_KINDS),
  amount: z.number().int(),
  reason: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type DrawerMovementView = z.infer<typeof drawerMovementView>;

export const drawerView = z.object({
  id: z.string(),
  tillId: z.string(),
  tillName: z.string(),
  openedAt: z.string(),
  /** The member who opened it, by name. */
  openedBy: z.string().nullable(),
  float: z.number().int(),
  closedAt: z.string().nullable(),
  closedBy: z.string().nullable(),
  /** At closing: the cash counted, what the drawer should hold, and counted − expected (negative: short). */
  counted: z.number().int().nullable(),
  expected: z.number().int().nullable(),
  overShort: z.number().int().nullable(),
  note: z.string(),
});
export type DrawerView = z.infer<typeof drawerView>;

/** POST /api/pos/drawers/{id}/close answers what was recorded. */
export const drawerCloseAnswer = z.object({
  expected: z.number().int(),
  counted: z.number().int(),
  overShort: z.number().int(),
  drawer: drawerView,
});
export type DrawerCloseAnswer = z.infer<typeof drawerCloseAnswer>;

/** GET /api/pos/drawers: newest first. */
export const drawerListQuery = z.object({
  tillId: uuid('The till').optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type DrawerListQuery = z.infer<typeof drawerListQuery>;

/** GET /api/pos/drawers/{id}/report: the Z-report, everything in kobo. */
export const zReport = z.object({
  storeName: z.string(),
  drawer: drawerView,
  sales: z.object({ count: z.number().int(), total: z.number().int() }),
  /** What came in by each tender (cash net of change). */
  tenders: z.array(z.object({ type: z.enum(TENDER_TYPES), count: z.number().int(), amount: z.number().int() })),
  /** Sales taken in exchange for returned goods: the part the goods paid (the rest is in the tenders). */
  exchanges: z.object({ count: z.number().int(), credit: z.number().int() }),
  /** Money given back for returned goods (and voided sales), by where it went (the sale's tender resolved). */
  refunds: z.object({
    count: z.number().int(),
    total: z.number().int(),
    byTender: z.array(z.object({ type: z.enum(TENDER_TYPES), amount: z.number().int() })),
  }),
  /** Markdowns (the catalogue's sale prices), coupons and the till's own discounts and price overrides, apart. */
  discounts: z.object({ markdowns: z.number().int(), coupons: z.number().int(), till: z.number().int() }),
  cashiers: z.array(
    z.object({ cashierId: z.string().nullable(), name: z.string(), sales: z.number().int(), total: z.number().int() }),
  ),
  movements: z.array(drawerMovementView),
  cash: z.object({
    float: z.number().int(),
    sales: z.number().int(),
    refunds: z.number().int(),
    payIns: z.number().int(),
    payOuts: z.number().int(),
    /** float + sales − refunds + payIns − payOuts (now, or as recorded at closing). */
    expected: z.number().int(),
    counted: z.number().int().nullable(),
    overShort: z.number().int().nullable(),
  }),
});
export type ZReport = z.infer<typeof zReport>;

// ── Returns and exchanges ─────────────────────────────────────────────────────────────────

export const tenderInput = z.object({
  type: z.enum(TENDER_TYPES, { error: 'Choose how it is paid' }),
  amount: positiveKobo('A tender'),
  /** Cash handed over (the change is tendered − amount). */
  tendered: kobo('The cash tendered').optional(),
  reference: z.string().trim().max(120).optional(),
});
export type TenderInput = z.infer<typeof tenderInput>;

const returnLine = z.object({
  variantId: z.uuid('Unknown item'),
  quantity: z.number().int('Whole units only').min(1, 'Return at least one unit').max(1000),
  /** Whether the units go back on sale (a damaged item does not). */
  restock: z.boolean(),
});

/**
 * The sale taken in exchange, recorded in the return's transaction: its lines at the
 * catalogue's prices, and the tenders that pay what the returned goods do not cover (none
 * when they cover it all; the rest is given back as `refundTo` says).
 */
export const exchangeSale = z.object({
  id: uuid('The exchange sale'),
  receiptNumber: z.string().trim().min(1).max(40).optional(),
  lines: z
    .array(z.object({ variantId: z.uuid('Unknown item'), quantity: z.number().int().min(1).max(1000) }))
    .min(1, 'An exchange takes at least one item')
    .max(100),
  tenders: z.array(tenderInput).max(10).default([]),
});
export type ExchangeSale = z.infer<typeof exchangeSale>;

/** POST /api/pos/returns. */
export const posReturnBody = z.object({
  /** Made on the till: the same id again answers the return already recorded. */
  id: uuid('The return').optional(),
  tillId: uuid('The till').optional(),
  saleId: z.uuid('Unknown sale'),
  lines: z.array(returnLine).min(1, 'Choose what comes back').max(100),
  refundTo: z.enum(REFUND_TO, { error: 'Choose cash, the original tender or store credit' }),
  /** A manager's approval (POST /api/pos/approvals, action refund, this sale, exactly `amount`) when the role asks for one. */
  approvalId: z.uuid('Unknown approval').optional(),
  exchange: z.object({ sale: exchangeSale }).optional(),
});
export type PosReturnBody = z.infer<typeof posReturnBody>;

export const posReturnAnswer = z.object({
  returnId: z.string(),
  saleId: z.string(),
  /** Kobo given back to the customer (by `refundTo`), after an exchange's new goods. */
  amount: z.number().int(),
  /** The value of the goods returned. */
  goods: z.number().int(),
  /** The sale's refund that records the goods' money (null when they were worth nothing). */
  refundId: z.string().nullable(),
  exchangeOrderId: z.string().nullable(),
  /** The exchange's total − the goods' value: positive, the customer paid it; negative, it was given back. */
  difference: z.number().int(),
});
export type PosReturnAnswer = z.infer<typeof posReturnAnswer>;

// ── Finding a sale ────────────────────────────────────────────────────────────────────────

/** GET /api/pos/sales?q=: a receipt number (exact), or a customer's name or phone. */
export const saleSearchQuery = z.object({
  q: z.string().trim().min(2, 'Type at least 2 characters').max(100),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type SaleSearchQuery = z.infer<typeof saleSearchQuery>;

export const tillSaleView = z.object({
  id: z.string(),
  receiptNumber: z.string(),
  createdAt: z.string(),
  tillId: z.string().nullable(),
  customer: z.object({ id: z.string(), name: z.string(), phone: z.string() }).nullable(),
  total: z.number().int(),
  tenders: z.array(z.object({ type: z.enum(TENDER_TYPES), amount: z.number().int() })),
  lines: z.array(
    z.object({
      lineId: z.string(),
      variantId: z.string().nullable(),
      title: z.string(),
      size: z.string(),
      color: z.string(),
      sku: z.string(),
      quantity: z.number().int(),
      /** Kobo charged per unit (markdown and till discount taken off). */
      unitPrice: z.number().int(),
      /** Units already brought back. */
      returned: z.number().int(),
    }),
  ),
});
export type TillSaleView = z.infer<typeof tillSaleView>;

// ── The public receipt ────────────────────────────────────────────────────────────────────

/** GET /api/pos/receipts/{saleId}: no account needed, so it names people by first name only. */
export const tillReceipt = z.object({
  storeName: z.string(),
  storeAddress: z.string(),
  storePhone: z.string(),
  saleId: z.string(),
  receiptNumber: z.string(),
  createdAt: z.string(),
  customerFirstName: z.string().nullable(),
  cashierFirstName: z.string().nullable(),
  lines: z.array(
    z.object({
      title: z.string(),
      size: z.string(),
      color: z.string(),
      quantity: z.number().int(),
      /** Kobo: the list price, and what was charged per unit. */
      listPrice: z.number().int(),
      unitPrice: z.number().int(),
      lineTotal: z.number().int(),
      returned: z.number().int(),
    }),
  ),
  subtotal: z.number().int(),
  discount: z.number().int(),
  tillDiscount: z.number().int(),
  total: z.number().int(),
  tenders: z.array(
    z.object({
      type: z.enum(TENDER_TYPES),
      amount: z.number().int(),
      tendered: z.number().int().nullable(),
      change: z.number().int(),
      reference: z.string().nullable(),
    }),
  ),
  change: z.number().int(),
  /** Kobo given back for returned goods so far. */
  refunded: z.number().int(),
});
export type TillReceipt = z.infer<typeof tillReceipt>;
