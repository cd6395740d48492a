/**
 * A checkout waiting for stock, and another transaction that holds the stock meanwhile
 * (PostgreSQL only: PGlite has one connection, so nothing waits on anything). The soak found a
 * deadlock of a checkout at the catalogue's stock lock (stop 36's CI); these tests build the
 * two shapes of it by hand with a second connection, and need no luck with timing:
 * - the shopper's row, locked by her checkout, must not hold up a row written meanwhile that
 *   names her (the other transaction would wait for the checkout, which waits for it);
 * - a checkout that PostgreSQL rolls back to break a cycle anyway is placed again.
 */
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct, readProduct } from '../../test/fixtures.ts';
import { bearer, createTestApp, registerShopper, type TestContext } from '../../test/helpers.ts';
import { orders } from '../db/schema/index.ts';

describe.runIf(process.env.TEST_DATABASE_URL)('a checkout waiting for stock another transaction holds (PostgreSQL)', () => {
  let ctx: TestContext;
  let other: pg.Client;

  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterEach(async () => {
    await other?.query('rollback').catch(() => undefined);
    await other?.end();
  });
  afterAll(() => ctx.close());

  async function otherConnection(): Promise<pg.Client> {
    other = new pg.Client({ connectionString: ctx.database.url! });
    await other.connect();
    return other;
  }

  /** Holds the catalogue's stock lock, as a transaction moving stock does until it commits. */
  async function holdStock(client: pg.Client): Promise<void> {
    await client.query('begin');
    await client.query(`select scope from cache_versions where scope = 'catalog' for update`);
  }

  /** Until a session of this database other than `client`'s waits for a lock. */
  async function untilWaiting(client: pg.Client, what: RegExp): Promise<void> {
    for (let i = 0; i < 500; i++) {
      // Activity is read once per transaction unless the snapshot is dropped (this one is open).
      await client.query('select pg_stat_clear_snapshot()');
      const { rows } = await client.query<{ query: string }>(
        `select query from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
      );
      if (rows.some((row) => what.test(row.query))) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const { rows } = await client.query(
      `select pid, state, wait_event_type, wait_event, left(query, 80) as q from pg_stat_activity where datname = current_database()`,
    );
    throw new Error(`nothing waited for ${what}: ${JSON.stringify(rows)}`);
  }

  /** Sent now (an injected request starts when awaited), answered later. */
  const checkout = (token: string, productId: string) =>
    Promise.resolve(
      ctx.app.inject({
        method: 'POST',
        url: '/api/checkout',
        headers: bearer(token),
        payload: { lines: [{ productId, quantity: 1 }] },
      }),
    );

  it('lets a row naming the shopper be written while her checkout waits for stock: neither waits for the other', async () => {
    const product = await insertProduct(ctx.database.db, { counter: 5 });
    const shopper = await registerShopper(ctx.app);
    const client = await otherConnection();
    // This session notices a cycle first (the checkout waits its 1 s before looking), so a
    // deadlock would fail the INSERT below rather than be hidden by the checkout's retry.
    await client.query(`set deadlock_timeout = '50ms'`);
    await holdStock(client);
    const placing = checkout(shopper.accessToken, product.id);
    await untilWaiting(client, /cache_versions/);
    // A row that names her (a cart, as a coupon use or an order would): its key-share lock on her
    // row must not wait for the checkout's lock on it, which waits for this transaction.
    await client.query(`insert into carts (id, user_id) values ('lock-order-test-cart-0001', $1)`, [shopper.user.id]);
    await client.query('commit');
    const res = await placing;
    expect(res.statusCode, res.body).toBe(201);
    expect((await readProduct(ctx.database.db, product.id)).counter).toBe(4);
  });

  it('places again a checkout PostgreSQL rolled back to break a deadlock: one order, its stock taken once', async () => {
    const product = await insertProduct(ctx.database.db, { counter: 5 });
    const shopper = await registerShopper(ctx.app);
    const client = await otherConnection();
    // The checkout notices the cycle first and is the one rolled back.
    await client.query(`set deadlock_timeout = '10s'`);
    await holdStock(client);
    const placing = checkout(shopper.accessToken, product.id);
    await untilWaiting(client, /cache_versions/);
    // The other order of locks: stock first, then the shopper. A cycle, which PostgreSQL breaks
    // by rolling the checkout back; this session then has both and commits.
    await client.query('select id from users where id = $1 for update', [shopper.user.id]);
    await client.query('commit');
    const res = await placing;
    expect(res.statusCode, res.body).toBe(201);
    expect((await readProduct(ctx.database.db, product.id)).counter).toBe(4);
    expect(await ctx.database.db.select().from(orders).where(eq(orders.userId, shopper.user.id))).toHaveLength(1);
  });

  it("runs again a shopper's cancellation PostgreSQL rolled back to break a deadlock: cancelled once, its goods back on sale", async () => {
    const product = await insertProduct(ctx.database.db, { counter: 5 });
    const shopper = await registerShopper(ctx.app);
    const placed = await checkout(shopper.accessToken, product.id);
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().orderId as string;
    const client = await otherConnection();
    await client.query(`set deadlock_timeout = '10s'`);
    await holdStock(client);
    // Her cancellation locks the order, then waits for the stock to give its goods back.
    const cancelling = Promise.resolve(
      ctx.app.inject({ method: 'POST', url: `/api/orders/${orderId}/cancel`, headers: bearer(shopper.accessToken) }),
    );
    await untilWaiting(client, /cache_versions/);
    // The other order of locks: stock, then the order.
    await client.query('select id from orders where id = $1 for update', [orderId]);
    await client.query('commit');
    const res = await cancelling;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('cancelled');
    expect((await readProduct(ctx.database.db, product.id)).counter).toBe(5);
  });
});
