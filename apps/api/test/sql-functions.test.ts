/**
 * Each SQL function's current definition has one home: the latest migration that creates or
 * replaces it, named in src/db/README.md's table. This keeps the table in step with the
 * migrations: a new function, or a new definition of one, must be written there too.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { migrationsFolder } from '../src/paths.ts';

it("names each SQL function's latest definition in src/db/README.md", () => {
  const latest = new Map<string, string>();
  for (const file of readdirSync(migrationsFolder)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    const sql = readFileSync(path.join(migrationsFolder, file), 'utf8');
    for (const m of sql.matchAll(/CREATE (?:OR REPLACE )?FUNCTION\s+([a-z_]+)\s*\(/gi)) {
      latest.set(m[1]!.toLowerCase(), file.replace(/\.sql$/, ''));
    }
  }
  const readme = readFileSync(path.resolve(import.meta.dirname, '../src/db/README.md'), 'utf8');
  const listed = new Map([...readme.matchAll(/^\| `([a-z_]+)\([^)]*\)` \| `([0-9a-z_]+)` \|/gm)].map((m) => [m[1]!, m[2]!]));
  expect(latest.size).toBeGreaterThan(10);
  expect(Object.fromEntries(listed)).toEqual(Object.fromEntries(latest));
});
