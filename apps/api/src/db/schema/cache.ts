import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * One row per cached scope ('catalog', 'content'). Database triggers bump the version on
 * every write to the scope's tables (migration 0004), in the writing transaction, so any
 * API process sees the new version as soon as the write commits.
 */
export const cacheVersions = pgTable('cache_versions', {
  scope: text('scope').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
