/**
 * `npm run bench`: throughput and latency of the catalogue's hot endpoints on PostgreSQL
 * with a large catalogue and request logging on, each against a ceiling measured side by
 * side: a separate bare Fastify process (bare-server.ts) sending the same bytes and headers
 * from memory, so the ratio is what our stack costs on top of the framework. Then the
 * latency of search suggestions computed afresh (not from the read cache), the cold path (the
 * first list and search after a catalogue change, at 1k, 10k and 100k products), and the
 * catalogue spreadsheet's export and 10,000-row import; last, cached detail and list with one
 * API process and with one per core (npm start's cluster), with what /metrics on METRICS_PORT
 * counted of them (the cluster's totals, from its primary). Prints a table; writes
 * bench/results/. Ratios below their target are marked MISS; an import of 10,000 rows that
 * takes 30 s or more, or suggestions slower than 10 ms at the 95th percentile, are marked FAIL
 * and the run exits with status 1.
 *
 *   npm run bench -- [--products 100000] [--duration 10] [--connections 32] [--log-level info]
 *   BENCH_ONLY=cluster npm run bench    # only the one-process / every-core table
 *   BENCH_ONLY=cold npm run bench       # only the cold path's growth table
 *   BENCH_ONLY=reports npm run bench    # only the reports on a million order lines (bench/reports.ts)
 *
 * Uses BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/shop_bench); the
 * database is created, migrated and filled (npm run seed -- --products N) when needed.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { prepareReportsDatabase, reportsBench } from './reports.ts';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    port: { type: 'string', default: '3917' },
    'log-level': { type: 'string', default: 'info' },
  },
});
const targetProducts = Number(values.products);
const duration = Number(values.duration);
const connections = Number(values.connections);
const port = Number(values.port);
const apiDir = path.resolve(import.meta.dirname, '..');
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/shop_bench';
const barePort = port + 1;
/** METRICS_PORT of clusterScaling's API processes: /metrics on 127.0.0.1 without a token (decision 16). */
const metricsPort = port + 10;
const base = `http://127.0.0.1:${port}`;
const bareBase = `http://127.0.0.1:${barePort}`;

/** The same database name with a suffix (the growth table's smaller catalogues). */
function sibling(suffix: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `${url.pathname}_${suffix}`;
  return url.toString();
}

async function ensureDatabase(databaseUrl: string) {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`create database "${name}"`);
  await admin.end();
}

async function productCount(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const res = await client.query('select count(*)::int as n from products');
    return res.rows[0].n as number;
  } catch {
    return 0;
  } finally {
    await client.end();
  }
}

/** The same Node flags as `npm start` (apps/api/package.json), for the API and its ceiling alike. */
const NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=8'];

/**
 * The built API (dist/start.js, as `npm start` runs it). One process unless `workers` says
 * otherwise: the main table compares one API process with one bare Fastify process. `metrics`:
 * with METRICS_PORT, where clusterScaling reads what the processes counted.
 */
