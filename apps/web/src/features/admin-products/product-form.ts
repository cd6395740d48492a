/**
 * Turning the product forms' values into API bodies, validated by the shared schemas,
 * with the spec's parsing: price and discount as decimals (discount 0 when empty),
 * the counter as an integer (0 when empty).
 */
import { type ProductCreateBody, productCreateBody, type ProductUpdateBody, productUpdateBody } from '@shop/shared/catalog';
import type { Availability } from '@shop/shared/constants';

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

export type FieldErrors = Partial<Record<keyof ProductFormValues, string>>;
type Result<T> = { ok: true; body: T } | { ok: false; errors: FieldErrors };

const decimal = (text: string) => (text.trim() === '' ? Number.NaN : Number.parseFloat(text));
const integer = (value: number | string) => {
  const n = typeof value === 'number' ? value : Number.parseInt(value, 10);
  return Number.isFinite(n) ? Math.trunc(n) : 0;
};

function toErrors(issues: { path: PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? 'title') as keyof ProductFormValues;
    errors[key] ??= issue.message;
  }
  return errors;
}

function common(values: ProductFormValues) {
  const price = decimal(values.price);
  const discount = values.discount.trim() === '' ? 0 : decimal(values.discount);
  return {
    title: values.title,
    heading: values.heading,
    // Unparsable text is sent as is, so the schema's message names the field.
    price: values.price.trim() === '' ? undefined : Number.isNaN(price) ? values.price : price,
    discount: Number.isNaN(discount) ? values.discount : discount,
    description: values.description,
    color: values.color,
    size: values.size,
    counter: integer(values.counter),
    availability: values.availability,
  };
}

function checkDiscount(body: { price?: number; discount?: number }): FieldErrors | null {
  if (body.price !== undefined && body.discount !== undefined && body.discount > body.price) {
    return { discount: 'Discount cannot be more than the price' };
  }
  return null;
}

/** The create form → POST /api/products/create fields (empty references left out). */
export function toCreateBody(values: ProductFormValues): Result<ProductCreateBody> {
  const refs = Object.fromEntries(
    (['categoryId', 'brand', 'sub', 'subsub'] as const).filter((k) => values[k] !== '').map((k) => [k, values[k]]),
  );
  const parsed = productCreateBody.safeParse({ ...common(values), ...refs });
  if (!parsed.success) return { ok: false, errors: toErrors(parsed.error.issues) };
  const discountError = checkDiscount(parsed.data);
  return discountError ? { ok: false, errors: discountError } : { ok: true, body: parsed.data };
}

/** The create body as multipart form data, with the chosen images as repeated `imageUrl` files. */
export function toCreateFormData(body: ProductCreateBody, images: File[]): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      if (value.length > 0) form.append(key, value.join(','));
    } else form.append(key, String(value));
  }
  for (const image of images) form.append('imageUrl', image);
  return form;
}

/** Which of the fields the variants also set (stock, sizes, colour) the edit form sends: the changed ones. */
export interface UpdateOptions {
  keep?: { counter: boolean; size: boolean; color: boolean };
}

/** The edit form → PUT /api/products/{id} JSON (an empty reference clears it). */
export function toUpdateBody(values: ProductFormValues, { keep }: UpdateOptions = {}): Result<ProductUpdateBody> {
  if (values.price.trim() === '') return { ok: false, errors: { price: 'Price is required' } };
  const { counter, size, color, ...rest } = common(values);
  const parsed = productUpdateBody.safeParse({
    ...rest,
    ...((keep?.counter ?? true) && { counter }),
    ...((keep?.size ?? true) && { size }),
    ...((keep?.color ?? true) && { color }),
    categoryId: values.categoryId || null,
    brand: values.brand || null,
    sub: values.sub || null,
    subsub: values.subsub || null,
  });
  if (!parsed.success) return { ok: false, errors: toErrors(parsed.error.issues) };
  const discountError = checkDiscount(parsed.data);
  return discountError ? { ok: false, errors: discountError } : { ok: true, body: parsed.data };
}

/** The server's field errors (a 400's `errors`), by form field. */
export function fieldErrors(error: { errors: { path: string; message: string }[] }): FieldErrors {
  return toErrors(error.errors.map((e) => ({ path: [e.path.split('.')[0] || 'title'], message: e.message })));
}
