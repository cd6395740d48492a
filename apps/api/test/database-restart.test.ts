/**
 * PostgreSQL restarts while shoppers check out through two API processes. The processes
 * must stay up, answer 503 (with Retry-After, never 500) while the database is away, and
 * serve again by themselves once it is back, with every unit of stock accounted for.
 *
 * It runs on a PostgreSQL server of its own (test/pg-cluster.ts), so stopping it does not
 * disturb the other test files.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.ts';
import { orderLines, orders } from '../src/db/schema/index.ts';
import { type ApiProcess, startApiProcess } from './api-process.ts';
import { insertProduct, readProduct } from './fixtures.ts';
import { newShopper } from './helpers.ts';
import { type PgCluster, postgresBinDir, startPgCluster } from './pg-cluster.ts';

const SUCCESS_CARD = '4084 0840 8408 4081';
const STOCK = 10_000;

interface Outcome {
  at: number;
  port: number;
  path: string;
  status: number | 'no answer';
  retryAfter: string | null;
}

describe.runIf(process.env.TEST_DATABASE_URL && postgresBinDir())('a PostgreSQL restart under checkout load', () => {
  let cluster: PgCluster;
  let database: Database;
  const processes: ApiProcess[] = [];

  beforeAll(async () => {
    cluster = await startPgCluster();
    database = await openDatabase({ url: cluster.url, poolSize: 2 });
    await database.migrate();
    const secret = 'database-restart-test-secret-0123456789abcdef';
    processes.push(
      ...(await Promise.all(
        [0, 1].map(() => startApiProcess({ DATABASE_URL: cluster.url, JWT_SECRET: secret, DATABASE_POOL_SIZE: '5' })),
      )),
    );
  }, 120_000);

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await database?.close().catch(() => undefined);
    cluster?.destroy();
  });

  it('keeps both processes up, answers 503 while the database is away, and recovers by itself', async () => {
    const product = await insertProduct(database.db, { title: 'Ankara Maxi Dress', counter: STOCK });
    const outcomes: Outcome[] = [];
    const started = Date.now();

    async function call(port: number, path: string, body: unknown, token?: string) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(15_000),
        });
        const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
        outcomes.push({ at: Date.now() - started, port, path, status: res.status, retryAfter: res.headers.get('retry-after') });
        return { status: res.status, json };
      } catch {
        outcomes.push({ at: Date.now() - started, port, path, status: 'no answer', retryAfter: null });
        return { status: 0, json: {} };
      }
    }

    // Eight shoppers, four on each process, each checking out and paying in a loop. Signing up
    // is the setup, not what is tested: on a loaded machine a sign-up can go unanswered in 15 s
    // (a shopper without a token then only ever got 401s), so each tries again until it has one.
    const shoppers = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const port = processes[i % 2]!.port;
        for (let attempt = 0; attempt < 5; attempt++) {
          const { json } = await call(port, '/api/auth/register', newShopper());
          if (typeof json.accessToken === 'string') return { port, token: json.accessToken };
        }
        throw new Error(`shopper ${i} could not sign up on port ${port}`);
      }),
    );
    outcomes.length = 0;
    let running = true;
    const loops = shoppers.map(async ({ port, token }) => {
      while (running) {
        const checkout = await call(port, '/api/checkout', { lines: [{ productId: product.id, quantity: 1 }] }, token);
        if (checkout.status === 201) {
          const reference = checkout.json.reference as string;
          await call(port, `/api/payments/sandbox/${reference}/pay`, { card: SUCCESS_CARD }, token);
          await call(port, `/api/checkout/${reference}/verify`, {}, token);
        } else {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    });

    await new Promise((resolve) => setTimeout(resolve, 1500));
    const stoppedAt = Date.now() - started;
    cluster.stop();
    await new Promise((resolve) => setTimeout(resolve, 2500));
    cluster.start();
    const restartedAt = Date.now() - started;

    // Both processes sell again on their own: a checkout answered 201 after the restart.
    const deadline = Date.now() + 30_000;
    const recovered = (port: number) => outcomes.some((o) => o.port === port && o.at > restartedAt && o.status === 201);
    while (Date.now() < deadline && !processes.every((p) => recovered(p.port))) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    running = false;
    await Promise.all(loops);

    const during = outcomes.filter((o) => o.at > stoppedAt && o.at < restartedAt);
    const count = (list: Outcome[]) => {
      const tally = new Map<string, number>();
      for (const o of list) tally.set(String(o.status), (tally.get(String(o.status)) ?? 0) + 1);
      return [...tally].map(([status, n]) => `${status}×${n}`);
    };
    const recoveredAt = Math.max(
      ...processes.map((p) => outcomes.find((o) => o.port === p.port && o.at > restartedAt && o.status === 201)?.at ?? 0),
    );
    console.log(
      `database restart: ${outcomes.length} answers (${count(outcomes).join(', ')}); while stopped: ${count(during).join(', ')}; ` +
        `both processes selling again ${recoveredAt - restartedAt} ms after the restart`,
    );
    expect(processes.map((p) => p.alive())).toEqual([true, true]);
    expect(processes.map((p) => recovered(p.port))).toEqual([true, true]);
    expect(outcomes.filter((o) => o.status === 'no answer')).toEqual([]);
    expect(outcomes.filter((o) => typeof o.status === 'number' && o.status >= 500 && o.status !== 503)).toEqual([]);
    expect(during.some((o) => o.status === 503)).toBe(true);
    expect(outcomes.filter((o) => o.status === 503 && !o.retryAfter)).toEqual([]);
    for (const p of processes) {
      const health = await fetch(`${p.url}/healthz`);
      expect(health.status).toBe(200);
    }

    // No unit lost or sold twice: what is left plus what orders hold or sold is the stock.
    const held = await database.db
      .select({ units: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(and(eq(orderLines.productId, product.id), inArray(orders.status, ['pending', 'paid'])));
    expect((await readProduct(database.db, product.id)).counter + (held[0]?.units ?? 0)).toBe(STOCK);
  }, 90_000);
});