function startServer(url = databaseUrl, serverPort = port, workers = 1, { metrics = false } = {}): ChildProcess {
  return spawn(process.execPath, [...NODE_FLAGS, 'dist/start.js', '--no-web-build'], {
    cwd: apiDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // Production refuses to start without it.
      PUBLIC_URL: `http://127.0.0.1:${serverPort}`,
      PORT: String(serverPort),
      HOST: '127.0.0.1',
      DATABASE_URL: url,
      DATABASE_POOL_SIZE: '16',
      WEB_CONCURRENCY: String(workers),
      // Metrics on a port of their own, for clusterScaling (the shop's port would want METRICS_TOKEN).
      ...(metrics && { METRICS_PORT: String(metricsPort) }),
      JWT_SECRET: randomBytes(32).toString('hex'),
      // Request logging on, as in production; the lines go nowhere, their cost is measured.
      LOG_LEVEL: values['log-level'],
      SEED_DEMO: 'never',
      // The bench's owner signs in with a password only (production's default asks owners for two-factor).
      REQUIRE_2FA: 'none',
      ALLOW_SANDBOX_IN_PRODUCTION: 'true',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bench-')),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** The ceiling: bare-server.ts in a process of its own; `serve` gives it the answer to send. */
async function startBare() {
  const child = spawn(process.execPath, [...NODE_FLAGS, '--import', 'tsx', 'bench/bare-server.ts'], {
    cwd: apiDir,
    env: { ...process.env, BARE_PORT: String(barePort) },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const next = () =>
    new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('exit', (code) => reject(new Error(`the bare server exited (${code})`)));
    });
  await next();
  return {
    child,
    /** Serves these bytes with these headers from now on. */
    async serve(body: Buffer, headers: Record<string, string>) {
      const ready = next();
      child.send({ body: body.toString('base64'), headers });
      await ready;
    },
  };
}

/** Headers Node or Fastify writes for each answer by itself; the rest are copied to the ceiling. */
const OWN_HEADERS = new Set(['content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

/** An endpoint's answer as autocannon gets it (no Accept-Encoding): its bytes and headers. */
async function capture(url: string) {
  const res = await fetch(url);
  const body = Buffer.from(await res.arrayBuffer());
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (!OWN_HEADERS.has(name)) headers[name] = value;
  });
  return { status: res.status, body, headers };
}

async function waitFor(url: string, timeoutMs = 60_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up`);
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

interface Measure {
  name: string;
  path: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  /** 2xx answers autocannon received. */
  ok: number;
  bytes: number;
  rssMb: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function load(
  name: string,
  url: string,
  pid: number,
  seconds = duration,
  origin = base,
  latencies: number[] = [],
): Promise<Measure> {
  const start = latencies.length;
  let peakRss = rssMb(pid);
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, rssMb(pid));
  }, 250);
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url: `${origin}${url}`, connections, duration: seconds, pipelining: 1 }, (error, done) =>
      error ? reject(error) : resolve(done),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  clearInterval(sampler);
  const own = latencies.slice(start).sort((a, b) => a - b);
  return {
    name,
    path: url,
    rps: Math.round(result.requests.average),
    p50: percentile(own, 50),
    p95: percentile(own, 95),
    p99: percentile(own, 99),
    non2xx: result.non2xx,
    ok: result['2xx'],
    bytes: Math.round(result.throughput.average / Math.max(1, result.requests.average)),
    rssMb: peakRss,
  };
}

const fmt = (ms: number) => ms.toFixed(2);

/** Runs of one endpoint as one measure: mean throughput, percentiles of all its requests. */
function merged(runs: Measure[], latencies: number[]): Measure {
  const sorted = [...latencies].sort((a, b) => a - b);
  const mean = (f: (m: Measure) => number) => Math.round(runs.reduce((sum, m) => sum + f(m), 0) / runs.length);
  return {
    ...runs[0]!,
    rps: mean((m) => m.rps),
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    non2xx: runs.reduce((sum, m) => sum + m.non2xx, 0),
    ok: runs.reduce((sum, m) => sum + m.ok, 0),
    bytes: mean((m) => m.bytes),
    rssMb: Math.max(...runs.map((m) => m.rssMb)),
  };
}

/**
 * The ceiling and the endpoint are measured in turns of duration / ROUNDS seconds each, so
 * whatever else the machine is doing weighs on both alike and the ratio stays meaningful.
 */
const ROUNDS = 5;

/** Issue 15: the 99th percentile of every hot endpoint at 100,000 products. */
const P99_TARGET_MS = 10;
/** Issue 15: the first list or search after a catalogue change, at the 95th percentile. */
const COLD_TARGET_P95_MS = 5;
/** Catalogue changes measured per endpoint and catalogue size in the cold-path table. */
const COLD_SAMPLES = 200;
/**
 * Changes made and read first, not measured: a running shop's process has compiled its
 * hot code long before, a process just started has not (the growth table's smaller
 * catalogues each get a new one).
 */
const COLD_WARM_UP = 200;
/** The catalogues of the cold path's growth table, besides the main one. */
const GROWTH_SIZES = [
  { suffix: '1k', products: 1_000 },
  { suffix: '10k', products: 10_000 },
];

/**
 * One GET on a kept-alive connection, timed from the request to the answer's last byte. It
 * asks for brotli or gzip as a browser does and leaves the bytes compressed, as the network
 * would carry them. Not fetch(): its own cost (Response objects, web streams, decoding) is
 * in the time it measures; a cached list page through fetch took 2.15 ms at the median and
 * 7 ms at the 95th percentile on this machine, against 1.26 and 3.24 ms through node:http.
 */
function timedGet(agent: http.Agent, origin: string, pathAndQuery: string): Promise<number> {
  const url = new URL(origin);
  const begun = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: url.hostname, port: url.port, path: pathAndQuery, agent, headers: { 'accept-encoding': 'br, gzip' } },
      (res) => {
        res.on('data', () => {});
        res.on('end', () =>
          res.statusCode === 200
            ? resolve(performance.now() - begun)
            : reject(new Error(`${pathAndQuery} answered ${res.statusCode}`)),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
  });
}

/**
 * The cold path: the first list and search after a catalogue change, each sample one
 * change, then one request of each. Two kinds of change:
 * - a product written (`updated_at`; what every sale and stock count does): its triggers bump
 *   the catalogue's version, so no answer of the read cache can be used;
 * - a product's title edited (what a new product or a renamed one does): it also bumps the
 *   version of what searches match and logs the product, so a search checks that product
 *   against its words and moves it in or out of its matches (search-matches.ts).
 */
async function coldPath(url: string, origin: string, word: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const paths = { list: '/api/products?limit=48', search: `/api/products?title=${encodeURIComponent(word)}&limit=48` };
  const latencies = { list: [] as number[], search: [] as number[], searchAfterTitle: [] as number[], cached: [] as number[] };
  try {
    const { rows } = await client.query('select id, title from products order by created_at desc limit 1');
    // The newest product's title, alternately with the searched word added and taken off:
    // it comes into the search at the top of its first page, then leaves it.
    const titles = [`${rows[0].title} ${word}`, rows[0].title as string];
    for (let i = 0; i < COLD_WARM_UP + COLD_SAMPLES; i++) {
      const measured = i >= COLD_WARM_UP;
      await client.query('update products set updated_at = now() where id = $1', [rows[0].id]);
      for (const name of ['list', 'search'] as const) {
        const ms = await timedGet(agent, origin, paths[name]);
        if (measured) latencies[name].push(ms);
      }
      // The floor: the same list again, now from the read cache, through the same client.
      const cached = await timedGet(agent, origin, paths.list);
      if (measured) latencies.cached.push(cached);
      await client.query('update products set title = $2 where id = $1', [rows[0].id, titles[i % 2]]);
      const ms = await timedGet(agent, origin, paths.search);
      if (measured) latencies.searchAfterTitle.push(ms);
    }
  } finally {
    agent.destroy();
    await client.end();
  }
  return Object.fromEntries(
    Object.entries(latencies).map(([name, l]) => {
      l.sort((a, b) => a - b);
      return [name, { p50: percentile(l, 50), p95: percentile(l, 95) }];
    }),
  ) as Record<keyof typeof latencies, { p50: number; p95: number }>;
}

/** The cold path at 1k, 10k and the main catalogue's size: each smaller one has its own database and API process. */
async function coldGrowth(main: { url: string; origin: string; total: number }, word: string): Promise<string[]> {
  const sizes: { total: number; cold: Awaited<ReturnType<typeof coldPath>> }[] = [];
  for (const [i, size] of GROWTH_SIZES.entries()) {
    const url = sibling(size.suffix);
    const total = await prepareDatabase(url, size.products);
    const growthPort = port + 2 + i;
    const server = startServer(url, growthPort);
    try {
      await waitFor(`http://127.0.0.1:${growthPort}/healthz`);
      sizes.push({ total, cold: await coldPath(url, `http://127.0.0.1:${growthPort}`, word) });
    } finally {
      server.kill('SIGTERM');
    }
  }
  sizes.push({ total: main.total, cold: await coldPath(main.url, main.origin, word) });
  const cell = (c: { p50: number; p95: number }, target: boolean) =>
    `${fmt(c.p50)} / ${fmt(c.p95)}${target ? (c.p95 < COLD_TARGET_P95_MS ? ' ok' : ' MISS') : ''}`;
  return [
    `Cold path: the first answer after a catalogue change (${COLD_SAMPLES} changes each, after ${COLD_WARM_UP} not measured), ` +
      `p50 / p95 ms, through node:http asking for brotli (target p95 < ${COLD_TARGET_P95_MS} ms at the largest)`,
    '',
    `| products | list \`/api/products?limit=48\` | search \`?title=${word}\` | the same search after a title edit | for reference: the list from the read cache |`,
    '|---:|---:|---:|---:|---:|',
    ...sizes.map((s, i) => {
      const last = i === sizes.length - 1;
      return `| ${s.total.toLocaleString('en')} | ${cell(s.cold.list, last)} | ${cell(s.cold.search, last)} | ${cell(s.cold.searchAfterTitle, last)} | ${cell(s.cold.cached, false)} |`;
    }),
  ];
}

/** The issue's target for GET /api/search/suggest at 100,000 products (issue 14). */
const SUGGEST_TARGET_P95_MS = 10;
/**
 * Shoppers typing at once in the suggest measurement: one, for the time an answer takes to
 * compute (the target); then four, for what queueing on this machine's cores adds (shown).
 */
const SUGGEST_CONCURRENCY = [1, 4] as const;

/**
 * Suggestions as shoppers type them: every prefix (2 letters and more) of words from titles
 * across the catalogue, whole titles, and misspellings that need correcting ("ankra", "geles"),
 * each asked once, so every answer is computed (none comes from the read cache), by
 * SUGGEST_CONCURRENCY shoppers at a time. Latency is the client's, request to last byte.
 */
async function suggestLatency(total: number): Promise<{ lines: string[]; failed: boolean }> {
  const texts = new Set<string>(['ankra', 'aso-oke', 'geles', 'adirre', 'beads necklace', 'zzzz qqqq']);
  for (let i = 0; i < 24; i++) {
    const offset = Math.floor((i / 24) * Math.max(0, total - 10));
    const page = (await (await fetch(`${base}/api/products?limit=10&offset=${offset}&sort=title`)).json()) as { title: string }[];
    for (const { title } of page) {
      const lower = title.toLowerCase();
      texts.add(lower);
      for (const word of lower.split(/[^\p{L}\p{N}]+/u)) {
        for (let n = 2; n <= word.length; n++) texts.add(word.slice(0, n));
      }
    }
  }
  const lines: string[] = [];
  let failed = false;
  for (const [run, concurrency] of SUGGEST_CONCURRENCY.entries()) {
    // Each run asks for its own number of products (the read cache keys on it), so none is
    // answered from the cache the run before filled.
    const queue = [...texts];
    const limit = 6 - run;
    const latencies: number[] = [];
    let failures = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        for (let text = queue.pop(); text !== undefined; text = queue.pop()) {
          const begun = performance.now();
          const res = await fetch(`${base}/api/search/suggest?q=${encodeURIComponent(text)}&limit=${limit}`);
          await res.arrayBuffer();
          latencies.push(performance.now() - begun);
          if (!res.ok) failures++;
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    const p95 = percentile(latencies, 95);
    const target = run === 0;
    const ok = failures === 0 && (!target || p95 < SUGGEST_TARGET_P95_MS);
    failed ||= !ok;
    lines.push(
      `suggest (${latencies.length} different searches, none cached, ${concurrency} at a time): ` +
        `p50 ${fmt(percentile(latencies, 50))} ms, p95 ${fmt(p95)} ms, p99 ${fmt(percentile(latencies, 99))} ms, ` +
        `${failures} failed${target ? ` (target p95 < ${SUGGEST_TARGET_P95_MS} ms) ${ok ? 'ok' : 'FAIL'}` : ''}`,
    );
  }
  return { lines, failed };
}

/** A signed-in owner's headers (`npm run admin:create` on that database, then sign-in), or null when it could not be made. */
async function ownerHeaders(url: string, origin: string): Promise<Record<string, string> | null> {
  const email = 'bench-admin@bench.local';
  const password = randomBytes(12).toString('hex');
  const created = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/admin-create.ts', '--email', email], {
    cwd: apiDir,
    env: { ...process.env, DATABASE_URL: url, ADMIN_PASSWORD: password },
    stdio: 'ignore',
  });
  if (created.status !== 0) return null;
  const login = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  return { authorization: `Bearer ${accessToken}` };
}

