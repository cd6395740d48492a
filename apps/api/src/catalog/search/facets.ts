/**
 * The listing's facets (GET /api/products/facets): for each value of each filter, how many
 * products the listing would show with that value and every other filter as given. So a
 * brand's count ignores the brand filter, a price band's the price filter, and so on; a
 * size's count is the products with that size in stock (and, when colours are chosen, in
 * one of those colours, as the list pairs them).
 *
 * One pass over the products the facet-free filters match (search, taxonomy, availability,
 * stock): each product is joined to its sizes and colours in stock side by side
 * (`unnest(stock_sizes, stock_colors)`, kept on the product by migration 0012, so the variants
 * are not read), and GROUPING SETS count the whole, each brand, each size and each colour at
 * once, each with FILTER aggregates that apply every filter but the one counted. Only a size
 * paired with chosen colours (or a colour with chosen sizes) needs the variants: one more
 * statement for each.
 */
import { type SQL, sql } from 'drizzle-orm';
import { nairaToKobo, PRICE_BANDS, SIZE_SCALES } from '@shop/shared';
import type { Db, Tx } from '../../db/client.ts';
import { brands, products, productVariants } from '../../db/schema/index.ts';
import { rowsOf } from '../../db/client.ts';
import { type FilterQuery, filterParts, type ListOptions } from '../products/product-query.ts';

export interface FacetCounts {
  total: number;
  brands: { id: string; name: string; count: number }[];
  sizes: { value: string; count: number }[];
  colors: { value: string; count: number }[];
  prices: { min: number | null; max: number | null; count: number }[];
  onSale: number;
}

/**
 * The plan's estimate (a row per size and colour of 100,000 products) is past jit_above_cost:
 * JIT would compile it at every call, which costs more than the query; and the products are
 * grouped by brand in memory rather than on disk.
 */
const SETTINGS = sql`select set_config('jit', 'off', true), set_config('work_mem', '32MB', true)`;

/** Which grouping set a row counts (GROUPING(brand_id, size, colour): a bit per column left out). */
const SET = { all: 7, brand: 3, size: 5, colour: 6 } as const;

interface CountedRow {
  grouping_set: number;
  brand_id: string | null;
  brand_name: string | null;
  size: string | null;
  colour: string | null;
  total: number;
  on_sale: number;
  brand_count: number;
  size_count: number;
  colour_count: number;
  bands: number[];
}

/** Sizes in the order the size scales list them; others after, by name. */
const SIZE_ORDER = new Map<string, number>(Object.values(SIZE_SCALES).flatMap((sizes) => sizes.map((s, i) => [s, i])));
const bySize = (a: { value: string }, b: { value: string }) =>
  (SIZE_ORDER.get(a.value) ?? Number.MAX_SAFE_INTEGER) - (SIZE_ORDER.get(b.value) ?? Number.MAX_SAFE_INTEGER) ||
  a.value.localeCompare(b.value);
const byValue = (a: { value: string }, b: { value: string }) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0);

