/**
 * Moving a shop from the embedded database (PGlite, PostgreSQL 18) to a PostgreSQL server
 * (the machine's, another major version) with npm run db:export and db:import, as real
 * processes: every table's rows equal, the trigger-kept counters not counted twice, the
 * sequences carried over, and the shop answering from PostgreSQL afterwards. Runs with
 * TEST_DATABASE_URL (npm run test:pg, CI).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDatabase } from '../../test/global-setup.ts';
import { registerShopper } from '../../test/helpers.ts';
import { openDatabase } from '../db/client.ts';
import { type Connection, folderConnection, postgresConnection } from './connection.ts';
import { rowCounts, tablesInOrder } from './rows.ts';
import { fillShop, runCommand, type ShopFingerprint, shopFingerprint, withShop } from '../../test/shop.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

/** Every row of a table as text, in a fixed order and time zone: equal text, equal rows. */
async function tableText(conn: Connection, table: string): Promise<string[]> {
  await conn.query(`set timezone = 'UTC'`);
  const rows = await conn.query<{ t: string }>(`select t::text as t from "${table}" t order by 1`);
  return rows.map((r) => r.t);
}

describe.runIf(serverUrl)('npm run db:export / db:import: embedded database → PostgreSQL', () => {
  const name = `shop_move_${randomBytes(5).toString('hex')}`;
  const targetUrl = withDatabase(serverUrl ?? 'postgres://x/y', name);
  let dataDir: string;
  let exportFile: string;
  let admin: pg.Client;
  let before: ShopFingerprint;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'move-'));
    exportFile = path.join(dataDir, 'shop-export.tar.gz');
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    before = await withShop(await openDatabase({ dataDir }), dataDir, async (app) => {
      await fillShop(app, app.db);
      return shopFingerprint(app);
    });
  }, 120_000);
  afterAll(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('copies every row, keeps the counters and sequences right, and the shop answers from PostgreSQL', async () => {
    const exported = await runCommand('db-export', [exportFile], { DATA_DIR: dataDir });
    expect(exported.status, exported.stderr).toBe(0);
    expect(exported.stdout).toMatch(/Exported \d+ rows of \d+ tables \(pglite, PostgreSQL 18/);

    const imported = await runCommand('db-import', [exportFile], { DATABASE_URL: targetUrl, DATA_DIR: dataDir });
    expect(imported.status, imported.stderr).toBe(0);
    expect(imported.stdout).toMatch(/orders\s+3/);

    const from = await folderConnection(dataDir);
    const to = await postgresConnection(targetUrl);
    try {
      const tables = await tablesInOrder(from);
      expect(await rowCounts(to, tables)).toEqual(await rowCounts(from, tables));
      // cache_versions equal: the copy fired none of the triggers that bump them.
      const compared = [
        'users',
        'products',
        'product_variants',
        'orders',
        'order_lines',
        'order_payments',
        'row_counts',
        'cache_versions',
      ];
      for (const table of compared) {
        expect(await tableText(to, table), table).toEqual(await tableText(from, table));
      }
      // The trigger-kept products count is the products', not twice it.
      const [counted] = await to.query<{ rows: string }>(`select rows::text from row_counts where name = 'products'`);
      expect(Number(counted?.rows)).toBe(2);
    } finally {
      await from.close();
      await to.close();
    }

    const database = await openDatabase({ url: targetUrl, poolSize: 2 });
    await withShop(database, dataDir, async (app) => {
      expect(await shopFingerprint(app)).toEqual(before);
      // New rows carry on from the copied sequences: the next order number follows the last.
      const shopper = await registerShopper(app);
      const productId = (before.orders[0] as { lines: { productId: string }[] }).lines[0]!.productId;
      const res = await app.inject({
        method: 'POST',
        url: '/api/checkout',
        headers: { authorization: `Bearer ${shopper.accessToken}` },
        payload: { lines: [{ productId, quantity: 1 }] },
      });
      expect(res.statusCode, res.body).toBe(201);
      const counter = (number: string) => Number(number.replace(/\D/g, ''));
      const last = Math.max(...before.orders.map((o) => counter((o as { number: string }).number)));
      expect(counter(res.json().number)).toBe(last + 1);
    });
  }, 180_000);

  it('refuses to import into a database that holds shop data', async () => {
    const again = await runCommand('db-import', [exportFile], { DATABASE_URL: targetUrl, DATA_DIR: dataDir });
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/already holds shop data \(.+\)/);
  }, 60_000);
});
