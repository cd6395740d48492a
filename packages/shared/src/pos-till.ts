/**
 * The till that sells offline (issue 29): its registration, the catalogue it keeps on the
 * device, the sales it syncs, and the conflicts a manager settles. The HTTP contract of
 * /api/pos/tills, /api/pos/catalogue, /api/pos/sales/sync and /api/pos/conflicts; drawers,
 * returns and receipts are in pos-drawers.ts. Money is integer kobo throughout, as the till
 * keeps it (a till sale's totals are worked out on the device, offline).
 */
import { z } from 'zod';
import { posReturnBody } from './pos-drawers.ts';
import { type PosAction, posPolicies } from './staff.ts';

const kobo = (label: string) =>
  z
    .number({ error: `${label} must be a number of kobo` })
    .int(`${label} must be whole kobo`)
    .min(0, `${label} cannot be negative`)
    .max(100_000_000_00, `${label} is too large`);

// ── Tills ─────────────────────────────────────────────────────────────────────────────────

/** POST /api/pos/tills: a device registered once by staff with pos.sell. */
export const tillCreateBody = z.object({
  name: z.string().trim().min(1, 'Give the till a name').max(60, 'The name must be at most 60 characters'),
});
export type TillCreateBody = z.infer<typeof tillCreateBody>;

/** The device token is shown once: the till keeps it and sends it as `Authorization: Bearer <deviceToken>`. */
export const tillCreated = z.object({ tillId: z.string(), prefix: z.string(), deviceToken: z.string() });
export type TillCreated = z.infer<typeof tillCreated>;

export const tillView = z.object({
  id: z.string(),
  name: z.string(),
  /** Its receipt numbers start with it: T2-000184. */
  prefix: z.string(),
  createdAt: z.string(),
  lastSyncAt: z.string().nullable(),
  /** A revoked till's token is refused (401 'This till has been revoked'). */
  revokedAt: z.string().nullable(),
});
export type TillView = z.infer<typeof tillView>;

/** Device tokens start with this, so the API tells them from a staff member's token at a glance. */
export const DEVICE_TOKEN_PREFIX = 'till_';
export const TILL_REVOKED = 'This till has been revoked';

// ── Settings the till follows offline ─────────────────────────────────────────────────────

/**
 * What an offline sale does to stock the catalogue no longer has: `allow_negative` keeps the
 * sale (the goods already left the shop) and lets stock go below zero, flagging the variant;
 * `hold_for_review` records it for a manager to accept or void, taking no stock until then.
 */
export const POS_OFFLINE_STOCK = ['allow_negative', 'hold_for_review'] as const;
export type PosOfflineStock = (typeof POS_OFFLINE_STOCK)[number];

export const posTillSettings = z.object({
  posOfflineStock: z.enum(POS_OFFLINE_STOCK),
  /** Kobo: one offline sale above it needs a manager's approval (0: no limit). */
  posOfflineSaleLimit: z.number().int(),
  /** Kobo: offline sales of one till between two syncs above it need a manager's approval (0: no limit). */
  posOfflineTillLimit: z.number().int(),
});
export type PosTillSettings = z.infer<typeof posTillSettings>;

// ── The catalogue a till keeps ────────────────────────────────────────────────────────────

export const tillProduct = z.object({
  id: z.string(),
  name: z.string(),
  brand: z.string(),
  /** A small picture's URL, or null. */
  image: z.string().nullable(),
  /** Kobo: the price, and what it sells for after its markdown. */
  price: z.number().int(),
  salePrice: z.number().int(),
  /** Paused: shown at the till, not sold. */
  paused: z.boolean(),
});
export type TillProduct = z.infer<typeof tillProduct>;

export const tillVariant = z.object({
  id: z.string(),
  productId: z.string(),
  sku: z.string(),
  /** Null: the SKU's Code 128 is its barcode. */
  barcode: z.string().nullable(),
  size: z.string(),
  colour: z.string(),
  price: z.number().int(),
  salePrice: z.number().int(),
  /** As last seen by the server; may be below zero after offline sales. */
  stock: z.number().int(),
  image: z.string().nullable(),
});
export type TillVariant = z.infer<typeof tillVariant>;

export const tillCustomer = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  email: z.string(),
  /** Kobo. */
  storeCredit: z.number().int(),
});
export type TillCustomer = z.infer<typeof tillCustomer>;

/**
 * A PIN's slow hash as the till checks it offline: scrypt(pin, salt, N, r, p) → hash
 * (base64), ≥ 100 ms per try on a mid-range phone (till-pin.ts).
 */
