/**
 * The product forms as zod schemas for react-hook-form's zodResolver: the typed values
 * (text, as the inputs hold them) are turned into the API body and validated by the shared
 * schemas, so an error lands on the field it names. The spec's parsing: price and discount
 * as decimals (discount 0 when empty), the counter as an integer (0 when empty).
 */
import {
  type ProductCreateBody,
  type ProductCreateInput,
  productCreateBody,
  type ProductUpdateBody,
  type ProductUpdateInput,
  productUpdateBody,
} from '@shop/shared/catalog';
import { AVAILABILITY, type Availability } from '@shop/shared/constants';
import { z } from 'zod';

export interface ProductFormValues {
  title: string;
  heading: string;
  price: string;
  discount: string;
  description: string;
  color: string;
  size: string[];
  counter: number | string;
  availability: Availability;
  categoryId: string;
  brand: string;
  sub: string;
  subsub: string;
}

export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  title: '',
  heading: '',
  price: '',
  discount: '',
  description: '',
  color: '',
  size: [],
  counter: 0,
  availability: 'In Stock',
  categoryId: '',
  brand: '',
  sub: '',
  subsub: '',
};

/** A field's message, by form field (what ProductFields shows). */
export type FieldErrors = Partial<Record<keyof ProductFormValues, string>>;

const values = z.object({
  title: z.string(),
  heading: z.string(),
  price: z.string(),
  discount: z.string(),
  description: z.string(),
  color: z.string(),
  size: z.array(z.string()),
  counter: z.union([z.number(), z.string()]),
  availability: z.enum(AVAILABILITY),
  categoryId: z.string(),
  brand: z.string(),
  sub: z.string(),
  subsub: z.string(),
});

/** A decimal as typed; text that is not one is passed on as is, so the schema's message names the field. */
const decimal = (text: string): number | string | undefined => {
  if (text.trim() === '') return undefined;
  const n = Number.parseFloat(text);
  return Number.isNaN(n) ? text : n;
};
const integer = (value: number | string) => {
  const n = typeof value === 'number' ? value : Number.parseInt(value, 10);
  return Number.isFinite(n) ? Math.trunc(n) : 0;
};

function common(v: z.output<typeof values>) {
  return {
    title: v.title,
    heading: v.heading,
    price: decimal(v.price),
    discount: decimal(v.discount) ?? 0,
    description: v.description,
    color: v.color,
    size: v.size,
    counter: integer(v.counter),
    availability: v.availability,
  };
}

const discountWithinPrice = (body: { price?: number; discount?: number }) =>
  body.price === undefined || body.discount === undefined || body.discount <= body.price;
const DISCOUNT_ABOVE_PRICE = { path: ['discount'], message: 'Discount cannot be more than the price' };

/** Create Product → POST /api/products/create fields (empty references left out). */
export const productCreateForm = values
  .transform(
    (v) =>
      // An empty price is left out (undefined): the shared schema answers "Price is required".
      ({
        ...common(v),
        ...Object.fromEntries(
          (['categoryId', 'brand', 'sub', 'subsub'] as const).filter((k) => v[k] !== '').map((k) => [k, v[k]]),
        ),
      }) as ProductCreateInput,
  )
  .pipe(productCreateBody.refine(discountWithinPrice, DISCOUNT_ABOVE_PRICE));

/** Edit Product → PUT /api/products/{id} JSON (an empty reference clears it; the price stays required). */
export const productUpdateForm = values
  .refine((v) => v.price.trim() !== '', { path: ['price'], message: 'Price is required' })
  .transform(
    (v): ProductUpdateInput => ({
      ...common(v),
      categoryId: v.categoryId || null,
      brand: v.brand || null,
      sub: v.sub || null,
      subsub: v.subsub || null,
    }),
  )
  .pipe(productUpdateBody.refine(discountWithinPrice, DISCOUNT_ABOVE_PRICE));

/**
 * The update body without the fields the variants editor also sets (stock, sizes, colour)
 * unless they were changed in this form.
 */
export function onlyChanged(body: ProductUpdateBody, changed: { counter?: boolean; size?: boolean; color?: boolean }) {
  const { counter, size, color, ...rest } = body;
  return { ...rest, ...(changed.counter && { counter }), ...(changed.size && { size }), ...(changed.color && { color }) };
}

/** The create body as multipart form data, with the chosen images as repeated `imageUrl` files. */
export function toCreateFormData(body: ProductCreateBody, images: File[]): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    // The variants go as one JSON field (multipart fields are text).
    if (key === 'variants') form.append(key, JSON.stringify(value));
    else if (Array.isArray(value)) {
      if (value.length > 0) form.append(key, value.join(','));
    } else form.append(key, String(value));
  }
  for (const image of images) form.append('imageUrl', image);
  return form;
}

/** The form's errors (from zodResolver, or the server's set with setError) as ProductFields shows them. */
export function messages(errors: Partial<Record<keyof ProductFormValues, { message?: string }>>): FieldErrors {
  return Object.fromEntries(Object.entries(errors).map(([key, error]) => [key, error?.message]));
}

const FIELDS = new Set(Object.keys(EMPTY_PRODUCT_FORM));

/** The server's field errors (a 400's `errors`), by form field. */
export function serverErrors(error: { errors: { path: string; message: string }[] }): [keyof ProductFormValues, string][] {
  const seen = new Set<string>();
  return error.errors.flatMap(({ path, message }) => {
    const field = path.split('.')[0] || 'title';
    if (!FIELDS.has(field) || seen.has(field)) return [];
    seen.add(field);
    return [[field as keyof ProductFormValues, message]];
  });
}
