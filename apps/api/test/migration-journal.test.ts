/**
 * Drizzle's migrator applies a migration only when its journal time (`when`) is after the last
 * applied one's: a migration written with an earlier time than its predecessor (a hand-set
 * time, or a clock behind) would be skipped on every database already past the predecessor.
 * Migration 0018 was, until this test.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { migrationsFolder } from '../src/paths.ts';

it('gives every migration a journal time after the one before it, so existing databases apply it', () => {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const late = journal.entries.filter((e, i) => i > 0 && e.when <= journal.entries[i - 1]!.when).map((e) => e.tag);
  expect(late).toEqual([]);
});
