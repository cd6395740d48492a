/**
 * A copy of the embedded database (a PGlite data folder as a tar), wherever it can be had:
 * PGlite admits one process, so while the shop runs the copy is asked of the shop itself,
 * over its loopback-only route (plugins/pglite-dump.ts); when it is stopped, the folder is
 * opened here. The folder's lock (db/data-dir-lock.ts) says which applies (decision 17).
 */
import { createHmac } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { Config } from '../config.ts';
import { createPglite, openDatabase } from '../db/client.ts';
import { lockHolder } from '../db/data-dir-lock.ts';
import { type Connection, folderConnection, pgliteConnection } from './connection.ts';

export const PGLITE_DUMP_PATH = '/_ops/pglite-dump';
export const OPS_TOKEN_HEADER = 'x-shop-ops-token';
const ASK_TIMEOUT_MS = 15 * 60_000;

/**
 * The token the route asks for: derived from the JWT secret, which a command run with the
 * shop's configuration reads too (JWT_SECRET, or DATA_DIR/jwt-secret, readable by its owner
 * only). Whoever holds that secret can already sign an admin's token.
 */
export const opsToken = (jwtSecret: string) =>
  createHmac('sha256', jwtSecret).update('shop ops: pglite dump').digest('base64url');

export interface PgliteSnapshot {
  tar: Blob;
  /** Where it came from: the running shop, or the stopped folder. */
  via: 'server' | 'folder';
}

export function hasPgliteDatabase(dataDir: string): boolean {
  return existsSync(path.join(dataDir, 'db', 'PG_VERSION'));
}

/** The live process that has the folder open, if any; an error when there is no database at all. */
function runningShop(config: Config): number | undefined {
  if (!hasPgliteDatabase(config.dataDir)) {
    throw new Error(`There is no embedded database in ${path.join(config.dataDir, 'db')} (is DATA_DIR right?).`);
  }
  return lockHolder(config.dataDir);
}

async function askTheShop(config: Config, pid: number): Promise<Blob> {
  const url = `http://127.0.0.1:${config.port}${PGLITE_DUMP_PATH}`;
  let reason: string;
  try {
    const res = await fetch(url, {
      headers: { [OPS_TOKEN_HEADER]: opsToken(config.jwtSecret) },
      // A shop that accepts the connection but never answers must not hang a nightly backup.
      signal: AbortSignal.timeout(ASK_TIMEOUT_MS),
    });
    if (res.ok) return await res.blob();
    reason = `it answered ${res.status}`;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    reason = cause?.code ?? (error as Error).message;
  }
  throw new Error(
    `The embedded database in ${config.dataDir} is open in process ${pid}, which does not answer at ${url} (${reason}). ` +
      'If it is the shop, run this command with the same PORT, DATA_DIR and JWT_SECRET as the shop; ' +
      'if it is another backup or restore, wait for it to finish.',
  );
}

/** The database of DATA_DIR as a tar: from the running shop, or from the folder when it is stopped. */
export async function takePgliteSnapshot(config: Config): Promise<PgliteSnapshot> {
  const pid = runningShop(config);
  if (pid !== undefined) return { tar: await askTheShop(config, pid), via: 'server' };
  // Stopped: open the folder ourselves, holding its lock, so the shop cannot start meanwhile.
  const database = await openDatabase({ dataDir: config.dataDir });
  try {
    return { tar: await database.dumpDataDir!(), via: 'folder' };
  } finally {
    await database.close();
  }
}

/** A snapshot opened in memory, to read (count, export) without touching the original. */
export function openSnapshot(tar: Blob): Promise<PGlite> {
  return createPglite(undefined, tar);
}

/**
 * The embedded database to read from: a snapshot of it from the running shop, or the
 * stopped folder itself (held locked while open).
 */
export async function openPgliteSource(config: Config): Promise<Connection> {
  const pid = runningShop(config);
  if (pid !== undefined) return pgliteConnection(await openSnapshot(await askTheShop(config, pid)));
  return folderConnection(config.dataDir);
}
