/**
 * Opens the database: PGlite (PostgreSQL in WASM) in a data directory when no
 * DATABASE_URL is set, a node-postgres pool otherwise. Both give the same Drizzle API
 * over the same schema and migrations, so every query is written once.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsFolder } from '../paths.ts';
import { lockDataDir } from './data-dir-lock.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle given to a transaction callback; same query API as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  kind: 'pglite' | 'pg';
  /** The connection string, for a PostgreSQL server. */
  url?: string;
  db: Db;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * Called when a connection is lost outside of a query (the server restarted, the network
   * dropped). The process carries on: the pool replaces the connection, and queries made
   * meanwhile fail with an error the error handler answers with 503.
   */
  onConnectionError(listener: (error: Error) => void): void;
  /**
   * The rows, as arrays, of a statement without parameters that runs very often (the read
   * cache's version check). On PostgreSQL it is prepared once per connection under `name`
   * and then only bound and run: no parsing or planning per run on the server, and no query
   * builder in the process (issue 15: 7 % more cached answers a second).
   */
  preparedRows(name: string, text: string): Promise<unknown[][]>;
  /** Connections of a PostgreSQL pool (for /metrics); PGlite has one, in the process. */
  poolStats?(): { total: number; idle: number; waiting: number };
  /**
   * PGlite only: its data folder as a tar, taken between two queries (what a crash would
   * leave, which PostgreSQL recovers from), for backups while the shop runs (decision 17).
   */
  dumpDataDir?(): Promise<Blob>;
}

export type DatabaseOptions =
  | { url: string; poolSize?: number; connectTimeoutMs?: number }
  | { dataDir: string }
  | { pglite: PGlite };

/**
 * A PGlite instance with the extensions our migrations use. Loaded on demand: a server
 * on PostgreSQL never loads the WASM build.
 */
export async function createPglite(dataDir?: string, loadDataDir?: Blob): Promise<PGlite> {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  return PGlite.create({ dataDir, loadDataDir, extensions: { pg_trgm } });
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('url' in options) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // While the server is away, a request waits at most this long for a connection, then 503.
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
      // No JIT compilation: the shop's statements are short, and on the reports' larger plans
      // compiling cost 0.1–0.7 s that the run never won back (docs/decisions/0025, the bench).
      options: '-c jit=off',
    });
    let report: (error: Error) => void = () => {};
    // A connection lost while idle in the pool, or while checked out (inside a transaction,
    // between two queries): node-postgres emits 'error' on the client, and an unhandled
    // 'error' event ends the process. Every client gets a listener for its whole life; the
    // pool drops a client that is no longer queryable when it is released.
    pool.on('error', (error) => report(error));
    pool.on('connect', (client) => {
      client.on('error', (error) => report(error));
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      kind: 'pg',
      url: options.url,
      db,
      migrate: async () => {
        await migratePg(drizzlePg(pool), { migrationsFolder });
      },
      ping: async () => {
        await pool.query('select 1');
      },
      preparedRows: async (name, text) => (await pool.query<unknown[]>({ name, text, rowMode: 'array' })).rows,
      close: () => pool.end(),
      onConnectionError: (listener) => {
        report = listener;
      },
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  let client: PGlite;
  let unlock = () => {};
  if ('pglite' in options) {
    client = options.pglite;
  } else {
    const dir = path.join(options.dataDir, 'db');
    mkdirSync(dir, { recursive: true });
    // One process per folder: a second one would corrupt it (data-dir-lock.ts).
    unlock = lockDataDir(options.dataDir);
    try {
      client = await createPglite(dir);
    } catch (error) {
      unlock();
      throw error;
    }
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    migrate: async () => {
      await migratePglite(drizzlePglite(client), { migrationsFolder });
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    preparedRows: async (_name, text) => (await client.query<unknown[]>(text, [], { rowMode: 'array' })).rows,
    close: async () => {
      if (!client.closed) await client.close();
      unlock();
    },
    dumpDataDir: () => client.dumpDataDir('none'),
    // In the process's own memory: there is no connection to lose.
    onConnectionError: () => {},
  };
}

/** The database the configuration points at: DATABASE_URL, or PGlite in DATA_DIR. */
export function openConfiguredDatabase(config: { databaseUrl?: string; databasePoolSize?: number; dataDir: string }) {
  return openDatabase(
    config.databaseUrl ? { url: config.databaseUrl, poolSize: config.databasePoolSize } : { dataDir: config.dataDir },
  );
}

const dialect = new PgDialect();

/**
 * A statement's text, for one written once and sent as is many times (`sql.raw`): it must
 * carry no parameters, whose values the text would not hold.
 */
export function statementText(query: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(query);
  if (params.length > 0) throw new Error('a statement written once cannot carry parameters');
  return text;
}

/** The rows of a raw statement (both drivers answer `{ rows }`). */
export async function rowsOf<T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  const { rows } = (await db.execute(query)) as unknown as { rows: T[] };
  return rows;
}
