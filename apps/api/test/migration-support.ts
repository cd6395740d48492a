/**
 * For migration tests: an empty database (PGlite, or a new database on TEST_DATABASE_URL's
 * server) and the schema as it was before a given migration, so a test can fill it the way
 * the shop filled it then and migrate to the end with `database.migrate()`.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createPglite, type Database, openDatabase } from '../src/db/client.ts';
import { migrationsFolder } from '../src/paths.ts';
import { withDatabase } from './global-setup.ts';

/** The migrations folder as it was before `tag`: the same files, a journal that stops earlier. */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'migrations-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((e) => e.tag === tag);
  if (cut === -1) throw new Error(`no migration ${tag}`);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
  return dir;
}

export async function emptyDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return { database: await openDatabase({ pglite: await createPglite() }), drop: async () => {} };
  const name = `shop_migration_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const database = await openDatabase({ url: withDatabase(url, name), poolSize: 2 });
  return {
    database,
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** Applies every migration before `tag` (the one under test). */
export async function migrateBefore(database: Database, tag: string): Promise<void> {
  const before = migrationsBefore(tag);
  try {
    const { migrate } =
      database.kind === 'pglite'
        ? await import('drizzle-orm/pglite/migrator')
        : await import('drizzle-orm/node-postgres/migrator');
    await migrate(database.db as never, { migrationsFolder: before });
  } finally {
    rmSync(before, { recursive: true, force: true });
  }
}
