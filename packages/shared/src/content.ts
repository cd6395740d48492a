/** Shop content managed in the back office: announcement banners, blog posts, store settings. */
import { z } from 'zod';
import {
  BANNER_ROTATION_MS,
  DEFAULT_MAX_UNITS_PER_PRODUCT,
  DEFAULT_POD_CONFIRM_HOURS,
  DEFAULT_POD_MAX_UNITS,
  DEFAULT_TRANSFER_HOLD_HOURS,
} from './constants.ts';
import { REQUIRE_2FA } from './two-factor.ts';
import { POS_OFFLINE_STOCK } from './pos-till.ts';
import { DEFAULT_LOW_STOCK_THRESHOLD } from './variants.ts';
import { DEFAULT_RECOVERY_DELAYS, DEFAULT_TRANSFER_REMINDER_HOURS, RECOVERY_MAX_DELAY_MINUTES } from './recovery.ts';

const trimmed = z.string().trim();
const timestamp = z.iso.datetime();
const pageQuery = {
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
};

// ── Banners: the titles the storefront's announcement bar rotates through ──────────────

export const banner = z.object({
  id: z.string(),
  title: z.string(),
  active: z.boolean(),
  position: z.number().int(),
  createdAt: timestamp,
});
export type Banner = z.infer<typeof banner>;

const bannerTitle = trimmed.min(1, 'Banner title is required').max(200, 'Banner title must be at most 200 characters');
const bannerPosition = z.number().int().min(0).max(1_000_000);

/** POST /api/banners/create. The original back office sends only `title`. */
export const bannerCreateBody = z.object({
  title: bannerTitle,
  active: z.boolean().default(true),
  /** Lower comes first; equal positions keep creation order. */
  position: bannerPosition.default(0),
});
export type BannerCreateBody = z.infer<typeof bannerCreateBody>;

export const bannerUpdateBody = z.object({
  title: bannerTitle.optional(),
  active: z.boolean().optional(),
  position: bannerPosition.optional(),
});
export type BannerUpdateBody = z.infer<typeof bannerUpdateBody>;

// ── Blog posts ─────────────────────────────────────────────────────────────────────────