const all = (conditions: SQL[]) => (conditions.length > 0 ? sql`(${sql.join(conditions, sql` and `)})` : sql`true`);
const textArray = (values: string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
const colourOf = sql`lower(${productVariants.color})`;
const sizeOf = sql`${productVariants.size}`;

export async function countFacets(db: Db, filters: FilterQuery, options: ListOptions = {}): Promise<FacetCounts> {
  const parts = filterParts(filters, options);
  const { sizes, colors } = parts;
  const brandOk = parts.brand ?? sql`true`;
  const priceOk = all(parts.price);
  const saleOk = parts.onSale ?? sql`true`;
  // The size and colour filters: from the product's own arrays when only one is given; both
  // pair in one variant, as the list pairs them: the products with one, read once (`paired_ids`).
  const inStock = sql`${productVariants.archivedAt} is null and ${productVariants.counter} > 0`;
  const pairedIds =
    sizes.length > 0 && colors.length > 0
      ? sql`paired_ids as materialized (select ${productVariants.productId} as id from ${productVariants}
          where ${inStock} and ${productVariants.size} = any(${textArray(sizes)}) and ${colourOf} = any(${textArray(colors)})),`
      : sql``;
  const optionOk =
    sizes.length > 0 && colors.length > 0
      ? sql`${products.id} in (select id from paired_ids)`
      : sizes.length > 0
        ? sql`${products.stockSizes} && ${textArray(sizes)}`
        : colors.length > 0
          ? sql`${products.stockColors} && ${textArray(colors)}`
          : sql`true`;
  // Each product once (its first size-and-colour row, or its only row when it has neither).
  const once = sql`(o.n is null or o.n = 1)`;
  const band = (min: number | null, max: number | null) =>
    all([
      ...(min !== null ? [sql`${products.salePrice} >= ${nairaToKobo(min)}`] : []),
      ...(max !== null ? [sql`${products.salePrice} < ${nairaToKobo(max)}`] : []),
    ]);
  const counted = sql`
    with ${pairedIds} counted as (
      select grouping(${products.brandId}, o.size, o.colour) as grouping_set,
        ${products.brandId} as brand_id, o.size, o.colour,
        count(*) filter (where ${once} and ${brandOk} and ${priceOk} and ${saleOk} and ${optionOk})::int as total,
        count(*) filter (where ${once} and ${products.discount} > 0 and ${brandOk} and ${priceOk} and ${optionOk})::int as on_sale,
        count(*) filter (where ${once} and ${priceOk} and ${saleOk} and ${optionOk})::int as brand_count,
        count(*) filter (where o.size is not null and ${brandOk} and ${priceOk} and ${saleOk})::int as size_count,
        count(*) filter (where o.colour is not null and ${brandOk} and ${priceOk} and ${saleOk})::int as colour_count,
        array[${sql.join(
          PRICE_BANDS.map(
            (b) =>
              sql`count(*) filter (where ${once} and ${brandOk} and ${saleOk} and ${optionOk} and ${band(b.min, b.max)})::int`,
          ),
          sql`, `,
        )}] as bands
      from ${products}
      left join lateral unnest(${products.stockSizes}, ${products.stockColors}) with ordinality as o(size, colour, n) on true
      where ${all(parts.common)}
      group by grouping sets ((), (${products.brandId}), (o.size), (o.colour))
    )
    select counted.*, ${brands.name} as brand_name from counted left join ${brands} on ${brands.id} = counted.brand_id`;
  /** A size (or colour) paired with the colours (or sizes) chosen: the products with a variant in stock that has both. */
  const paired = (tx: Tx, value: SQL, pairedWith: SQL, values: string[]) =>
    rowsOf<{ value: string; count: number }>(
      tx,
      sql`select ${value} as value, count(distinct ${products.id})::int as count
        from ${products} join ${productVariants} on ${productVariants.productId} = ${products.id}
        where ${all(parts.common)} and ${brandOk} and ${priceOk} and ${saleOk}
          and ${inStock} and ${value} <> '' and ${pairedWith} = any(${textArray(values)})
        group by 1`,
    );

  const { rows, pairedSizes, pairedColours } = await db.transaction(async (tx) => {
    await tx.execute(SETTINGS);
    return {
      rows: await rowsOf<CountedRow>(tx, counted),
      pairedSizes: colors.length > 0 ? await paired(tx, sizeOf, colourOf, colors) : undefined,
      pairedColours: sizes.length > 0 ? await paired(tx, colourOf, sizeOf, sizes) : undefined,
    };
  });
  const whole = rows.find((r) => r.grouping_set === SET.all);
  const values = (set: number, key: 'size' | 'colour', count: 'size_count' | 'colour_count') =>
    rows
      .filter((r) => r.grouping_set === set && r[key] !== null && r[count] > 0)
      .map((r) => ({ value: r[key]!, count: r[count] }));
  return {
    total: whole?.total ?? 0,
    brands: rows
      .filter((r) => r.grouping_set === SET.brand && r.brand_id !== null && r.brand_count > 0)
      .map((r) => ({ id: r.brand_id!, name: r.brand_name ?? '', count: r.brand_count }))
      .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' })),
    sizes: (pairedSizes ?? values(SET.size, 'size', 'size_count')).sort(bySize),
    // A colour with a comma cannot be chosen (the filter splits at commas): not offered.
    colors: (pairedColours ?? values(SET.colour, 'colour', 'colour_count')).filter((c) => !c.value.includes(',')).sort(byValue),
    prices: PRICE_BANDS.map((b, i) => ({ min: b.min, max: b.max, count: whole?.bands[i] ?? 0 })),
    onSale: whole?.on_sale ?? 0,
  };
}
