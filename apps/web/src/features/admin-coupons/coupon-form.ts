/**
 * The coupon form as a zod schema for react-hook-form's zodResolver: the values as the
 * inputs hold them (numbers and dates as typed text) are turned into the API body and
 * validated by the shared `couponInput`, so an error lands on the field it names, as the
 * server's 400 paths do. An empty limit or date means none; free delivery has no value.
 */
import { COUPON_TYPES, type CouponInput, type CouponType, type CouponView, couponInput } from '@shop/shared/coupons';
import { z } from 'zod';

export interface CouponFormValues {
  code: string;
  type: CouponType;
  value: string;
  minSubtotal: string;
  startsOn: string;
  endsOn: string;
  usageLimit: string;
  perCustomerLimit: string;
  productIds: string[];
  categoryIds: string[];
  active: boolean;
}

export const EMPTY_COUPON_FORM: CouponFormValues = {
  code: '',
  type: 'percent',
  value: '',
  minSubtotal: '',
  startsOn: '',
  endsOn: '',
  usageLimit: '',
  perCustomerLimit: '',
  productIds: [],
  categoryIds: [],
  active: true,
};

const values = z.object({
  code: z.string(),
  type: z.enum(COUPON_TYPES),
  value: z.string(),
  minSubtotal: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  usageLimit: z.string(),
  perCustomerLimit: z.string(),
  productIds: z.array(z.string()),
  categoryIds: z.array(z.string()),
  active: z.boolean(),
});

/** Text as typed → a number ('' → null; text that is not a number → NaN, which the schema names). */
const typedNumber = (text: string) => (text.trim() === '' ? null : Number(text.trim()));

export const couponForm = values
  .transform(
    (v): CouponInput => ({
      code: v.code,
      type: v.type,
      value: v.type === 'free_delivery' ? 0 : (typedNumber(v.value) ?? Number.NaN),
      minSubtotal: typedNumber(v.minSubtotal) ?? 0,
      startsOn: v.startsOn || null,
      endsOn: v.endsOn || null,
      usageLimit: typedNumber(v.usageLimit),
      perCustomerLimit: typedNumber(v.perCustomerLimit),
      productIds: v.productIds,
      categoryIds: v.categoryIds,
      active: v.active,
    }),
  )
  .pipe(couponInput);
export type CouponBody = z.output<typeof couponForm>;

const text = (n: number | null) => (n === null ? '' : String(n));

/** The form's values for a coupon as the API has it. */
export function couponFormValues(c: CouponView): CouponFormValues {
  return {
    code: c.code,
    type: c.type,
    value: c.type === 'free_delivery' ? '' : String(c.value),
    minSubtotal: c.minSubtotal > 0 ? String(c.minSubtotal) : '',
    startsOn: c.startsOn ?? '',
    endsOn: c.endsOn ?? '',
    usageLimit: text(c.usageLimit),
    perCustomerLimit: text(c.perCustomerLimit),
    productIds: [...c.productIds],
    categoryIds: [...c.categoryIds],
    active: c.active,
  };
}
