/**
 * `BENCH_ONLY=reports npm run bench`: how long each report takes on PostgreSQL with
 * 1,000,000 order lines over two years (issue 30). One request at a time, as an owner at the
 * back office sends them; each report over the last 90 days and over the last two years (the
 * sales report also with a comparison period), REPORT_RUNS timed requests after one untimed.
 * Target: p95 < 300 ms for 90 days and < 1 s for two years; a miss is marked MISS and the run
 * exits with status 1.
 *
 * Its own database (BENCH_DATABASE_URL's name + `_reports`): the demo shop, then
 * `npm run seed -- --orders N` until the lines number a million (kept between runs).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const REPORT_LINES = 1_000_000;
const REPORT_RUNS = Number(process.env.BENCH_REPORT_RUNS ?? 15);
/** Lines per generated order, on average (seed/orders-bulk.ts: 1–5 with 5 twice as likely). */
const LINES_PER_ORDER = 10 / 3;

interface Context {
  apiDir: string;
  databaseUrl: string;
  origin: string;
  /** Headers of a signed-in owner. */
  auth: () => Promise<Record<string, string>>;
}

async function lineCount(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query('select count(*)::int as n from order_lines')).rows[0].n as number;
  } catch {
    return 0;
  } finally {
    await client.end();
  }
}

/** The demo shop and enough generated orders for REPORT_LINES lines. */
export async function prepareReportsDatabase(apiDir: string, databaseUrl: string): Promise<number> {
  spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/migrate.ts'], {
    cwd: apiDir,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: 'inherit',
  });
  const have = await lineCount(databaseUrl);
  if (have < REPORT_LINES * 0.98) {
    const orders = Math.ceil((REPORT_LINES - have) / LINES_PER_ORDER);
    console.error(`Seeding ${orders.toLocaleString('en')} orders...`);
    const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/seed.ts', '--orders', String(orders)], {
      cwd: apiDir,
      env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bench-seed-')) },
      stdio: 'inherit',
    });
    if (seeded.status !== 0) throw new Error('seeding the orders failed');
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('vacuum analyze');
  await client.end();
  return lineCount(databaseUrl);
}

const isoDay = (ms: number) => new Date(ms + 3_600_000).toISOString().slice(0, 10);
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export async function reportsBench({ origin, auth }: Context, lines: number): Promise<{ lines: string[]; failed: boolean }> {
  const headers = await auth();
  const today = Date.now();
  const periods = [
    { name: '90 days', from: isoDay(today - 89 * 86_400_000), target: 300 },
    { name: '2 years', from: isoDay(today - 729 * 86_400_000), target: 1000 },
  ];
  const to = isoDay(today);
  const reports = [
    { name: 'sales by day', path: 'sales?groupBy=day' },
    { name: 'sales by day, vs previous period', path: 'sales?groupBy=day&compare=previous_period' },
    { name: 'sales by month', path: 'sales?groupBy=month' },
    { name: 'sales by product', path: 'sales?groupBy=product' },
    { name: 'sales by variant', path: 'sales?groupBy=variant' },
    { name: 'sales by category', path: 'sales?groupBy=category' },
    { name: 'sales by payment method', path: 'sales?groupBy=payment_method' },
    { name: 'sales by staff', path: 'sales?groupBy=staff' },
    { name: 'sales by state', path: 'sales?groupBy=state' },
    { name: 'customers', path: 'customers?' },
    { name: 'pay on delivery', path: 'pod?' },
    { name: 'coupons', path: 'coupons?' },
    { name: 'sales CSV by product', path: 'sales.csv?groupBy=product' },
  ];
  const out = [
    `Reports: ${lines.toLocaleString('en')} order lines over two years on PostgreSQL, one request at a time, as an owner (profit columns included); ${REPORT_RUNS} timed requests each after one untimed`,
    '',
    '| report | period | p50 ms | p95 ms | target | |',
    '|---|---|---:|---:|---:|---|',
  ];
  let failed = false;
  const time = async (url: string) => {
    const started = performance.now();
    const res = await fetch(url, { headers });
    const body = await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${Buffer.from(body).toString().slice(0, 300)}`);
    return performance.now() - started;
  };
  const measure = async (name: string, period: string, url: string, target: number) => {
    await time(url);
    const ms: number[] = [];
    for (let i = 0; i < REPORT_RUNS; i++) ms.push(await time(url));
    ms.sort((a, b) => a - b);
    const p95 = percentile(ms, 95);
    const ok = p95 < target;
    failed ||= !ok;
    out.push(
      `| ${name} | ${period} | ${percentile(ms, 50).toFixed(0)} | ${p95.toFixed(0)} | < ${target} | ${ok ? 'ok' : 'MISS'} |`,
    );
  };
  for (const report of reports) {
    for (const period of periods) {
      await measure(report.name, period.name, `${origin}/api/reports/${report.path}&from=${period.from}&to=${to}`, period.target);
    }
  }
  // Stock is now, not a period: the first page by the default order, the dead stock, and the most to reorder.
  for (const [name, query] of [
    ['stock, first 50', 'limit=50'],
    ['stock, dead', 'limit=50&flag=dead'],
    ['stock, by cover', 'limit=200&sort=cover'],
  ] as const) {
    await measure(name, 'now', `${origin}/api/reports/stock?${query}`, 300);
  }
  return { lines: out, failed };
}
