/**
 * Each table has one owner (src/db/owners.ts): this reads every write of a table under src/
 * (Drizzle's insert/update/delete of a table, and raw `insert into` / `update … set` /
 * `delete from`) and fails on a folder that writes a table it does not own and is not
 * declared as a second writer. Migrations, ops/, the seed and tests are exempt. It also
 * keeps the owner map and docs/architecture.md's list of owners complete.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { TABLE_OWNERS } from '../src/db/owners.ts';
import * as schema from '../src/db/schema/index.ts';

const src = path.resolve(import.meta.dirname, '../src');
const EXEMPT = [/^db\/migrations\//, /^ops\//, /^seed\//, /\.test\.tsx?$/];

/** Schema variable name → table name. */
const tables = new Map(
  Object.entries(schema).flatMap(([name, value]) => (is(value, PgTable) ? [[name, getTableName(value)] as const] : [])),
);

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return files(full);
    return /\.tsx?$/.test(entry) ? [full] : [];
  });
}

interface Write {
  folder: string;
  file: string;
  table: string;
}

/** Every write of a table in the source, with the folder it is in. */
function writes(): Write[] {
  const found: Write[] = [];
  for (const file of files(src)) {
    const rel = path.relative(src, file).split(path.sep).join('/');
    if (EXEMPT.some((re) => re.test(rel))) continue;
    const folder = rel.includes('/') ? rel.split('/')[0]! : '(app)';
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\.(?:insert|update|delete)\(\s*([A-Za-z_$][\w$]*)\s*[,)]/g)) {
      const table = tables.get(m[1]!);
      if (table) found.push({ folder, file: rel, table });
    }
    for (const m of text.matchAll(/\b(?:insert\s+into|delete\s+from)\s+"?([a-z_]+)"?|\bupdate\s+"?([a-z_]+)"?\s+set\b/gi)) {
      const table = (m[1] ?? m[2])!.toLowerCase();
      if (table in TABLE_OWNERS) found.push({ folder, file: rel, table });
    }
  }
  return found;
}

describe('table owners', () => {
  it('declares an owner for every table of the schema, and no table that does not exist', () => {
    const names = [...tables.values()].sort();
    expect(Object.keys(TABLE_OWNERS).sort()).toEqual(names);
  });

  it('has every write of a table made by its owner or a declared second writer', () => {
    const all = writes();
    // The check sees the writes it is about (a broken pattern would pass everything).
    expect(all.filter((w) => w.table === 'orders').length).toBeGreaterThan(5);
    const undeclared = all
      .filter(({ folder, table }) => {
        const owner = TABLE_OWNERS[table]!;
        return folder !== owner.owner && !(owner.alsoWrittenBy && folder in owner.alsoWrittenBy);
      })
      .map(({ file, table }) => `${file} writes ${table} (owner: ${TABLE_OWNERS[table]!.owner})`);
    expect(undeclared).toEqual([]);
  });

  it('is listed the same in docs/architecture.md', () => {
    const doc = readFileSync(path.resolve(import.meta.dirname, '../../../docs/architecture.md'), 'utf8');
    const listed = new Map([...doc.matchAll(/^\| `([a-z_]+)` \| `([a-z-]+)\/` \|/gm)].map((m) => [m[1]!, m[2]!]));
    expect(Object.fromEntries(listed)).toEqual(Object.fromEntries(Object.entries(TABLE_OWNERS).map(([t, o]) => [t, o.owner])));
  });
});