export const tillPinHash = z.object({
  algorithm: z.literal('scrypt'),
  N: z.number().int(),
  r: z.number().int(),
  p: z.number().int(),
  salt: z.string(),
  hash: z.string(),
});
export type TillPinHash = z.infer<typeof tillPinHash>;

/**
 * The scrypt cost of a till PIN hash: 16 MiB, measured at 150–180 ms per try with
 * @noble/hashes in Node 20 on one EPYC server core (86–130 ms with node:crypto), so several
 * times that on a mid-range phone's browser. A 4–6 digit PIN is weak whatever the cost: it
 * makes guessing on a stolen tablet slow, and revoking the till and changing PINs ends it.
 * Both implementations give the same bytes (staff/pins.ts writes with node:crypto).
 */
export const TILL_PIN_SCRYPT = { N: 2 ** 14, r: 8, p: 1, dkLen: 32 } as const;

export const tillStaff = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.object({ name: z.string(), pos: posPolicies, discountLimitPercent: z.number().int() }),
  /** Null: no PIN set (they cannot take over the till until one is). */
  pin: tillPinHash.nullable(),
});
export type TillStaff = z.infer<typeof tillStaff>;

/** GET /api/pos/catalogue?since=<version>: without `since` (or one too old) everything, `full` true. */
export const catalogueQuery = z.object({
  since: z
    .string()
    .regex(/^\d{1,19}$/, 'Unknown catalogue version')
    .optional(),
  /** A staff caller names the till (a till's own token names itself). */
  tillId: z.uuid('Unknown till').optional(),
});
export type CatalogueQuery = z.infer<typeof catalogueQuery>;

export const tillCatalogue = z.object({
  /** Opaque: sent back as `since` next time. */
  version: z.string(),
  full: z.boolean(),
  products: z.array(tillProduct),
  variants: z.array(tillVariant),
  customers: z.array(tillCustomer),
  staff: z.array(tillStaff),
  settings: posTillSettings,
  removed: z.object({
    productIds: z.array(z.string()),
    variantIds: z.array(z.string()),
    customerIds: z.array(z.string()),
  }),
});
export type TillCatalogue = z.infer<typeof tillCatalogue>;

// ── Sales sync ────────────────────────────────────────────────────────────────────────────

export const TENDER_TYPES = ['cash', 'card', 'transfer', 'store_credit'] as const;
export type TenderType = (typeof TENDER_TYPES)[number];

/** The approvals a till records: the staff issue's four, and a sale over an offline limit. */
export const TILL_APPROVAL_ACTIONS = ['discount', 'price_override', 'refund', 'negative_stock', 'offline_limit'] as const;
export type TillApprovalAction = (typeof TILL_APPROVAL_ACTIONS)[number];
/**
 * Who may approve each: a member whose role allows that till action. A sale over an offline
 * limit is approved by one whose role allows selling below zero stock, the other risk of
 * selling unsupervised offline (the Owner and Manager templates).
 */
export const TILL_APPROVAL_POLICY: Record<TillApprovalAction, PosAction> = {
  discount: 'discount',
  price_override: 'priceOverride',
  refund: 'refund',
  negative_stock: 'negativeStock',
  offline_limit: 'negativeStock',
};

/** T2-000184: the till's prefix and its own sequence. */
export const RECEIPT_NUMBER = /^T\d{1,6}-\d{1,9}$/;

export const syncLine = z.object({
  variantId: z.uuid('Unknown variant'),
  quantity: z.number().int('A quantity is a whole number').min(1, 'A quantity is at least 1').max(1000, 'At most 1000 units'),
  /** Kobo per unit: a price override. */
  unitPrice: kobo('A price').optional(),
  /** Kobo per unit off the price (after its markdown): a till discount. */
  discount: kobo('A discount').optional(),
});
export type SyncLine = z.infer<typeof syncLine>;

export const syncTender = z.object({
  type: z.enum(TENDER_TYPES, 'A tender is cash, card, transfer or store_credit'),
  /** Kobo this tender pays of the sale (cash: net of change). */
  amount: kobo('A tender').refine((n) => n > 0, 'A tender must be more than ₦0'),
  /** Kobo handed over (cash): the change is tendered − amount. */
  tendered: kobo('The cash tendered').optional(),
  /** The terminal's or the transfer's reference. */
  reference: z.string().trim().max(120, 'A reference must be at most 120 characters').optional(),
});
export type SyncTender = z.infer<typeof syncTender>;

