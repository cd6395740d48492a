/**
 * Two real API processes on one PostgreSQL, each with its messages worker sending through the
 * same SMTP server: every message is sent once, and messages queued while no process runs are
 * sent when one starts.
 */
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiProcess, startApiProcess } from '../../test/api-process.ts';
import { createTestApp, type TestContext } from '../../test/helpers.ts';
import { type SmtpStandin, startSmtpStandin } from '../../test/smtp-standin.ts';
import { messages } from '../db/schema/index.ts';

describe.runIf(process.env.TEST_DATABASE_URL)('messages with two API processes', () => {
  let ctx: TestContext;
  let smtp: SmtpStandin;
  let env: Record<string, string>;
  const running: ApiProcess[] = [];

  beforeAll(async () => {
    smtp = await startSmtpStandin();
    ctx = await createTestApp();
    env = {
      DATABASE_URL: ctx.database.url!,
      JWT_SECRET: 'multi-process-test-secret-0123456789abcdef',
      SMTP_URL: smtp.url,
      MESSAGES_INTERVAL_MS: '20',
    };
  }, 60_000);
  afterAll(async () => {
    await Promise.all(running.map((p) => p.stop()));
    await ctx.close();
    await smtp.close();
  });

  const queue = async (prefix: string, n: number) => {
    const to = Array.from({ length: n }, (_, i) => `${prefix}${i}@example.com`);
    for (const email of to) await ctx.app.messages.notifier.welcome(ctx.database.db, { email, firstName: 'Ngozi' });
    return to;
  };

  it('sends each of 40 messages exactly once while both processes’ workers race for them', async () => {
    running.push(...(await Promise.all([startApiProcess(env), startApiProcess(env)])));
    const to = await queue('race', 40);
    await smtp.waitFor(40, 20_000);
    // Time for a duplicate to show up, if there were one.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const got = smtp.received.filter((m) => m.to.startsWith('race'));
    expect(got).toHaveLength(40);
    expect(new Set(got.map((m) => m.to))).toEqual(new Set(to));
    expect(new Set(got.map((m) => m.messageId)).size).toBe(40);
    const rows = await ctx.database.db.select().from(messages).where(inArray(messages.to, to));
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  }, 60_000);

  it('loses nothing queued while no process runs: the next one to start sends it', async () => {
    await Promise.all(running.splice(0).map((p) => p.stop()));
    const before = smtp.received.length;
    const to = await queue('later', 5);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.received.length).toBe(before);
    running.push(await startApiProcess(env));
    await smtp.waitFor(before + 5, 20_000);
    expect(
      smtp.received
        .slice(before)
        .map((m) => m.to)
        .sort(),
    ).toEqual([...to].sort());
  }, 60_000);
});