/** The issue's target for importing 10,000 catalogue rows on PostgreSQL. */
const IMPORT_TARGET_SECONDS = 30;

/**
 * The catalogue spreadsheet: the time to export the whole catalogue (GET /api/products.csv),
 * to check a 10,000-row file (POST /api/products/import?dryRun=true: every row parsed, checked
 * and written, then rolled back) and to import the same file for real (committed: 2,500
 * products with 4 sizes each, deleted again afterwards so that repeated runs measure the same
 * catalogue). The real import must take less than IMPORT_TARGET_SECONDS and create every row;
 * `failed` says when it did not (or could not be measured).
 */
async function catalogueTransfer(): Promise<{ lines: string[]; failed: boolean }> {
  const auth = await ownerHeaders(databaseUrl, base);
  if (!auth) return { lines: ['catalogue CSV: not measured (could not create the bench admin) FAIL'], failed: true };

  const started = performance.now();
  const exported = await (await fetch(`${base}/api/products.csv`, { headers: auth })).text();
  const exportMs = performance.now() - started;
  const exportRows = exported.split('\r\n').length - 2;

  const tag = randomBytes(3).toString('hex').toUpperCase();
  const header = 'sku,title,category,price,size,color,stock';
  const sizes = ['small', 'medium', 'large', 'extra-large'];
  const rowCount = 10_000;
  const rowsCsv = Array.from({ length: rowCount }, (_, i) => {
    const product = Math.floor(i / sizes.length);
    return `BENCH-${tag}-${i},Bench Import ${tag} ${product},Women,${5000 + (product % 50) * 500},${sizes[i % sizes.length]},Indigo,${i % 7}`;
  });
  const importCsv = async (query: string) => {
    const form = new FormData();
    form.append('file', new Blob([[header, ...rowsCsv].join('\n')], { type: 'text/csv' }), 'bench.csv');
    const begun = performance.now();
    const res = await fetch(`${base}/api/products/import${query}`, { method: 'POST', headers: auth, body: form });
    const report = (await res.json()) as { created?: number; errors?: unknown[] };
    const seconds = (performance.now() - begun) / 1000;
    const text = `${seconds.toFixed(2)} s (${res.status}, ${report.created ?? '?'} variants created, ${report.errors?.length ?? '?'} refused)`;
    return { seconds, text, complete: res.ok && report.created === rowCount && report.errors?.length === 0 };
  };
  const dryRun = await importCsv('?dryRun=true');
  const written = await importCsv('');
  // The imported products are removed again so that repeated runs measure the same catalogue.
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('delete from products where title like $1', [`Bench Import ${tag} %`]);
  await client.end();
  const ok = written.complete && written.seconds < IMPORT_TARGET_SECONDS;
  return {
    lines: [
      `catalogue CSV: export ${exportRows.toLocaleString('en')} rows in ${(exportMs / 1000).toFixed(2)} s`,
      `catalogue CSV: 10,000 rows checked (dry run) in ${dryRun.text}; imported in ${written.text} (target < ${IMPORT_TARGET_SECONDS} s, every row created) ${ok ? 'ok' : 'FAIL'}`,
    ],
    failed: !ok,
  };
}

