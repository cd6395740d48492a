import { type SQLWrapper, sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  boolean,
  check,
  index,
  integer,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The key a barcode is unique by, as @shop/shared's barcodeKey computes it: lower-cased, and a
 * UPC-A (12 digits) as the EAN-13 a scanner may read from the same label (a leading 0).
 * Immutable, so an index can be made on it (migration 0024).
 */
export const barcodeKeySql = (barcode: SQLWrapper) =>
  sql`(case when ${barcode} ~ '^[0-9]{12}$' then '0' || ${barcode} else lower(${barcode}) end)`;

/** PostgreSQL's full-text vector (Drizzle has no type of its own for it); read as its text. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
import { AVAILABILITY, FEED_AGE_GROUPS, FEED_GENDERS } from '@shop/shared';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Images are stored as ids (content hashes); the media module turns an id into the URLs
 * of its WebP renditions. Names are unique case-insensitively.
 */
export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    image: text('image'),
    /**
     * What the catalogue feeds (/feeds/google.xml, /feeds/meta.csv) say of every product of
     * the category, in Google's words (FEED_GENDERS, FEED_AGE_GROUPS in @shop/shared); null:
     * the feeds leave the field out.
     */
    gender: text('gender', { enum: FEED_GENDERS }),
    ageGroup: text('age_group', { enum: FEED_AGE_GROUPS }),
    /** Google's product category: its number ('2271') or its path ('Apparel & Accessories > Clothing > Dresses'). */
    googleProductCategory: text('google_product_category'),
    createdAt: createdAt(),
  },
  (t) => [
    check('categories_gender_check', sql`${t.gender} in ('female', 'male', 'unisex')`),
    check('categories_age_group_check', sql`${t.ageGroup} in ('newborn', 'infant', 'toddler', 'kids', 'adult')`),
    uniqueIndex('categories_name_key').on(sql`lower(${t.name})`),
    uniqueIndex('categories_slug_key').on(t.slug),
  ],
);

export const subs = pgTable(
  'subs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('subs_name_key').on(sql`lower(${t.name})`), index('subs_category_idx').on(t.categoryId)],
);

export const subsubs = pgTable(
  'subsubs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    subId: uuid('sub_id').references(() => subs.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('subsubs_name_key').on(sql`lower(${t.name})`), index('subsubs_sub_idx').on(t.subId)],
);

