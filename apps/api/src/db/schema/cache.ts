import { bigint, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';

/**
 * One row per cached scope ('catalog', 'content'; 'search', what title searches match:
 * migration 0016). Database triggers bump the version on every write to the scope's tables
 * (migration 0004), in the writing transaction, so any API process sees the new version as
 * soon as the write commits.
 */
export const cacheVersions = pgTable('cache_versions', {
  scope: text('scope').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * Rows of a large table, kept by statement triggers in the writing transaction (migration
 * 0014: 'products'), so the catalogue's unfiltered total is one primary-key read instead of a
 * count(*) that grows with the catalogue (issue 15). Exact: it commits with the rows it counts.
 */
export const rowCounts = pgTable('row_counts', {
  name: text('name').primaryKey(),
  rows: bigint('rows', { mode: 'number' }).notNull(),
});

/**
 * The products each `search` version changed (migration 0016): a new, deleted or renamed
 * product, a heading or brand name, price, discount or creation time edited; no product: a
 * truncate (everything). Written by statement triggers in the writing transaction, with the
 * version that transaction gave 'search', so a process holding a search's matches at one
 * version checks only these products to bring them to a later one (catalog/search/search-matches.ts).
 * The triggers keep the last 1,000 versions (decision 19).
 */
export const searchChanges = pgTable(
  'search_changes',
  {
    version: bigint('version', { mode: 'number' }).notNull(),
    productId: uuid('product_id'),
  },
  (t) => [index('search_changes_version_idx').on(t.version)],
);