/** SIGTERM, and the process gone (its port free for the next). */
async function stopServer(server: ChildProcess) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

/**
 * Cached product detail and list with one API process, then with one per core (npm start's
 * cluster, WEB_CONCURRENCY): what the cores add. The load generator runs on the same machine
 * and takes a core of its own, so on a small machine the gain is less than the core count.
 */
async function clusterScaling(): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query('select id from products order by created_at desc limit 1');
  await client.end();
  if (!rows[0]) throw new Error('no products to benchmark');
  const scenarios = [
    { name: 'detail', path: `/api/products/${rows[0].id}` },
    { name: 'list', path: '/api/products?limit=48' },
  ];
  const cores = availableParallelism();
  const measured: { workers: number; runs: Measure[]; answered: number; counted: number }[] = [];
  for (const workers of [...new Set([1, cores])]) {
    const server = startServer(databaseUrl, port, workers, { metrics: true });
    try {
      await waitFor(`${base}/readyz`);
      const runs: Measure[] = [];
      let answered = 0;
      for (const s of scenarios) {
        // Every process fills its own read cache: the warm-up reaches them all.
        answered += (await load('warm-up', s.path, server.pid!, 2)).ok;
        runs.push(await load(s.name, s.path, server.pid!));
      }
      answered += runs.reduce((sum, m) => sum + m.ok, 0);
      const counted = await countedByMetrics(['/api/products/:id', '/api/products']);
      measured.push({ workers, runs, answered, counted });
    } finally {
      await stopServer(server);
    }
  }
  const one = measured[0]!.runs;
  return [
    `API processes: one, and one per core (${cores} cores; WEB_CONCURRENCY), cached answers, ${connections} connections, ${duration} s each`,
    '',
    '| endpoint | processes | req/s | × one process | p50 ms | p99 ms | non-2xx |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...measured.flatMap(({ workers, runs }) =>
      runs.map(
        (m, i) =>
          `| ${m.name} \`${m.path}\` | ${workers} | ${m.rps} | ${(m.rps / Math.max(1, one[i]!.rps)).toFixed(2)} | ${fmt(m.p50)} | ${fmt(m.p99)} | ${m.non2xx} |`,
      ),
    ),
    '',
    // The cluster's totals come from the primary (METRICS_PORT): every process's requests, or fewer if one was left out.
    ...measured.map(
      ({ workers, answered, counted }) =>
        `/metrics (METRICS_PORT) with ${workers} process${workers > 1 ? 'es' : ''}: ${counted} detail and list answers counted, ${answered} received 2xx by autocannon`,
    ),
  ];
}

