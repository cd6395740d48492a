/**
 * The catalogue's shapes: taxonomy (categories, subs, subsubs, brands) and products.
 * Requests are validated with these on the server (JSON bodies by Fastify, multipart
 * fields by the same schemas), and the web app types its calls and forms with them.
 * Money is naira in every request and response; the server stores kobo.
 */
import { z } from 'zod';
import { AVAILABILITY, FEED_AGE_GROUPS, FEED_GENDERS, type FeedAgeGroup, type FeedGender, SIZES } from './constants.ts';
import { isUuid } from './ids.ts';
import { SIZE_SCALE_NAMES, STOCK_FILTERS, type SizeScale, variantInput, variantView } from './variants.ts';

export const PRODUCT_SORTS = ['latest', 'price_asc', 'price_desc', 'title'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const PRODUCT_PAGE_SIZE = 48;
export const PRODUCT_MAX_PAGE_SIZE = 200;
/** A product's price cap (naira); keeps kobo well inside exact integers. */
export const MAX_PRICE_NAIRA = 1_000_000_000;
export const MAX_STOCK = 1_000_000_000;
export const MAX_IMAGES_PER_PRODUCT = 30;

// ---------------------------------------------------------------- helpers

/** A number sent as a JSON number or as text (multipart fields are always text). */
function numberish(label: string, { integer = false, max }: { integer?: boolean; max: number }) {
  // The members carry the message too: form resolvers show a union's closest member's message.
  const error = (issue: { input?: unknown }) =>
    issue.input === undefined ? `${label} is required` : `${label} must be a number`;
  return z.union([z.number({ error }), z.string({ error })], { error }).transform((value, ctx) => {
    const n = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value.trim());
    const fail = (message: string) => {
      ctx.issues.push({ code: 'custom', message, input: value });
      return z.NEVER;
    };
    if (!Number.isFinite(n)) return fail(`${label} must be a number`);
    if (n < 0) return fail(`${label} cannot be negative`);
    if (integer && !Number.isInteger(n)) return fail(`${label} must be a whole number`);
    if (n > max) return fail(`${label} is too large`);
    return n;
  });
}

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`);

/** A reference to a category, sub, subsub or brand by id or by name; '' or null means none. */
const reference = (label: string) => text(label, 200).nullable().optional();

function splitSizes(value: string): string[] {
  const trimmed = value.trim();
  if (trimmed.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (Array.isArray(parsed)) return parsed.map(String);
    } catch {
      // Not JSON after all: treat it as a comma-separated list.
    }
  }
  return trimmed.split(',');
}

/** Sizes as a list, a repeated form field, a comma-separated string or a JSON array string. */
export const sizeList = z
  .union([z.array(z.string()), z.string()], { error: 'Size must be a list of sizes' })
  .transform((value) => {
    const all = (Array.isArray(value) ? value.flatMap(splitSizes) : splitSizes(value))
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean);
    return [...new Set(all)];
  })
  .pipe(z.array(z.enum(SIZES, { error: (issue) => `"${String(issue.input)}" is not a size (choose from ${SIZES.join(', ')})` })));

// ---------------------------------------------------------------- taxonomy

export const taxonomyName = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(100, 'Name must be at most 100 characters');

/** Create or rename a category or a brand (JSON, or multipart with an `imageUrl` file). */
export const taxonomyNameBody = z.object({ name: taxonomyName });
export type TaxonomyNameBody = z.infer<typeof taxonomyNameBody>;

/** '' (an emptied field of a form) means none, as null does. */
const emptyAsNull = (value: unknown) => (value === '' ? null : value);

/**
 * What the catalogue feeds say of a category's products (issue 31), in Google's words; null
 * or '' clears one, and the feeds then leave it out.
 */
const categoryFeedFields = {
  gender: z
    .preprocess(emptyAsNull, z.enum(FEED_GENDERS, { error: `Gender must be one of ${FEED_GENDERS.join(', ')}` }).nullable())
    .optional(),
  ageGroup: z
    .preprocess(
      emptyAsNull,
      z.enum(FEED_AGE_GROUPS, { error: `Age group must be one of ${FEED_AGE_GROUPS.join(', ')}` }).nullable(),
    )
    .optional(),
  googleProductCategory: z
    .preprocess(
      (value) => emptyAsNull(typeof value === 'string' ? value.trim() : value),
      text('Google product category', 250)
        .regex(/^[^\p{Cc}]*$/u, 'Google product category must be one line of text')
        .nullable(),
    )
    .optional(),
};
export type CategoryFeedFields = {
  gender?: FeedGender | null;
  ageGroup?: FeedAgeGroup | null;
  googleProductCategory?: string | null;
};

/** Create a category: its name, and what the feeds say of its products. */
export const createCategoryBody = z.object({ name: taxonomyName, ...categoryFeedFields });
/** Change a category: any of its fields. */
export const updateCategoryBody = z
  .object({ name: taxonomyName.optional(), ...categoryFeedFields })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'Nothing to update: send a name');
export type CategoryBody = z.input<typeof createCategoryBody>;

export const createSubBody = z.object({ name: taxonomyName, categoryId: reference('Category') });
export type CreateSubBody = z.infer<typeof createSubBody>;
export const updateSubBody = z
  .object({ name: taxonomyName.optional(), categoryId: reference('Category') })
  .refine((b) => b.name !== undefined || b.categoryId !== undefined, 'Nothing to update: send a name');

export const createSubsubBody = z.object({ name: taxonomyName, subId: reference('Sub-category') });
export type CreateSubsubBody = z.infer<typeof createSubsubBody>;
export const updateSubsubBody = z
  .object({ name: taxonomyName.optional(), subId: reference('Sub-category') })
  .refine((b) => b.name !== undefined || b.subId !== undefined, 'Nothing to update: send a name');

/**
 * A category, sub-category, sub-sub-category or brand. `slug` and `imageUrl` belong to
 * categories and brands, `categoryId` to subs (their parent), `subId` to subsubs.
 */
export const taxonomyItem = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string().optional(),
  imageUrl: z.string().nullable().optional(),
  categoryId: z.string().nullable().optional(),
  subId: z.string().nullable().optional(),
  /** Categories only: what the catalogue feeds say of their products (null: left out). */
  gender: z.enum(FEED_GENDERS).nullable().optional(),
  ageGroup: z.enum(FEED_AGE_GROUPS).nullable().optional(),
  googleProductCategory: z.string().nullable().optional(),
  /** How many products use it. */
  productCount: z.number().int(),
});
export type TaxonomyItem = z.infer<typeof taxonomyItem>;
export const taxonomyListResponse = z.array(taxonomyItem);

/** What every taxonomy write body gives the server (each resource uses part of it). */
export interface TaxonomyInput extends CategoryFeedFields {
  name?: string;
  categoryId?: string | null;
  subId?: string | null;
}

// ---------------------------------------------------------------- products

const productFields = {
  heading: text('Heading', 500),
  description: text('Description', 20_000),
  discount: numberish('Discount', { max: MAX_PRICE_NAIRA }),
  color: text('Color', 200),
  size: sizeList,
  counter: numberish('Counter', { integer: true, max: MAX_STOCK }),
  availability: z.enum(AVAILABILITY, { error: `Availability must be '${AVAILABILITY.join("' or '")}'` }),
  categoryId: reference('Category'),
  brand: reference('Brand'),
  sub: reference('Sub-category'),
  subsub: reference('Sub-sub-category'),
};
const sizeScale = z.enum(SIZE_SCALE_NAMES as [SizeScale, ...SizeScale[]], {
  error: `Size scale must be one of: ${SIZE_SCALE_NAMES.join(', ')}`,
});

/** The variants of a new product: a list, or (multipart) the same list as a JSON string. */
const variantList = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  },
  z.array(variantInput, { error: 'variants must be a list of variants' }).max(100, 'A product can have at most 100 variants'),
);

const title = z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(200, 'Title is too long');
const price = numberish('Price', { max: MAX_PRICE_NAIRA });

/**
 * POST /api/products/create (multipart or JSON). Defaults: discount 0, no stock. `variants`
 * lists what is on sale (sizes and colours with their stock); without it, the original
 * form's `size` list, `color` and `counter` make one variant per size (the stock goes to the
 * first size).
 */
export const productCreateBody = z.object({
  title,
  price,
  sizeScale: sizeScale.optional(),
  variants: variantList.optional(),
  heading: productFields.heading.optional(),
  description: productFields.description.optional(),
  discount: productFields.discount.optional(),
  color: productFields.color.optional(),
  size: productFields.size.optional(),
  counter: productFields.counter.optional(),
  availability: productFields.availability.optional(),
  categoryId: productFields.categoryId,
  brand: productFields.brand,
  sub: productFields.sub,
  subsub: productFields.subsub,
});
export type ProductCreateInput = z.input<typeof productCreateBody>;
export type ProductCreateBody = z.output<typeof productCreateBody>;

/**
 * PUT /api/products/{id} as JSON: any subset of the fields, and/or `imageUrls`, the
 * images to keep, in order (images left out are removed).
 */
export const productUpdateBody = z.object({
  title: title.optional(),
  price: price.optional(),
  sizeScale: sizeScale.optional(),
  heading: productFields.heading.optional(),
  description: productFields.description.optional(),
  discount: productFields.discount.optional(),
  color: productFields.color.optional(),
  size: productFields.size.optional(),
  counter: productFields.counter.optional(),
  availability: productFields.availability.optional(),
  categoryId: productFields.categoryId,
  brand: productFields.brand,
  sub: productFields.sub,
  subsub: productFields.subsub,
  imageUrls: z
    .array(z.string().max(2000), { error: 'imageUrls must be a list of image URLs' })
    .max(MAX_IMAGES_PER_PRODUCT)
    .optional(),
});
export type ProductUpdateInput = z.input<typeof productUpdateBody>;
export type ProductUpdateBody = z.output<typeof productUpdateBody>;

/** Query values may arrive empty (`?title=`); empty means "not given". */
const blank = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value.trim());
const queryText = z.string().max(200, 'Search values must be at most 200 characters').optional().transform(blank);
const queryNumber = (name: string, { integer = false, min = 0, max = Number.MAX_SAFE_INTEGER } = {}) =>
  z
    .string()
    .optional()
    .transform(blank)
    .pipe(
      z.coerce
        .number<string>({ error: `${name} must be a number` })
        .refine((n) => !integer || Number.isInteger(n), `${name} must be a whole number`)
        .refine((n) => n >= min, `${name} must be at least ${min}`)
        .refine((n) => n <= max, `${name} must be at most ${max}`)
        .optional(),
    );
const queryEnum = <T extends readonly [string, ...string[]]>(name: string, values: T) =>
  z
    .string()
    .optional()
    .transform(blank)
    .pipe(z.enum(values, { error: `${name} must be one of: ${values.join(', ')}` }).optional());

/**
 * GET /api/categories, /api/subs, /api/subsubs and /api/brands. Every parameter is
 * optional: without any, the answer is every row by name (what the storefront reads).
 * The total matching count is in X-Total-Count.
 */
export const TAXONOMY_SORTS = ['name', 'latest', 'oldest', 'products'] as const;
export type TaxonomySort = (typeof TAXONOMY_SORTS)[number];
export const TAXONOMY_MAX_PAGE_SIZE = 200;

/** A parent filter: the parent's id, or `none` for rows without a parent. */
const queryParent = (name: string, label: string) =>
  queryText.pipe(
    z
      .string()
      .refine((v) => v === 'none' || isUuid(v), `${name} must be a ${label} id or none`)
      .optional(),
  );

export const taxonomyListQuery = z.object({
  search: queryText.describe('Case-insensitive text in the name'),
  used: queryEnum('used', ['true', 'false'] as const).describe('true: only those some product uses; false: only unused ones'),
  sort: queryEnum('sort', TAXONOMY_SORTS).describe(
    'name (default, A–Z), latest (newest first), oldest or products (most products first)',
  ),
  limit: queryNumber('limit', { integer: true, min: 1, max: TAXONOMY_MAX_PAGE_SIZE }).describe('Page size (default: all)'),
  offset: queryNumber('offset', { integer: true, max: 10_000_000 }).describe('Rows to skip (default 0)'),
});
export const subListQuery = taxonomyListQuery.extend({
  categoryId: queryParent('categoryId', 'category').describe('Only the sub-categories of this category id (`none`: without one)'),
});
export const subsubListQuery = taxonomyListQuery.extend({
  subId: queryParent('subId', 'sub-category').describe(
    'Only the sub-sub-categories of this sub-category id (`none`: without one)',
  ),
});
export type TaxonomyListQuery = z.input<typeof subListQuery> & z.input<typeof subsubListQuery>;
export type TaxonomyListFilters = Partial<z.output<typeof taxonomyListQuery>> & { categoryId?: string; subId?: string };

/** The list's filters (GET /api/products, and GET /api/products/facets). Prices are naira, inclusive, on the sale price. */
const productFilterFields = {
  title: queryText.describe('Case-insensitive text in the title, heading or brand'),
  category: queryText.describe('Category name (any case) or id'),
  sub: queryText.describe('Sub-category name or id'),
  subsub: queryText.describe('Sub-sub-category name or id'),
  brand: queryText.describe('Brand name or id'),
  minPrice: queryNumber('minPrice').describe('Lowest sale price in naira (inclusive)'),
  maxPrice: queryNumber('maxPrice').describe('Highest sale price in naira (inclusive)'),
  onSale: queryEnum('onSale', ['true', 'false']).describe('true: only products with a discount'),
  availability: queryEnum('availability', AVAILABILITY),
  size: queryText.describe('Sizes in stock, comma-separated (any of them): medium,large'),
  color: queryText.describe('Colours in stock, comma-separated (any of them, any case): red,blue'),
  stock: queryEnum('stock', STOCK_FILTERS).describe(
    'Admins only. low: not paused, and some variant has 1 to the low-stock threshold units left (lowestStock ≤ threshold); out: no variant has stock',
  ),
};
const priceRangeInOrder = (q: { minPrice?: number; maxPrice?: number }) =>
  q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice;
const priceRangeError = { message: 'minPrice cannot be more than maxPrice', path: ['minPrice'] };

/** The list's filters alone: what GET /api/products/facets counts within. */
export const productFilterQuery = z.object(productFilterFields).refine(priceRangeInOrder, priceRangeError);
export type ProductFilterQuery = z.input<typeof productFilterQuery>;

/** GET /api/products: the filters, a sort and a page. */
export const productListQuery = z
  .object({
    ...productFilterFields,
    sort: queryEnum('sort', PRODUCT_SORTS).describe('latest (default), price_asc, price_desc or title'),
    limit: queryNumber('limit', { integer: true, min: 1, max: PRODUCT_MAX_PAGE_SIZE }).describe(
      `Page size (default ${PRODUCT_PAGE_SIZE})`,
    ),
    offset: queryNumber('offset', { integer: true, max: 10_000_000 }),
  })
  .refine(priceRangeInOrder, priceRangeError);
export type ProductListQuery = z.input<typeof productListQuery>;

const namedRef = z.object({ id: z.string(), name: z.string() }).nullable();

/** A product as every client reads it (the original field names, plus a few additions). */
export const productResponse = z.object({
  id: z.string(),
  title: z.string(),
  heading: z.string(),
  description: z.string(),
  /** Naira. */
  price: z.number(),
  /** Naira, an amount (not a percentage). */
  discount: z.number(),
  /** Naira: price − discount, never below 0. */
  salePrice: z.number(),
  /** The first colour in stock (else the first colour); `colors` lists them all. */
  color: z.string(),
  colors: z.array(z.string()),
  /** The sizes on sale, in order; sold-out ones included (see `variants` for stock). */
  size: z.array(z.string()),
  sizeScale: sizeScale,
  /** Units in stock over all variants. */
  counter: z.number().int(),
  /**
   * The fewest units of a variant that has any (null when none has stock). Low stock, as
   * `stock=low` and the back office mean it: not paused and lowestStock ≤ the shop's threshold.
   */
  lowestStock: z.number().int().nullable(),
  availability: z.enum(AVAILABILITY),
  /** Naira: the lowest and highest sale price of the variants ("from ₦X" when they differ). */
  priceFrom: z.number(),
  priceTo: z.number(),
  /** The product's only variant, when it has one: what a card's Add to Cart adds. Null when a size or colour must be chosen. */
  defaultVariantId: z.string().nullable(),
  /** Brand name ('' when none). */
  brand: z.string(),
  brandId: z.string().nullable(),
  Category: namedRef,
  Sub: namedRef,
  Subsub: namedRef,
  categoryId: z.string().nullable(),
  subId: z.string().nullable(),
  subsubId: z.string().nullable(),
  /** Sub-category and sub-sub-category names ('' when none), as the original edit form reads them. */
  sub: z.string(),
  subsub: z.string(),
  imageUrls: z.array(z.string()),
  /** The first image, for clients that read a single image. */
  imageUrl: z.string().nullable(),
  ratingAverage: z.number(),
  ratingCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Product = z.infer<typeof productResponse>;

export const productListResponse = z.array(productResponse);

/** GET /api/products/{id}: the product with its variants (what is on sale, in order). */
/** An image's JPEG for sharing (1200 px wide, at most 300 KB) and its size: what og:image shows. */
export const shareImage = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() });
export type ShareImage = z.infer<typeof shareImage>;

/**
 * GET /api/feeds: where Google Merchant Center and Meta Commerce Manager fetch the catalogue
 * (absolute URLs, with the FEED_TOKEN's `?token=` when it is set), for the back office's guide.
 */
export const catalogueFeedsResponse = z.object({
  google: z.string(),
  meta: z.string(),
  /** FEED_TOKEN is set: the URLs carry a secret, and only they answer. */
  tokenRequired: z.boolean(),
});
export type CatalogueFeeds = z.infer<typeof catalogueFeedsResponse>;

export const productDetailResponse = productResponse.extend({
  variants: z.array(variantView),
  /**
   * The sharing JPEG of each of the product's images that has one, by the image's URL in
   * `imageUrls` (and the variants' `imageUrls`): og:image and its size on the product page.
   */
  shareImages: z.record(z.string(), shareImage).optional(),
});
export type ProductDetail = z.infer<typeof productDetailResponse>;

/** A write that answers with a message only (deletes). */
export const catalogMessage = z.object({ msg: z.string() });
