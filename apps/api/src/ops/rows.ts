/**
 * The shop's rows in a portable form, for moving a shop between databases (`db:export`,
 * `db:import`, decision 17): per table, in foreign-key order, one JSON object per row and
 * line (`row_to_json`), read back by `json_populate_recordset`. Every value goes through its
 * type's own text form, so nothing is lost between PostgreSQL major versions (PGlite is 18,
 * the server may be 15), and the target's schema comes from its own migrations.
 *
 * Also what the backups count and check: the tables, their rows, the migration level.
 */
import { createReadStream } from 'node:fs';
import { mkdir, open, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Connection } from './connection.ts';

/**
 * Tables the migrations themselves fill: rows there do not make a database "in use", and an
 * import replaces them with the source's (the role templates of migration 0019 included: the
 * source's members name the source's roles).
 */
export const MIGRATION_FILLED = new Set(['cache_versions', 'row_counts', 'shop_counters', 'roles']);

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The public tables, parents before the tables whose foreign keys point at them. */
export async function tablesInOrder(conn: Connection): Promise<string[]> {
  const tables = (
    await conn.query<{ name: string }>(`select tablename as name from pg_tables where schemaname = 'public' order by tablename`)
  ).map((r) => r.name);
  const edges = await conn.query<{ child: string; parent: string }>(
    `select c.relname as child, p.relname as parent
       from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
      where k.contype = 'f' and c.relnamespace = 'public'::regnamespace`,
  );
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter(
      (t) => !placed.has(t) && edges.every((e) => e.child !== t || e.parent === t || placed.has(e.parent)),
    );
    if (ready.length === 0) throw new Error('The foreign keys form a cycle: no order copies the tables');
    for (const t of ready) {
      placed.add(t);
      ordered.push(t);
    }
  }
  return ordered;
}

export async function rowCounts(conn: Connection, tables: string[]): Promise<Record<string, number>> {
  if (tables.length === 0) return {};
  const union = tables.map((t) => `select '${t.replaceAll("'", "''")}' as name, count(*)::bigint::text as n from ${ident(t)}`);
  const rows = await conn.query<{ name: string; n: string }>(union.join(' union all '));
  return Object.fromEntries(rows.map((r) => [r.name, Number(r.n)]));
}

export interface MigrationLevel {
  /** Migrations applied. */
  count: number;
  /** The last one's hash: two databases at the same level have the same. */
  last: string | null;
}

export async function migrationLevel(conn: Connection): Promise<MigrationLevel> {
  const [exists] = await conn.query<{ t: string | null }>(`select to_regclass('drizzle.__drizzle_migrations')::text as t`);
  if (!exists?.t) return { count: 0, last: null };
  const [row] = await conn.query<{ count: number; last: string | null }>(
    `select count(*)::int as count, (select hash from drizzle.__drizzle_migrations order by created_at desc, id desc limit 1) as last
       from drizzle.__drizzle_migrations`,
  );
  return { count: row?.count ?? 0, last: row?.last ?? null };
}

/** The shop's tables that hold rows (beyond what the migrations put there), with their counts. */
export async function shopData(conn: Connection): Promise<Record<string, number>> {
  const tables = (await tablesInOrder(conn)).filter((t) => !MIGRATION_FILLED.has(t));
  const counts = await rowCounts(conn, tables);
  return Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0));
}

/** "users: 3, orders: 2, … (9 tables)" */
export function describeCounts(counts: Record<string, number>): string {
  const entries = Object.entries(counts).sort(([, a], [, b]) => b - a);
  const shown = entries.slice(0, 4).map(([t, n]) => `${t}: ${n}`);
  return entries.length > 4 ? `${shown.join(', ')}, … (${entries.length} tables)` : shown.join(', ');
}

export async function serverVersion(conn: Connection): Promise<string> {
  const [row] = await conn.query<{ v: string }>(`select current_setting('server_version') as v`);
  return row?.v ?? 'unknown';
}

export interface RowsManifest {
  format: 'shop-rows';
  version: 1;
  createdAt: string;
  source: { kind: 'pglite' | 'pg'; postgres: string };
  migrations: MigrationLevel;
  /** In the order to copy them; `columns` leaves out generated ones (the target computes them). */
  tables: { name: string; rows: number; columns: string[] }[];
  sequences: { name: string; value: string }[];
}

const FETCH_ROWS = 1000;