/**
 * 2xx GETs of these routes as /metrics on METRICS_PORT counts them: the process's, or under
 * the cluster every worker's, summed by the primary.
 */
async function countedByMetrics(routes: string[]): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  let counted = 0;
  for (const line of text.split('\n')) {
    const match = /^shop_http_request_duration_seconds_count\{route="([^"]*)",method="GET",status="2xx"\} (\d+)$/.exec(line);
    if (match && routes.includes(match[1]!)) counted += Number(match[2]);
  }
  return counted;
}

/**
 * Creates, migrates and fills the database when needed (npm run seed -- --products N), then
 * VACUUM ANALYZE, as autovacuum would do in time: a table just filled has no visibility map,
 * so every count reads the heap. Answers the number of products.
 */
async function prepareDatabase(databaseUrl: string, products: number): Promise<number> {
  await ensureDatabase(databaseUrl);
  spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/migrate.ts'], {
    cwd: apiDir,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: 'inherit',
  });
  const have = await productCount(databaseUrl);
  if (have < products) {
    console.error(`Seeding ${products - have} products...`);
    const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/seed.ts', '--products', String(products - have)], {
      cwd: apiDir,
      env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bench-seed-')) },
      stdio: 'inherit',
    });
    if (seeded.status !== 0) throw new Error('seeding failed');
  }
  // Every run, not only after a fill: the last run's 2,500 imported products, deleted again,
  // leave dead rows and their entries in the search indexes' GIN pending lists, which every
  // search then reads until autovacuum gets there (the likely cause of one session's
  // suggestions at 19 ms p95, against 7–10 ms on a vacuumed catalogue). A shop's autovacuum
  // does this in time; the bench measures that steady state.
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('vacuum analyze');
  await client.end();
  return productCount(databaseUrl);
}

