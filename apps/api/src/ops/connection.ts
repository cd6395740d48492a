/**
 * One connection to a shop's database for the backup commands: raw SQL on a single session
 * (their transactions and cursors need one), on PGlite or PostgreSQL alike, plus the app's
 * own migrations. The app's pool is not used: these commands run outside the shop.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createPglite, openDatabase } from '../db/client.ts';
import { lockDataDir } from '../db/data-dir-lock.ts';

export type Row = Record<string, unknown>;

export interface Connection {
  kind: 'pglite' | 'pg';
  query<T extends Row = Row>(text: string, params?: unknown[]): Promise<T[]>;
  /** Brings the schema to this version's migrations. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export function pgliteConnection(client: PGlite, release: () => void = () => {}): Connection {
  return {
    kind: 'pglite',
    query: async <T extends Row>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
    migrate: async () => (await openDatabase({ pglite: client })).migrate(),
    close: async () => {
      if (!client.closed) await client.close();
      release();
    },
  };
}

export async function postgresConnection(url: string): Promise<Connection> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    kind: 'pg',
    query: async <T extends Row>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
    migrate: async () => {
      const database = await openDatabase({ url, poolSize: 1 });
      try {
        await database.migrate();
      } finally {
        await database.close();
      }
    },
    close: () => client.end(),
  };
}

/** The data folder's database, opened by this process (holding its lock). */
export async function folderConnection(dataDir: string): Promise<Connection> {
  mkdirSync(path.join(dataDir, 'db'), { recursive: true });
  const release = lockDataDir(dataDir);
  try {
    return pgliteConnection(await createPglite(path.join(dataDir, 'db')), release);
  } catch (error) {
    release();
    throw error;
  }
}

/** "postgres://shop@db:5432/shop" without its password, to name a database in messages. */
export function displayUrl(url: string): string {
  const u = new URL(url);
  u.password = '';
  return u.toString();
}