export const syncApproval = z.object({
  id: z.uuid('Unknown approval'),
  action: z.enum(TILL_APPROVAL_ACTIONS),
  managerId: z.uuid('Unknown staff member'),
  /** Kobo. */
  amount: z.number().int().min(0).optional(),
  at: z.iso.datetime({ offset: true, error: 'An approval needs the time it was given' }),
});
export type SyncApproval = z.infer<typeof syncApproval>;

export const syncSale = z.object({
  /** Made on the till: the order's id, what makes a sale recorded once. */
  id: z.uuid('A sale id is a UUID'),
  receiptNumber: z.string().regex(RECEIPT_NUMBER, 'A receipt number looks like T2-000184'),
  createdAt: z.iso.datetime({ offset: true, error: 'A sale needs the time it was made' }),
  cashierId: z.uuid('Unknown cashier'),
  customerId: z.uuid('Unknown customer').optional(),
  drawerId: z.uuid('Unknown drawer').optional(),
  /** Made while the till had no network (offline rules apply: stock, limits). */
  offline: z.boolean(),
  lines: z.array(syncLine).min(1, 'A sale has at least one line').max(100, 'At most 100 lines'),
  tenders: z.array(syncTender).min(1, 'A sale has at least one tender').max(10, 'At most 10 tenders'),
  approvals: z.array(syncApproval).max(20).default([]),
});
export type SyncSale = z.infer<typeof syncSale>;

/**
 * POST /api/pos/returns as a till sends it with its own device token: the return names its
 * cashier and carries the approvals a manager gave by PIN on the till, as a synced sale does
 * (a member's token sends neither: they are the cashier, and approvalId is their approval).
 */
export const tillReturnBody = posReturnBody.extend({
  cashierId: z.uuid('Unknown cashier').optional(),
  approvals: z.array(syncApproval).max(20).default([]),
});
export type TillReturnBody = z.infer<typeof tillReturnBody>;

/** POST /api/pos/sales/sync. */
export const syncBody = z.object({
  tillId: z.uuid('Unknown till'),
  sales: z.array(syncSale).min(1, 'Nothing to sync').max(200, 'At most 200 sales per sync'),
});
export type SyncBody = z.infer<typeof syncBody>;

export const SYNC_STATUSES = ['recorded', 'duplicate', 'conflict'] as const;
export type SyncStatus = (typeof SYNC_STATUSES)[number];

export const syncResult = z.object({
  id: z.string(),
  /** recorded now; duplicate: recorded before (send it no more); conflict: refused, with why (send it no more either). */
  status: z.enum(SYNC_STATUSES),
  orderId: z.string().optional(),
  message: z.string().optional(),
});
export type SyncResult = z.infer<typeof syncResult>;

export const syncAnswer = z.object({ results: z.array(syncResult) });
export type SyncAnswer = z.infer<typeof syncAnswer>;

// ── Sync conflicts ────────────────────────────────────────────────────────────────────────

export const conflictSale = z.object({
  id: z.string(),
  number: z.string(),
  createdAt: z.string(),
  tillName: z.string().nullable(),
  cashierName: z.string().nullable(),
  /** Kobo. */
  total: z.number().int(),
  offline: z.boolean(),
  review: z.enum(['held', 'accepted', 'voided']).nullable(),
  /** The approvals the till recorded, with the manager's name. */
  approvals: z.array(
    z.object({
      action: z.enum(TILL_APPROVAL_ACTIONS),
      managerId: z.string(),
      managerName: z.string(),
      amount: z.number().int().optional(),
      at: z.string(),
    }),
  ),
  lines: z.array(z.object({ variantId: z.string().nullable(), title: z.string(), sku: z.string(), quantity: z.number().int() })),
});
export type ConflictSale = z.infer<typeof conflictSale>;

/** GET /api/pos/conflicts: what a manager has to look at after tills synced. */
export const conflictsView = z.object({
  /** Variants sold below zero, with the till sales of each since it went below. */
  oversold: z.array(
    z.object({
      variantId: z.string(),
      productId: z.string(),
      title: z.string(),
      sku: z.string(),
      size: z.string(),
      colour: z.string(),
      stock: z.number().int(),
      oversoldAt: z.string(),
      sales: z.array(conflictSale),
    }),
  ),
  /** Sales under hold_for_review waiting for accept or void. */
  held: z.array(conflictSale),
  /** Sales approved offline by a manager's PIN (the most recent first). */
  approved: z.array(conflictSale),
});
export type ConflictsView = z.infer<typeof conflictsView>;

export const conflictParams = z.object({ saleId: z.uuid('Unknown sale') });