/** The newest product (the detail endpoint's). */
async function newestProduct(): Promise<{ id: string; title: string }> {
  const sample = (await (await fetch(`${base}/api/products?limit=1`)).json()) as { id: string; title: string }[];
  if (!sample[0]) throw new Error('no products to benchmark');
  return sample[0];
}

/** The word searched for: the first of four letters or more in the newest product's title. */
async function searchWord(): Promise<string> {
  const { title } = await newestProduct();
  return (
    title
      .split(/\s+/)
      .find((w) => w.length >= 4)
      ?.toLowerCase() ?? 'dress'
  );
}

/** BENCH_ONLY=reports: the reports on their own database of a million order lines (bench/reports.ts). */
async function benchReports() {
  const url = sibling('reports');
  await ensureDatabase(url);
  const lines = await prepareReportsDatabase(apiDir, url);
  spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: apiDir, stdio: 'inherit' });
  const server = startServer(url);
  try {
    await waitFor(`${base}/healthz`);
    const auth = async () => {
      const headers = await ownerHeaders(url, base);
      if (!headers) throw new Error('could not create the bench admin');
      return headers;
    };
    const result = await reportsBench({ apiDir, databaseUrl: url, origin: base, auth }, lines);
    console.log(result.lines.join('\n'));
    const outDir = path.join(apiDir, 'bench/results');
    mkdirSync(outDir, { recursive: true });
    writeFileSync(path.join(outDir, 'reports.md'), `${result.lines.join('\n')}\n`);
    if (result.failed) {
      console.error('MISS: a report missed its target (p95 < 300 ms for 90 days, < 1 s for two years)');
      process.exitCode = 1;
    }
  } finally {
    await stopServer(server);
  }
}

