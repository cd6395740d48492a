/**
 * Moving a shop between databases (decision 17), typically from the embedded database to a
 * PostgreSQL server, which may be of another major version:
 * - `npm run db:export -- FILE`: the configured database's rows (PGlite: through the running
 *   shop, or from its stopped folder) into FILE, a tar.gz of manifest.json and one JSON-lines
 *   file per table (rows.ts);
 * - `npm run db:import -- FILE`: into the configured database (DATABASE_URL, usually): runs
 *   this version's migrations there, refuses a database at another migration level or one
 *   that holds shop data, then copies every row in one transaction and checks the counts.
 * The images stay where they are (DATA_DIR/uploads or the bucket); the same DATA_DIR serves them.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Config } from '../config.ts';
import { packFolder, unpackFile } from './archive.ts';
import { type Connection, displayUrl, folderConnection, postgresConnection } from './connection.ts';
import { openPgliteSource } from './pglite-snapshot.ts';
import { describeCounts, exportRows, importRows, migrationLevel, type RowsManifest, readRowsManifest, shopData } from './rows.ts';

const openSource = (config: Config): Promise<Connection> =>
  config.databaseUrl ? postgresConnection(config.databaseUrl) : openPgliteSource(config);

const targetName = (config: Config) => (config.databaseUrl ? displayUrl(config.databaseUrl) : path.join(config.dataDir, 'db'));

export async function exportShop(config: Config, file: string): Promise<RowsManifest> {
  if (existsSync(file)) throw new Error(`${file} already exists: choose another name, or delete it first.`);
  const work = await mkdtemp(path.join(tmpdir(), 'shop-export-'));
  try {
    const conn = await openSource(config);
    let manifest: RowsManifest;
    try {
      manifest = await exportRows(conn, work);
    } finally {
      await conn.close();
    }
    await packFolder(work, ['manifest.json', 'tables'], file);
    return manifest;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

export async function importShop(
  config: Config,
  file: string,
): Promise<{ manifest: RowsManifest; counts: Record<string, number>; target: string }> {
  if (!existsSync(file)) throw new Error(`No such file: ${file}`);
  const work = await mkdtemp(path.join(tmpdir(), 'shop-import-'));
  try {
    await unpackFile(file, work, 'a shop export (npm run db:export)');
    const manifest = await readRowsManifest(work);
    const target = targetName(config);
    const conn = config.databaseUrl ? await postgresConnection(config.databaseUrl) : await folderConnection(config.dataDir);
    try {
      await conn.migrate();
      const level = await migrationLevel(conn);
      if (level.count !== manifest.migrations.count || level.last !== manifest.migrations.last) {
        throw new Error(
          `The export was taken at migration ${manifest.migrations.count} and this version migrates to ${level.count}: ` +
            'export and import with the same version of the shop (start the shop once on its old database to migrate it, then export again).',
        );
      }
      const data = await shopData(conn);
      if (Object.keys(data).length > 0) {
        throw new Error(
          `Refusing to import: ${target} already holds shop data (${describeCounts(data)}). Import into an empty database.`,
        );
      }
      const counts = await importRows(conn, work, manifest);
      return { manifest, counts, target };
    } finally {
      await conn.close();
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
