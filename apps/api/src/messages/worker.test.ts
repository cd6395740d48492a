/**
 * The worker when the database goes away between sending a message and recording it (a
 * PostgreSQL restart), and at a graceful shutdown: a message sent must be recorded as sent,
 * not sent again when its claim runs out. `npm run test:soak` found both.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { messages } from '../db/schema/index.ts';
import { buildApp } from '../app.ts';
import { createTestApp, createTestDatabase, registerShopper, type TestContext, testConfig } from '../../test/helpers.ts';
import { type SmtpStandin, startSmtpStandin } from '../../test/smtp-standin.ts';
import { CLAIM_MS } from './outbox.ts';
import { smtpTransport } from './transport.ts';
import { createMessageWorker } from './worker.ts';

let smtp: SmtpStandin;
let ctx: TestContext;

beforeAll(async () => {
  smtp = await startSmtpStandin();
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

/** The database, whose next `update` fails as a query does while PostgreSQL restarts. */
function cutOnNextUpdate(db: Db): { db: Db; cut(): void } {
  let armed = false;
  const proxy = new Proxy(db, {
    get(target, property, receiver) {
      if (property === 'update' && armed) {
        armed = false;
        return () => {
          throw new Error('Connection terminated unexpectedly');
        };
      }
      return Reflect.get(target, property, receiver);
    },
  });
  return {
    db: proxy,
    cut: () => {
      armed = true;
    },
  };
}

it('records a message sent while the database was away once it is back, and never sends it twice', async () => {
  const { email } = await registerShopper(ctx.app);
  const [welcome] = await ctx.database.db.select().from(messages).where(eq(messages.to, email));
  const flaky = cutOnNextUpdate(ctx.database.db);
  const worker = createMessageWorker({
    db: flaky.db,
    transport: smtpTransport(smtp.url),
    from: 'Adire <orders@shop.example.ng>',
    publicUrl: 'https://shop.example.ng',
    secret: ctx.app.config.jwtSecret,
    log: ctx.app.log,
    intervalMs: 0,
  });

  // Claimed and sent; recording it fails (the claim is written in a transaction, the record by `update`).
  flaky.cut();
  await worker.runOnce().catch(() => undefined);
  expect(smtp.received.filter((m) => m.to === email)).toHaveLength(1);

  // Long after its claim ran out, the worker runs again with the database back.
  await worker.drain(new Date(Date.now() + CLAIM_MS + 60_000));
  expect(smtp.received.filter((m) => m.to === email)).toHaveLength(1);
  const [row] = await ctx.database.db.select().from(messages).where(eq(messages.id, welcome!.id));
  expect(row).toMatchObject({ status: 'sent', attempts: 1 });
  await worker.stop();
});

it('lets the batch in flight finish, recorded as sent, before a graceful shutdown closes the database', async () => {
  const database = await createTestDatabase();
  // Once closed, the database refuses every query, as a pool does after end().
  let closed = false;
  const db = new Proxy(database.db, {
    get(target, property, receiver) {
      if (closed) throw new Error('Cannot use a pool after calling end on the pool');
      return Reflect.get(target, property, receiver);
    },
  });
  const app = await buildApp({
    config: testConfig({ SMTP_URL: smtp.url }),
    database: {
      ...database,
      db,
      close: async () => {
        closed = true;
      },
    },
    logger: false,
  });
  await app.ready();
  const { email } = await registerShopper(app);

  const batch = app.messages.worker.runOnce();
  await app.close();
  await batch.catch(() => undefined);

  expect(smtp.received.filter((m) => m.to === email)).toHaveLength(1);
  const [row] = await database.db.select().from(messages).where(eq(messages.to, email));
  expect(row?.status).toBe('sent');
  await database.close();
});