async function main() {
  if (process.env.BENCH_ONLY === 'reports') return benchReports();
  const total = await prepareDatabase(databaseUrl, targetProducts);
  // The API's build, as `npm start` makes it.
  spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: apiDir, stdio: 'inherit' });
  if (process.env.BENCH_ONLY === 'cluster') {
    console.log((await clusterScaling()).join('\n'));
    return;
  }
  if (process.env.BENCH_ONLY === 'cold') {
    const server = startServer();
    try {
      await waitFor(`${base}/healthz`);
      console.log((await coldGrowth({ url: databaseUrl, origin: base, total }, await searchWord())).join('\n'));
    } finally {
      await stopServer(server);
    }
    return;
  }

  const server = startServer();
  const bare = await startBare();
  try {
    await waitFor(`${base}/healthz`);
    const first = await newestProduct();
    const word = await searchWord();
    // Targets: issue 15 for detail, banners, list and search; the other lists as before.
    const scenarios = [
      { name: 'detail', path: `/api/products/${first.id}`, target: 0.5 },
      { name: 'banners', path: '/api/banners', target: 0.5 },
      { name: 'list', path: '/api/products?limit=48', target: 0.5 },
      { name: 'search', path: `/api/products?title=${encodeURIComponent(word)}&limit=48`, target: 0.4 },
      { name: 'filter', path: '/api/products?category=Women&onSale=true&sort=price_asc&limit=48', target: 0.5 },
      { name: 'size+colour', path: '/api/products?size=medium&color=red&sort=price_asc&limit=48', target: 0.5 },
      { name: 'facets', path: '/api/products/facets?category=Women', target: 0.5 },
      { name: 'suggest', path: `/api/search/suggest?q=${encodeURIComponent(word.slice(0, 3))}`, target: 0.5 },
    ];

    const rows: { scenario: Measure; ceiling: Measure; target: number }[] = [];
    for (const s of scenarios) {
      const answer = await capture(`${base}${s.path}`);
      if (answer.status !== 200) throw new Error(`${s.path} answered ${answer.status}`);
      await bare.serve(answer.body, answer.headers);
      await load('warm-up', s.path, server.pid!, 2);
      await load('warm-up', s.path, bare.child.pid!, 1, bareBase);
      const runs = { api: [] as Measure[], bare: [] as Measure[] };
      const latencies = { api: [] as number[], bare: [] as number[] };
      for (let round = 0; round < ROUNDS; round++) {
        const seconds = duration / ROUNDS;
        runs.bare.push(await load(`ceiling (${s.name} bytes)`, s.path, bare.child.pid!, seconds, bareBase, latencies.bare));
        runs.api.push(await load(s.name, s.path, server.pid!, seconds, base, latencies.api));
      }
      rows.push({ scenario: merged(runs.api, latencies.api), ceiling: merged(runs.bare, latencies.bare), target: s.target });
    }

    const lines = [
      `Catalogue: ${total.toLocaleString('en')} products on PostgreSQL; ${connections} connections, ${duration} s per run, ${process.platform} ${process.arch}, Node ${process.version}`,
      '',
      `Request logging: LOG_LEVEL=${values['log-level']}. Ceiling: a bare Fastify process sending the same bytes and headers (bench/bare-server.ts), measured in turns with each endpoint (${ROUNDS} of ${duration / ROUNDS} s each).`,
      '',
      `| endpoint | req/s | ceiling req/s | ratio (target) | p50 ms | p95 ms | p99 ms (target < ${P99_TARGET_MS}) | bytes | non-2xx | peak RSS MB |`,
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...rows.map(({ scenario: m, ceiling: c, target }) => {
        const ratio = m.rps / Math.max(1, c.rps);
        return `| ${m.name} \`${m.path}\` | ${m.rps} | ${c.rps} | ${ratio.toFixed(2)} (≥ ${target}) ${ratio >= target ? 'ok' : 'MISS'} | ${fmt(m.p50)} | ${fmt(m.p95)} | ${fmt(m.p99)} ${m.p99 < P99_TARGET_MS ? 'ok' : 'MISS'} | ${m.bytes} | ${m.non2xx} | ${m.rssMb} |`;
      }),
    ];
    const suggest = await suggestLatency(total);
    lines.push('', ...suggest.lines);
    const growth = await coldGrowth({ url: databaseUrl, origin: base, total }, word);
    lines.push('', ...growth);
    const transfer = await catalogueTransfer();
    lines.push('', ...transfer.lines);
    // Its own API processes on the same port: the main one stops first.
    await stopServer(server);
    lines.push('', ...(await clusterScaling()));
    const search = rows.find((r) => r.scenario.name === 'search')?.scenario;
    const peak = Math.max(...rows.map((r) => r.scenario.rssMb));
    lines.push('', `search p95 ${search ? fmt(search.p95) : '?'} ms (target < 25); peak RSS ${peak} MB (target < 250)`);
    console.log(lines.join('\n'));
    const outDir = path.join(apiDir, 'bench/results');
    mkdirSync(outDir, { recursive: true });
    writeFileSync(path.join(outDir, 'latest.md'), `${lines.join('\n')}\n`);
    writeFileSync(path.join(outDir, 'latest.json'), JSON.stringify({ total, connections, duration, rows }, null, 2));
    if (suggest.failed) {
      console.error(`FAIL: suggestions missed their target (p95 < ${SUGGEST_TARGET_P95_MS} ms, none failing)`);
      process.exitCode = 1;
    }
    if (transfer.failed) {
      // A hard target (issue 11), unlike the ratios above: the run fails, after the results are written.
      console.error(`FAIL: the 10,000-row catalogue import missed its target (< ${IMPORT_TARGET_SECONDS} s, every row created)`);
      process.exitCode = 1;
    }
  } finally {
    server.kill('SIGTERM');
    bare.child.disconnect();
  }
}

await main();
