/**
 * `npm start` on every core (cli/start.ts), as real processes on PostgreSQL: the workers
 * answer, one killed is replaced while the shop keeps answering, and SIGTERM lets a request
 * in flight finish before every process exits cleanly. On the embedded database it runs one
 * process and says why.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, embeddedDatabaseIn, newShopper } from './helpers.ts';
import { apiDir, freePort, type Shop, startShop } from './start-process.ts';
import { commandScript } from './commands.ts';

const running: { shop: Shop; dataDir: string }[] = [];
afterEach(async () => {
  for (const { shop, dataDir } of running.splice(0)) {
    if (shop.child.exitCode === null) {
      shop.child.kill('SIGKILL');
      for (const pid of workers(shop)) process.kill(pid, 'SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
});

/** `npm start`'s entry point, with the given settings, once it says the shop is running. */
async function start(env: Record<string, string>): Promise<Shop> {
  const dataDir = embeddedDatabaseIn(mkdtempSync(path.join(tmpdir(), 'cluster-')));
  return startShop({ DATA_DIR: dataDir, ...env }, (shop) => running.push({ shop, dataDir }));
}

/** The primary's worker processes (cluster.fork runs its script again). */
function workers(shop: Shop): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(shop.child.pid), '-f', commandScript('start')], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe.runIf(process.env.TEST_DATABASE_URL)('npm start on PostgreSQL with WEB_CONCURRENCY=2', { timeout: 120_000 }, () => {
  it('runs two API processes that take each other’s tokens, replaces one that is killed, and keeps answering', async () => {
    const database = await createTestDatabase();
    try {
      const shop = await start({ DATABASE_URL: database.url!, WEB_CONCURRENCY: '2' });
      expect(shop.output()).toMatch(/2 processes/);
      const first = workers(shop);
      expect(first).toHaveLength(2);
      expect((await fetch(`${shop.url}/readyz`)).status).toBe(200);
      // A shopper's token is good on both processes (without JWT_SECRET each signed with a
      // secret of its own: every other request of a signed-in shopper or admin answered 401).
      const registered = await fetch(`${shop.url}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(newShopper()),
      });
      expect(registered.status).toBe(201);
      const { accessToken } = (await registered.json()) as { accessToken: string };
      const answers: number[] = [];
      for (let i = 0; i < 8; i++) {
        answers.push(await statusOnceReady(`${shop.url}/api/auth/me`, { authorization: `Bearer ${accessToken}` }));
      }
      expect(answers).toEqual(Array(8).fill(200));

      process.kill(first[0]!, 'SIGKILL');
      await expect
        .poll(() => shop.output(), { timeout: 30_000 })
        .toMatch(new RegExp(`${first[0]} exited \\(SIGKILL\\); starting another`));
      await expect
        .poll(() => workers(shop).filter((pid) => !first.includes(pid)).length, { timeout: 30_000, interval: 200 })
        .toBe(1);
      // Just started, a worker may shed a request (503 with Retry-After) while its start-up work
      // (the sharing JPEGs of the demo's pictures, issue 31) keeps the cores busy: asked again, it answers.
      for (let i = 0; i < 10; i++) expect(await statusOnceReady(`${shop.url}/api/banners`)).toBe(200);
      expect(workers(shop)).toContain(first[1]);
    } finally {
      await database.close();
    }
  });

  it('on SIGTERM, lets a request in flight finish, then every process exits with 0', async () => {
    const database = await createTestDatabase();
    try {
      const shop = await start({ DATABASE_URL: database.url!, WEB_CONCURRENCY: '2' });
      const pids = workers(shop);
      // A sign-in whose body is still arriving when the signal comes.
      const body = JSON.stringify({ email: 'nobody@example.com', password: 'not the password' });
      const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request(
          `${shop.url}/api/auth/login`,
          { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
          (res) => {
            let text = '';
            res.on('data', (chunk) => (text += chunk));
            res.on('end', () => resolve({ status: res.statusCode!, body: text }));
          },
        );
        req.on('error', reject);
        req.write(body.slice(0, 10));
        setTimeout(() => {
          shop.child.kill('SIGTERM');
          // And to each worker, after its primary's (as from a process-group kill, or a second
          // Ctrl-C): a second signal while draining changes nothing.
          setTimeout(() => {
            for (const pid of pids.filter(alive)) process.kill(pid, 'SIGTERM');
          }, 150);
          setTimeout(() => req.end(body.slice(10)), 500);
        }, 200);
      });
      const answered = await answer;
      expect(answered.status).toBe(401);
      expect(JSON.parse(answered.body)).toHaveProperty('msg');
      expect(await shop.exited).toBe(0);
      expect(shop.output()).toMatch(/SIGTERM: letting 2 API processes finish/);
      for (const pid of pids) expect(alive(pid)).toBe(false);
      // No new connection is taken meanwhile.
      await expect(fetch(`${shop.url}/healthz`)).rejects.toThrow();
    } finally {
      await database.close();
    }
  });
});

/**
 * A GET's status, asked again for up to 30 s while the shop sheds it (503). Each try on a
 * connection of its own, which the primary hands to the workers in turn (cluster's round robin).
 */
async function statusOnceReady(url: string, headers: Record<string, string> = {}): Promise<number> {
  for (let tries = 0; ; tries++) {
    const status = await getOnNewConnection(url, headers);
    if (status !== 503 || tries >= 60) return status;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

function getOnNewConnection(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    request(url, { headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    })
      .on('error', reject)
      .end();
  });
}

/** The value of `name`'s sample with these labels in a Prometheus text, or undefined. */
const sample = (text: string, name: string, labels: string) =>
  text
    .split('\n')
    .find((line) => line.startsWith(`${name}{${labels}}`))
    ?.split(' ')
    .at(-1);

describe.runIf(process.env.TEST_DATABASE_URL)('npm start on PostgreSQL with METRICS_PORT', { timeout: 120_000 }, () => {
  it("serves the cluster's totals on 127.0.0.1:METRICS_PORT from the primary, without a token", async () => {
    const database = await createTestDatabase();
    try {
      const metricsPort = await freePort();
      const shop = await start({ DATABASE_URL: database.url!, WEB_CONCURRENCY: '2', METRICS_PORT: String(metricsPort) });
      expect(workers(shop)).toHaveLength(2);
      // Just started, a worker may shed a request (503 with Retry-After) while its start-up work
      // (the sharing JPEGs of the demo's pictures, issue 31) keeps the cores busy: asked again, it answers.
      for (let i = 0; i < 10; i++) expect(await statusOnceReady(`${shop.url}/api/banners`)).toBe(200);
      const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(res.status).toBe(200);
      // Both workers' requests, summed by the primary (the round robin gives each some).
      const text = await res.text();
      expect(sample(text, 'shop_http_request_duration_seconds_count', 'route="/api/banners",method="GET",status="2xx"')).toBe(
        '10',
      );
      expect((await fetch(`${shop.url}/metrics`)).status).toBe(401);
      shop.child.kill('SIGTERM');
      expect(await shop.exited).toBe(0);
    } finally {
      await database.close();
    }
  });
});

// Left to the PGlite pass: without DATABASE_URL the process opens the embedded database
// whatever TEST_DATABASE_URL says, so the PostgreSQL pass would run it again unchanged.
describe.skipIf(process.env.TEST_DATABASE_URL)('npm start on the embedded database', { timeout: 120_000 }, () => {
  // Each test starts a real process that migrates and seeds a fresh embedded database first.
  it('runs one process whatever WEB_CONCURRENCY says, and says why', async () => {
    const shop = await start({ DATABASE_URL: '', WEB_CONCURRENCY: '4' });
    expect(shop.output()).toMatch(/WEB_CONCURRENCY=4 ignored: the embedded database \(PGlite\) is opened by one process only/);
    expect(shop.output()).toMatch(/1 process\)/);
    expect(workers(shop)).toHaveLength(0);
    expect((await fetch(`${shop.url}/readyz`)).status).toBe(200);
    shop.child.kill('SIGTERM');
    expect(await shop.exited).toBe(0);
  });

  it('with METRICS_PORT, serves /metrics on 127.0.0.1 without a token; the shop’s port wants METRICS_TOKEN', async () => {
    const metricsPort = await freePort();
    const shop = await start({ DATABASE_URL: '', METRICS_PORT: String(metricsPort), METRICS_TOKEN: '' });
    expect(shop.output()).toContain(`Metrics:        http://127.0.0.1:${metricsPort}/metrics`);
    expect((await fetch(`${shop.url}/api/banners`)).status).toBe(200);
    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(res.status).toBe(200);
    expect(
      sample(await res.text(), 'shop_http_request_duration_seconds_count', 'route="/api/banners",method="GET",status="2xx"'),
    ).toBe('1');
    // From this machine, with no proxy in between: still 401 on the shop's port.
    expect((await fetch(`${shop.url}/metrics`)).status).toBe(401);
    shop.child.kill('SIGTERM');
    expect(await shop.exited).toBe(0);
    await expect(fetch(`http://127.0.0.1:${metricsPort}/metrics`)).rejects.toThrow();
  });
});

describe('npm start refused by its configuration', () => {
  it('prints why, without a stack trace, and exits 1', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cluster-'));
    try {
      const refused = spawnSync(process.execPath, [commandScript('start'), '--no-web-build'], {
        cwd: apiDir,
        env: { ...process.env, NODE_ENV: 'production', JWT_SECRET: '', DATABASE_URL: '', DATA_DIR: dataDir },
        encoding: 'utf8',
      });
      expect(refused.status).toBe(1);
      expect(refused.stderr).toMatch(/JWT_SECRET \(at least 32 characters\) is required when NODE_ENV=production/);
      expect(refused.stderr).not.toMatch(/^\s+at /m);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