/** Writes every table's rows to dir/tables/<name>.jsonl and dir/manifest.json, from one snapshot. */
export async function exportRows(conn: Connection, dir: string): Promise<RowsManifest> {
  await mkdir(path.join(dir, 'tables'), { recursive: true });
  await conn.query('begin isolation level repeatable read read only');
  try {
    const manifest: RowsManifest = {
      format: 'shop-rows',
      version: 1,
      createdAt: new Date().toISOString(),
      source: { kind: conn.kind, postgres: await serverVersion(conn) },
      migrations: await migrationLevel(conn),
      tables: [],
      sequences: [],
    };
    for (const name of await tablesInOrder(conn)) {
      const columns = (
        await conn.query<{ c: string }>(
          `select column_name as c from information_schema.columns
            where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
          [name],
        )
      ).map((r) => r.c);
      const rows = await writeTable(conn, name, columns, path.join(dir, 'tables', `${name}.jsonl`));
      manifest.tables.push({ name, rows, columns });
    }
    manifest.sequences = await conn.query<{ name: string; value: string }>(
      `select sequencename as name, last_value::text as value from pg_sequences
        where schemaname = 'public' and last_value is not null order by sequencename`,
    );
    await conn.query('commit');
    await writeFile(path.join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  } catch (error) {
    await conn.query('rollback');
    throw error;
  }
}

/** One table through a cursor, a thousand rows at a time: a large catalogue never sits in memory. */
async function writeTable(conn: Connection, table: string, columns: string[], file: string): Promise<number> {
  const select = columns.map(ident).join(', ');
  await conn.query(
    `declare export_rows no scroll cursor for select row_to_json(r)::text as j from (select ${select} from ${ident(table)}) r`,
  );
  const out = await open(file, 'w');
  let count = 0;
  try {
    for (;;) {
      const batch = await conn.query<{ j: string }>(`fetch ${FETCH_ROWS} from export_rows`);
      if (batch.length === 0) break;
      await out.write(`${batch.map((r) => r.j).join('\n')}\n`);
      count += batch.length;
    }
  } finally {
    await out.close();
    await conn.query('close export_rows');
  }
  return count;
}

export async function readRowsManifest(dir: string): Promise<RowsManifest> {
  const manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as RowsManifest;
  if (manifest.format !== 'shop-rows' || manifest.version !== 1) {
    throw new Error('This file is not a shop export (npm run db:export), or is of a newer version');
  }
  return manifest;
}

/** Rows per INSERT, and the most characters of JSON one carries. */
const INSERT_ROWS = 500;
const INSERT_CHARS = 4_000_000;

/**
 * Copies an export into conn's database, which must be at the export's migration level and
 * hold no shop data (the caller checks both). One transaction: all or nothing. The tables'
 * own triggers are off during the copy (ALTER TABLE … DISABLE TRIGGER USER needs only the
 * tables' owner, unlike session_replication_role): the rows they derive (products' stock
 * and price fields, search words, row and cache counters) come with the export, so firing
 * them would count things twice. Foreign keys stay checked, hence the order.
 */
export async function importRows(conn: Connection, dir: string, manifest: RowsManifest): Promise<Record<string, number>> {
  await conn.query('begin');
  try {
    for (const { name } of manifest.tables) await conn.query(`alter table ${ident(name)} disable trigger user`);
    // What the target's migrations put there is replaced by the source's rows.
    for (const { name } of manifest.tables) if (MIGRATION_FILLED.has(name)) await conn.query(`delete from ${ident(name)}`);
    for (const table of manifest.tables) await copyTable(conn, dir, table);
    for (const { name } of manifest.tables) await conn.query(`alter table ${ident(name)} enable trigger user`);
    for (const { name, value } of manifest.sequences) {
      await conn.query('select setval($1::regclass, $2::bigint, true)', [`public.${ident(name)}`, value]);
    }
    await recountRows(conn);
    const counts = await rowCounts(
      conn,
      manifest.tables.map((t) => t.name),
    );
    const wrong = manifest.tables.filter((t) => counts[t.name] !== t.rows);
    if (wrong.length > 0) {
      throw new Error(
        `Copied rows differ from the export: ${wrong.map((t) => `${t.name} ${counts[t.name]} of ${t.rows}`).join(', ')}`,
      );
    }
    await conn.query('commit');
    return counts;
  } catch (error) {
    await conn.query('rollback');
    throw error;
  }
}

async function copyTable(conn: Connection, dir: string, table: RowsManifest['tables'][number]) {
  if (table.rows === 0) return;
  const columns = table.columns.map(ident).join(', ');
  const insert = `insert into ${ident(table.name)} (${columns}) overriding system value
    select ${columns} from json_populate_recordset(null::${ident(table.name)}, $1::json)`;
  const lines = createInterface({
    input: createReadStream(path.join(dir, 'tables', `${table.name}.jsonl`)),
    crlfDelay: Infinity,
  });
  let batch: string[] = [];
  let chars = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await conn.query(insert, [`[${batch.join(',')}]`]);
    batch = [];
    chars = 0;
  };
  for await (const line of lines) {
    if (line === '') continue;
    batch.push(line);
    chars += line.length;
    if (batch.length >= INSERT_ROWS || chars >= INSERT_CHARS) await flush();
  }
  await flush();
}

/** row_counts (migration 0014) from the tables themselves, whatever the copy brought. */
async function recountRows(conn: Connection) {
  const names = await conn.query<{ name: string }>(
    `select r.name from row_counts r join pg_tables t on t.tablename = r.name and t.schemaname = 'public'`,
  );
  for (const { name } of names) {
    await conn.query(`update row_counts set rows = (select count(*) from ${ident(name)}) where name = $1`, [name]);
  }
}