export const post = z.object({
  id: z.string(),
  title: z.string(),
  heading: z.string(),
  text: z.string(),
  /** URL of the post's image (640 px WebP), or null when it has none. */
  imageUrl: z.string().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Post = z.infer<typeof post>;

const postTitle = trimmed.min(1, 'Title is required').max(200, 'Title must be at most 200 characters');
const postHeading = trimmed.max(300, 'Heading must be at most 300 characters');
const postText = trimmed.max(100_000, 'Text must be at most 100,000 characters');

/**
 * POST /api/posts/create, as JSON or as multipart form fields (with an optional image
 * file in the `imageUrl` field).
 */
export const postCreateBody = z.object({
  title: postTitle,
  heading: postHeading.default(''),
  text: postText.default(''),
});
export type PostCreateBody = z.infer<typeof postCreateBody>;

/**
 * PUT /api/posts/{id}: any of the fields. As multipart, a file in `imageUrl` replaces the
 * image. As JSON, `imageUrl: null` removes the image; a string (the current URL sent
 * back) keeps it.
 */
export const postUpdateBody = z.object({
  title: postTitle.optional(),
  heading: postHeading.optional(),
  text: postText.optional(),
  imageUrl: z.string().max(2000).nullable().optional(),
});
export type PostUpdateBody = z.infer<typeof postUpdateBody>;

export const postListQuery = z.object(pageQuery);
export type PostListQuery = z.infer<typeof postListQuery>;

/** A phone number as people write it: +234 801 234 5678, 0801-234-5678, (01) 234 5678. */
export const PHONE_PATTERN = /^\+?[0-9][0-9 ()-]{5,24}$/;

// ── Store settings ─────────────────────────────────────────────────────────────────────

/** An offline limit in kobo: whole, from 0 (no limit) to ₦100,000,000. */
const offlineLimit = (label: string) =>
  z
    .number()
    .int(`${label} must be whole kobo`)
    .min(0, `${label} cannot be negative`)
    .max(100_000_000_00, `${label} is too large`);

/**
 * The payment methods the shop records by hand (or the till does), each with what it costs the
 * shop: transfer, cash, pay on delivery, a card at the counter (recorded by staff) and the
 * till's external card terminal. Card payments online carry the provider's own fee.
 */
export const FEE_METHODS = ['transfer', 'cash', 'pod', 'card', 'terminal'] as const;
export type FeeMethod = (typeof FEE_METHODS)[number];
export const FEE_METHOD_LABELS: Record<FeeMethod, string> = {
  transfer: 'Bank transfer',
  cash: 'Cash',
  pod: 'Pay on delivery',
  card: 'Card at the counter',
  terminal: "The till's card terminal",
};

const hundredths = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;
const feePercent = z
  .number({ error: 'Enter a percentage' })
  .min(0, 'The percentage cannot be negative')
  .max(100, 'The percentage must be at most 100')
  .refine(hundredths, 'The percentage can have at most 2 decimals');
const feeFixed = z
  .number({ error: 'Enter an amount in naira' })
  .min(0, 'The amount cannot be negative')
  .max(1_000_000, 'The amount must be at most ₦1,000,000')
  .refine(hundredths, 'The amount can have at most 2 decimals');
/** A method's fee: `percent` of the amount (rounded half up to the kobo) plus `fixed` naira per payment. */
export const paymentFee = z.object({ percent: feePercent, fixed: feeFixed });
export type PaymentFee = z.infer<typeof paymentFee>;
const NO_FEE: PaymentFee = { percent: 0, fixed: 0 };

export const storeSettings = z.object({
  storeName: trimmed.min(1, 'Store name is required').max(100, 'Store name must be at most 100 characters'),
  phone: trimmed.min(1, 'Phone number is required').regex(PHONE_PATTERN, 'Enter a valid phone number'),
  serviceHours: trimmed.min(1, 'Service hours are required').max(200, 'Service hours must be at most 200 characters'),
  /** How long each announcement banner shows before the next one, in milliseconds. */
  bannerRotationMs: z
    .number()
    .int('Banner rotation must be a whole number of milliseconds')
    .min(1000, 'Banner rotation must be at least 1000 ms')
    .max(60_000, 'Banner rotation must be at most 60000 ms'),
  /** A product or variant with this many units or fewer counts as low on stock. */
  lowStockThreshold: z
    .number()
    .int('The low-stock threshold must be a whole number')
    .min(0, 'The low-stock threshold cannot be negative')
    .max(10_000, 'The low-stock threshold must be at most 10000'),
  /** Printed on invoices and receipts. */
  address: trimmed.max(300, 'The address must be at most 300 characters'),
  /** Invoices say "Prices include VAT at 7.5 %" when on. */
  vatIncluded: z.boolean(),
  /** Where shoppers send bank transfers; transfer is offered at checkout only when all three are set. */
  bankName: trimmed.max(100, 'The bank name must be at most 100 characters'),
  bankAccountName: trimmed.max(100, 'The account name must be at most 100 characters'),
  bankAccountNumber: trimmed.regex(/^(\d{10})?$/, 'An account number (NUBAN) has 10 digits'),
  /** How long a bank-transfer order holds its goods before it is cancelled. */
  transferHoldHours: z
    .number()
    .int('The hold must be a whole number of hours')
    .min(1, 'The hold must be at least 1 hour')
    .max(336, 'The hold must be at most 336 hours (14 days)'),
  /** Where the shop's own messages go (new orders, low stock, payment problems); empty: every admin. Shown to admins only. */
  notificationEmail: z.union([z.literal(''), trimmed.pipe(z.email('Enter a valid email address').max(254))]),
  /** The shop's WhatsApp number, with its country code (+234…); empty: no WhatsApp links. */
  whatsappNumber: z.union([
    z.literal(''),
    trimmed.regex(/^\+?[0-9][0-9 ()-]{7,24}$/, 'Enter a WhatsApp number with its country code'),
  ]),
  /** The most units of one product one online order may take (the point of sale has no cap). */
  maxUnitsPerProduct: z
    .number()
    .int('The cap must be a whole number')
    .min(1, 'The cap must be at least 1')
    .max(1000, 'The cap must be at most 1000'),
  /** Hours the shop has to confirm a pay-on-delivery order (by phone) before it is cancelled and its goods go back on sale. */
  podConfirmHours: z
    .number()
    .int('The time to confirm must be a whole number of hours')
    .min(1, 'The time to confirm must be at least 1 hour')
    .max(168, 'The time to confirm must be at most 168 hours (7 days)'),
  /** The most units one shopper may have in pay-on-delivery orders not paid yet (this order included). */
  podMaxUnits: z
    .number()
    .int('The cap must be a whole number')
    .min(1, 'The cap must be at least 1')
    .max(1000, 'The cap must be at most 1000'),
  /** Which staff must sign in with two factors; until they have set it up, the API refuses them all but that. Shown to admins only. */
  require2fa: z.enum(REQUIRE_2FA, 'Choose none, owners or all_staff'),
  /** What an offline till sale does to stock the shop no longer has (pos-till.ts). Shown to admins only. */
  posOfflineStock: z.enum(POS_OFFLINE_STOCK, 'Choose allow_negative or hold_for_review'),
  /** Kobo: an offline till sale above it needs a manager's approval; 0 = no limit. Shown to admins only. */
  posOfflineSaleLimit: offlineLimit('The offline sale limit'),
  /** Kobo: a till's offline sales between two syncs above it need a manager's approval; 0 = no limit. Shown to admins only. */
  posOfflineTillLimit: offlineLimit('The offline till limit'),
  /** What each recorded payment method costs the shop (issue 30's profit), per method; saved whole. Shown to admins only. */
  paymentFees: z.object(Object.fromEntries(FEE_METHODS.map((m) => [m, paymentFee])) as Record<FeeMethod, typeof paymentFee>),
  /** The stock report flags a variant to reorder when its days of cover fall below this (issue 30). Shown to admins only. */
  reportsReorderDays: z
    .number()
    .int('The days of cover must be a whole number')
    .min(1, 'The days of cover must be at least 1')
    .max(365, 'The days of cover must be at most 365'),
  /**
   * Abandoned checkout recovery (issue 31): minutes after a consenting shopper's checkout was
   * recorded at which each reminder goes, in order; empty: none. Shown to admins only.
   */
  recoveryDelays: z
    .array(
      z
        .number()
        .int('A delay must be a whole number of minutes')
        .min(1, 'A delay must be at least 1 minute')
        .max(RECOVERY_MAX_DELAY_MINUTES, 'A delay must be at most 10080 minutes (7 days)'),
    )
    .max(5, 'At most 5 reminders')
    .refine((delays) => delays.every((d, i) => i === 0 || d > delays[i - 1]!), 'Each delay must be longer than the one before'),
  /** A coupon code the recovery reminders offer; empty: none. Shown to admins only. */
  recoveryCoupon: z.union([
    z.literal(''),
    trimmed.regex(/^[A-Za-z0-9_-]{3,32}$/, 'A code is 3 to 32 letters, digits, dashes or underscores'),
  ]),
  /** Hours before a transfer order's hold ends that its shopper is reminded to pay; 0: no reminder. Shown to admins only. */
  transferReminderHours: z
    .number()
    .int('The reminder must be a whole number of hours')
    .min(0, 'The reminder cannot be negative')
    .max(335, 'The reminder must be at most 335 hours'),
});
export type StoreSettings = z.infer<typeof storeSettings>;

/** PUT /api/settings: any subset of the settings; unknown keys are refused. */
export const storeSettingsPatch = storeSettings.partial().strict();
export type StoreSettingsPatch = z.infer<typeof storeSettingsPatch>;

/**
 * PUT /api/settings' body: the settings to change and, when the bank account changes, the
 * member's current password (or a code from their authenticator app when two-factor is on).
 */
export const settingsUpdateBody = storeSettingsPatch.extend({
  currentPassword: z.string().max(200).optional(),
  totpCode: z.string().trim().max(40).optional(),
});
export type SettingsUpdateBody = z.infer<typeof settingsUpdateBody>;

/** What GET /api/settings answers until an admin saves something. */
export const DEFAULT_STORE_SETTINGS: StoreSettings = {
  storeName: 'Adire',
  phone: '+234 801 234 5678',
  serviceHours: 'Monday to Saturday, 9am to 7pm',
  bannerRotationMs: BANNER_ROTATION_MS,
  lowStockThreshold: DEFAULT_LOW_STOCK_THRESHOLD,
  address: '',
  vatIncluded: false,
  bankName: '',
  bankAccountName: '',
  bankAccountNumber: '',
  transferHoldHours: DEFAULT_TRANSFER_HOLD_HOURS,
  notificationEmail: '',
  whatsappNumber: '',
  maxUnitsPerProduct: DEFAULT_MAX_UNITS_PER_PRODUCT,
  podConfirmHours: DEFAULT_POD_CONFIRM_HOURS,
  podMaxUnits: DEFAULT_POD_MAX_UNITS,
  // The API's own default depends on where it runs (REQUIRE_2FA, config.ts): owners in production.
  require2fa: 'none',
  posOfflineStock: 'allow_negative',
  posOfflineSaleLimit: 0,
  posOfflineTillLimit: 0,
  paymentFees: { transfer: NO_FEE, cash: NO_FEE, pod: NO_FEE, card: NO_FEE, terminal: NO_FEE },
  reportsReorderDays: 14,
  recoveryDelays: [...DEFAULT_RECOVERY_DELAYS],
  recoveryCoupon: '',
  transferReminderHours: DEFAULT_TRANSFER_REMINDER_HOURS,
};

/** Settings only admins read (GET /api/settings leaves them out for everyone else). */
export const PRIVATE_SETTINGS = [
  'notificationEmail',
  'require2fa',
  'posOfflineStock',
  'posOfflineSaleLimit',
  'posOfflineTillLimit',
  'paymentFees',
  'reportsReorderDays',
  'recoveryDelays',
  'recoveryCoupon',
  'transferReminderHours',
] as const satisfies readonly (keyof StoreSettings)[];

/** Bank transfer is offered only once the shop has said where to send it. */
export function transferEnabled(settings: Pick<StoreSettings, 'bankName' | 'bankAccountName' | 'bankAccountNumber'>): boolean {
  return Boolean(settings.bankName && settings.bankAccountName && settings.bankAccountNumber);
}

/** The VAT line on invoices (Nigeria's rate). */
export const VAT_NOTE = 'Prices include VAT at 7.5 %';
