/**
 * Coupons: promo codes a shopper types at checkout. A code is matched without regard to
 * case. Its use is counted when its order is paid and reserved while the order waits for
 * payment, so a code with 10 uses left never ends up on 11 paid orders. Dates are days in
 * the shop's time zone: a code runs from the start of its first day to the end of its last.
 * Money is naira here, as everywhere in the API.
 */
import { z } from 'zod';
import { nairaField } from './naira-field.ts';

export const COUPON_TYPES = ['percent', 'fixed', 'free_delivery'] as const;
export type CouponType = (typeof COUPON_TYPES)[number];
export const COUPON_TYPE_LABELS: Record<CouponType, string> = {
  percent: 'Percentage off',
  fixed: 'Amount off',
  free_delivery: 'Free delivery',
};

/**
 * What a shopper is told when a code cannot be used. An unknown, switched-off or not yet
 * started code gets one answer, so nobody can tell a scheduled or withdrawn promotion from a
 * wrong guess; the others concern a code the shopper was given and say what to do.
 */
export const COUPON_MESSAGES = {
  cannotUse: 'This code cannot be used',
  expired: 'This code has expired',
  usedUp: 'This code has been used up',
  usedByYou: 'You have already used this code',
  notForThese: 'This code is not valid for the items in your cart',
} as const;

/** "Spend ₦X more to use this code", with the amount already formatted. */
export const spendMoreMessage = (more: string) => `Spend ${more} more to use this code`;

const CODE_RE = /^[A-Za-z0-9][A-Za-z0-9_-]{2,31}$/;
export const couponCode = z
  .string({ error: 'Code is required' })
  .trim()
  .regex(CODE_RE, 'A code is 3 to 32 letters, digits, dashes or underscores')
  .transform((c) => c.toUpperCase());

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const day = (label: string) =>
  z
    .string()
    .regex(DATE_RE, `${label} must be a date (YYYY-MM-DD)`)
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), `${label} is not a real date`)
    .nullish();

const naira = (label: string) => nairaField(label, { max: 100_000_000 });

const limit = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} is a whole number`)
    .min(1, `${label} is at least 1`)
    .max(1_000_000, `${label} is too large`)
    .nullish();

export const couponInput = z
  .object({
    code: couponCode,
    type: z.enum(COUPON_TYPES, { error: 'Choose percentage, amount off or free delivery' }),
    /** percent: 1–100; fixed: naira; free_delivery: ignored (0). */
    value: z.number({ error: 'Value must be a number' }).min(0, 'Value cannot be negative').default(0),
    /** Naira; the goods total (after markdowns) needed to use the code. */
    minSubtotal: naira('Minimum spend').default(0),
    startsOn: day('Start date'),
    endsOn: day('End date'),
    /** Paid orders in all; null: no limit. */
    usageLimit: limit('Total uses'),
    /** Paid orders per customer; null: no limit. */
    perCustomerLimit: limit('Uses per customer'),
    /** When either is non-empty, the code only reduces lines of these products or categories. */
    productIds: z.array(z.uuid('Unknown product')).max(500).default([]),
    categoryIds: z.array(z.uuid('Unknown category')).max(200).default([]),
    active: z.boolean().default(true),
  })
  .superRefine((c, ctx) => {
    if (c.type === 'percent' && (c.value < 1 || c.value > 100 || !Number.isInteger(c.value))) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'A percentage is a whole number from 1 to 100' });
    }
    if (c.type === 'fixed') {
      const parsed = naira('Amount off').safeParse(c.value);
      if (!parsed.success || c.value <= 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['value'],
          message: parsed.error?.issues[0]?.message ?? 'Amount off must be more than 0',
        });
      }
    }
    if (c.startsOn && c.endsOn && c.endsOn < c.startsOn) {
      ctx.addIssue({ code: 'custom', path: ['endsOn'], message: 'The end date is before the start date' });
    }
  });
export type CouponInput = z.input<typeof couponInput>;

export const couponView = z.object({
  id: z.string(),
  code: z.string(),
  type: z.enum(COUPON_TYPES),
  value: z.number(),
  minSubtotal: z.number(),
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
  usageLimit: z.number().int().nullable(),
  perCustomerLimit: z.number().int().nullable(),
  productIds: z.array(z.string()),
  categoryIds: z.array(z.string()),
  active: z.boolean(),
  /** Paid orders that used it, and those waiting for payment. */
  uses: z.number().int(),
  reserved: z.number().int(),
  /** Naira: what its paid orders brought in, and what the code took off them. */
  revenue: z.number(),
  discountGiven: z.number(),
  createdAt: z.string(),
});
export type CouponView = z.infer<typeof couponView>;

/** "10% off", "₦2,000.00 off", "Free delivery". `money` formats naira. */
export function couponSummary(c: Pick<CouponView, 'type' | 'value'>, money: (naira: number) => string): string {
  if (c.type === 'percent') return `${c.value}% off`;
  if (c.type === 'fixed') return `${money(c.value)} off`;
  return 'Free delivery';
}