export const brands = pgTable(
  'brands',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    image: text('image'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('brands_name_key').on(sql`lower(${t.name})`), uniqueIndex('brands_slug_key').on(t.slug)],
);

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    heading: text('heading').notNull().default(''),
    description: text('description').notNull().default(''),
    /** Integer kobo. */
    price: bigint('price', { mode: 'number' }).notNull(),
    /** An amount in kobo, not a percentage. */
    discount: bigint('discount', { mode: 'number' }).notNull().default(0),
    /** What the shopper pays: price − discount, never below 0. Sorted and filtered on. */
    salePrice: bigint('sale_price', { mode: 'number' }).notNull().generatedAlwaysAs(sql`greatest(price - discount, 0)`),
    /**
     * Derived from the variants (product_variants triggers, migration 0006): the first colour
     * in stock, the colours and sizes on sale (in the variants' order), the units in stock
     * over all variants, and the lowest and highest sale price of the
     * variants (a variant may override the product's price and discount).
     */
    color: text('color').notNull().default(''),
    colors: text('colors').array().notNull().default(sql`'{}'::text[]`),
    sizes: text('sizes').array().notNull().default(sql`'{}'::text[]`),
    counter: integer('counter').notNull().default(0),
    minSalePrice: bigint('min_sale_price', { mode: 'number' }).notNull().default(0),
    maxSalePrice: bigint('max_sale_price', { mode: 'number' }).notNull().default(0),
    /**
     * Derived too (migration 0010): the fewest units of a variant on sale that has any, null
     * when none has stock. Low stock, everywhere, is `not paused and lowest_stock <= threshold`.
     * Not indexed: only the admins' filter reads it, and an index would make every stock move
     * (which changes it) update all of the table's indexes instead of none.
     */
    lowestStock: integer('lowest_stock'),
    /**
     * Derived too (migration 0017): the product's variant when it has exactly one that is not
     * archived, else null: a card adds that one straight to the cart.
     */
    onlyVariantId: uuid('only_variant_id'),
    /**
     * Derived too (migration 0012): the sizes, and the colours lower-cased, of the variants on
     * sale that have stock: what the listing's facets count without reading the variants.
     */
    stockSizes: text('stock_sizes').array().notNull().default(sql`'{}'::text[]`),
    stockColors: text('stock_colors').array().notNull().default(sql`'{}'::text[]`),
    /** The sizes the product's variants are chosen from (SIZE_SCALES in @shop/shared). */
    sizeScale: text('size_scale').notNull().default('standard'),
    /** Set by an admin: every variant's sale is paused, whatever the stock ("Out of Stock"). */
    paused: boolean('paused').notNull().default(false),
    /** The contract's field: In Stock while not paused and some variant has stock. */
    availability: text('availability', { enum: AVAILABILITY })
      .notNull()
      .generatedAlwaysAs(sql`case when paused or counter <= 0 then 'Out of Stock' else 'In Stock' end`),
    brandId: uuid('brand_id').references(() => brands.id, { onDelete: 'restrict' }),
    /** Copy of the brand's name, kept in step on rename, so search needs no join. */
    brandName: text('brand_name').notNull().default(''),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'restrict' }),
    subId: uuid('sub_id').references(() => subs.id, { onDelete: 'restrict' }),
    subsubId: uuid('subsub_id').references(() => subsubs.id, { onDelete: 'restrict' }),
    /**
     * Derived (migration 0017): the names of the category, sub and subsub, null without one,
     * set by trigger when a product's ids change and kept in step when one is renamed, so a
     * page of products reads them without a subquery per row (issue 15's cold path).
     */
    categoryName: text('category_name'),
    subName: text('sub_name'),
    subsubName: text('subsub_name'),
    /** Ordered image ids. */
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    ratingCount: integer('rating_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    /** Lower-cased title, heading and brand for trigram search. */
    searchText: text('search_text').notNull().generatedAlwaysAs(sql`lower(title || ' ' || heading || ' ' || brand_name)`),
    /**
     * The same words as a full-text vector (the 'simple' configuration: every word as it is,
     * no stemming, no stop words), for the suggestions' word-prefix search (catalog/search/search-query.ts):
     * a word's posting list is far shorter than its trigrams' (migration 0013).
     */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, lower(title || ' ' || heading || ' ' || brand_name))`),
    /** The transaction that last wrote the row (trigger, migration 0021): a till's catalogue update sends rows newer than its version. */
    xact: bigint('xact', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('products_price_nonnegative', sql`${t.price} >= 0`),
    index('products_xact_idx').on(t.xact),
    check('products_discount_nonnegative', sql`${t.discount} >= 0`),
    index('products_latest_idx').on(t.createdAt.desc(), t.id.desc()),
    index('products_sale_price_idx').on(t.salePrice, t.id),
    index('products_title_idx').on(t.title, t.id),
    index('products_category_latest_idx').on(t.categoryId, t.createdAt.desc(), t.id.desc()),
    index('products_category_price_idx').on(t.categoryId, t.salePrice, t.id),
    index('products_brand_latest_idx').on(t.brandId, t.createdAt.desc(), t.id.desc()),
    index('products_sub_idx').on(t.subId),
    index('products_subsub_idx').on(t.subsubId),
    index('products_on_sale_idx').on(t.createdAt.desc(), t.id.desc()).where(sql`${t.discount} > 0`),
    index('products_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('products_search_vector_idx').using('gin', t.searchVector),
  ],
);

/**
 * The words of the products' titles and brand names (lower-case, 3 letters or more), kept by
 * trigger (migration 0012): what a search that finds nothing as typed is corrected towards
 * ("ankra" → "ankara"), by trigram similarity on a few hundred rows instead of 100,000 titles.
 * Words are added, never removed: a word whose last product went finds nothing, as before.
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
]);

/** Numbers the SKUs the shop makes up itself (AD-000123-M-RED), when an admin gives none. */
export const skuNumberSeq = pgSequence('product_sku_seq', { startWith: 1 });

/**
 * What is on sale: one row per size and colour of a product (a product without options has
 * one, with size and colour ''). Stock is counted here; the product's counter, sizes and
 * colours follow by trigger. A variant with order history is archived, never deleted.
 */
export const productVariants = pgTable(
  'product_variants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Unique in the shop, case-insensitively, archived variants included (a SKU is never reused by another product). */
    sku: text('sku').notNull(),
    size: text('size').notNull().default(''),
    color: text('color').notNull().default(''),
    /** Integer kobo; null: the product's. */
    price: bigint('price', { mode: 'number' }),
    discount: bigint('discount', { mode: 'number' }),
    /**
     * Integer kobo: what one unit cost the shop (issue 30), seen and set only with catalog.cost;
     * null: unknown. Copied onto each order line when it is sold (order_lines.unit_cost).
     */
    cost: bigint('cost', { mode: 'number' }),
    /**
     * Units in stock. Below zero only after offline till sales that sold goods the catalogue
     * no longer counted (issue 29, setting posOfflineStock allow_negative): then `oversold_at`
     * flags the variant for the Sync conflicts page. Web checkout and online till sales never
     * take it below zero (their take is conditional).
     */
    counter: integer('counter').notNull().default(0),
    oversoldAt: timestamp('oversold_at', { withTimezone: true }),
    /**
     * What a scanner reads: EAN-13, UPC-A or any Code 128 text, kept as typed and unique by
     * its key (barcodeKeySql: case-insensitively, a UPC-A as its EAN-13); null: the Code 128
     * of the SKU.
     */
    barcode: text('barcode'),
    /** The transaction that last wrote the row (trigger, migration 0021): a till's catalogue update sends rows newer than its version. */
    xact: bigint('xact', { mode: 'number' }).notNull().default(0),
    /**
     * Bumped by trigger (migration 0018) on every change of `counter`, whoever writes it: an
     * import or an editor that read the stock at one version refuses to overwrite a newer one.
     */
    stockVersion: integer('stock_version').notNull().default(1),
    position: integer('position').notNull().default(0),
    /** Ids of the product's images that show this variant's colour (none: all of them). */
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('product_variants_price_nonnegative', sql`${t.price} >= 0 and ${t.discount} >= 0`),
    check('product_variants_cost_nonnegative', sql`${t.cost} >= 0`),
    uniqueIndex('product_variants_sku_key').on(sql`upper(${t.sku})`),
    uniqueIndex('product_variants_barcode_key').on(barcodeKeySql(t.barcode)).where(sql`${t.barcode} is not null`),
    index('product_variants_xact_idx').on(t.xact),
    uniqueIndex('product_variants_option_key')
      .on(t.productId, sql`lower(${t.size})`, sql`lower(${t.color})`)
      .where(sql`${t.archivedAt} is null`),
    index('product_variants_product_idx').on(t.productId, t.position),
    // The listing's size and colour filters: variants in stock.
    index('product_variants_in_stock_idx')
      .on(t.productId, t.size, t.color)
      .where(sql`${t.counter} > 0 and ${t.archivedAt} is null`),
  ],
);

export const banners = pgTable(
  'banners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    active: boolean('active').notNull().default(true),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('banners_order_idx').on(t.position, t.createdAt)],
);

export const posts = pgTable(
  'posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    heading: text('heading').notNull().default(''),
    text: text('text').notNull().default(''),
    image: text('image'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('posts_created_idx').on(t.createdAt.desc())],
);

/** Walk-in customers of the point of sale (they need no account). */
export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    /** Kobo the customer may spend at the till (returns give it): the sum of store_credit_entries. */
    storeCredit: bigint('store_credit', { mode: 'number' }).notNull().default(0),
    /** The transaction that last wrote the row (trigger, migration 0021): tills fetch customers changed since. */
    xact: bigint('xact', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('customers_email_key').on(sql`lower(${t.email})`),
    index('customers_phone_idx').on(t.phone),
    index('customers_xact_idx').on(t.xact),
    check('customers_store_credit_nonnegative', sql`${t.storeCredit} >= 0`),
  ],
);

export type ProductRow = typeof products.$inferSelect;
export type VariantRow = typeof productVariants.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;
export type BrandRow = typeof brands.$inferSelect;
