/**
 * Password reset and the account e-mails, through HTTP and a real SMTP server in the test
 * process: the link arrives by e-mail and works once, within the hour; the answer is the same
 * for an unknown address; the token is never stored in clear; a reset signs the account out
 * everywhere; welcome and "password changed" e-mails go out with their event, and nothing
 * goes out for a change that rolled back.
 */
import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { RESET_MESSAGES } from '@shop/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages, passwordResets } from '../db/schema/index.ts';
import { bearer, createTestApp, registerShopper, type TestContext } from '../../test/helpers.ts';
import { type ReceivedMail, type SmtpStandin, startSmtpStandin } from '../../test/smtp-standin.ts';

const PUBLIC_URL = 'https://shop.example.ng';
let smtp: SmtpStandin;
let ctx: TestContext;

beforeAll(async () => {
  smtp = await startSmtpStandin();
  ctx = await createTestApp({
    SMTP_URL: smtp.url,
    PUBLIC_URL,
    MAIL_FROM: 'Adire <hello@shop.example.ng>',
    // Small enough to lock an address (no test here fails a sign-in 3 times, but the lock's).
    AUTH_EMAIL_RATE_LIMIT: '3',
  });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});
beforeEach(async () => {
  // Each test reads only what it caused.
  await send();
  smtp.received.length = 0;
});

const send = () => ctx.app.messages.worker.drain();
const mailsTo = (address: string) => smtp.received.filter((m) => m.to.split(', ').includes(address));
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const post = (url: string, payload: object) => ctx.app.inject({ method: 'POST', url, payload });
const forgot = (email: string) => post('/api/auth/forgot', { email });
const reset = (token: string, password: string) => post('/api/auth/reset', { token, password });
const login = (email: string, password: string) => post('/api/auth/login', { email, password });
const me = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });

const LINK = /https:\/\/shop\.example\.ng\/reset-password\?token=([\w-]+)/;

/** Asks for a link for the address and reads it from the e-mail that arrives. */
async function resetLink(email: string): Promise<{ mail: ReceivedMail; token: string }> {
  const res = await forgot(email);
  expect(res.statusCode).toBe(200);
  await send();
  const mail = mailsTo(email).at(-1);
  expect(mail, `no e-mail to ${email}`).toBeDefined();
  const token = LINK.exec(mail!.text)?.[1];
  expect(token, mail!.text).toBeDefined();
  return { mail: mail!, token: token! };
}

describe('a reset and the sign-in lock', () => {
  const loginFrom = (remoteAddress: string, email: string, password: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

  /** Three wrong passwords from each client: each is then refused (429), the right password too. */
  async function lockFrom(clients: string[], email: string, password: string) {
    for (const client of clients) {
      for (let i = 0; i < 3; i++) expect((await loginFrom(client, email, `wrong-${i}`)).statusCode).toBe(401);
      expect((await loginFrom(client, email, password)).statusCode).toBe(429);
    }
  }

  it('lifts the lock wrong passwords put on the address, for every client that was locked', async () => {
    const shopper = await registerShopper(ctx.app);
    const clients = ['10.9.1.1', '10.9.1.2'];
    await lockFrom(clients, shopper.email, shopper.password);

    const { token } = await resetLink(shopper.email);
    expect((await reset(token, 'a fresh password 2025')).statusCode).toBe(200);
    for (const client of clients) expect((await loginFrom(client, shopper.email, 'a fresh password 2025')).statusCode).toBe(200);
    // Counted from nothing again: one wrong password is a wrong password, not a lock.
    expect((await loginFrom(clients[0]!, shopper.email, 'wrong')).statusCode).toBe(401);
  });

  it('keeps the lock when the reset is refused, and keeps other addresses locked', async () => {
    const [shopper, other] = [await registerShopper(ctx.app), await registerShopper(ctx.app)];
    await lockFrom(['10.9.2.1'], shopper.email, shopper.password);
    await lockFrom(['10.9.2.1'], other.email, other.password);

    const refused = await reset(randomBytes(32).toString('base64url'), 'a fresh password 2025');
    expect(refused.json().msg).toBe(RESET_MESSAGES.invalid);
    expect((await loginFrom('10.9.2.1', shopper.email, shopper.password)).statusCode).toBe(429);

    const { token } = await resetLink(shopper.email);
    expect((await reset(token, 'a fresh password 2025')).statusCode).toBe(200);
    expect((await loginFrom('10.9.2.1', shopper.email, 'a fresh password 2025')).statusCode).toBe(200);
    expect((await loginFrom('10.9.2.1', other.email, other.password)).statusCode).toBe(429);
  });
});

describe('forgot password → e-mail → reset', () => {
  it('e-mails a link that sets a new password once, and signs the account out everywhere', async () => {
    const shopper = await registerShopper(ctx.app);
    await send();
    smtp.received.length = 0;

    const answer = await forgot(shopper.email.toUpperCase());
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ msg: RESET_MESSAGES.sent });
    await send();
    const [mail] = mailsTo(shopper.email);
    expect(mailsTo(shopper.email)).toHaveLength(1);
    expect(mail!.subject).toMatch(/^Reset your .+ password$/);
    expect(mail!.text).toContain(`${PUBLIC_URL}/reset-password?token=`);
    const token = LINK.exec(mail!.text)![1]!;
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);

    const done = await reset(token, 'a new password 2024');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ msg: RESET_MESSAGES.done });

    expect((await login(shopper.email, 'a new password 2024')).statusCode).toBe(200);
    expect((await login(shopper.email, shopper.password)).statusCode).toBe(401);
    expect((await me(shopper.accessToken)).statusCode).toBe(401);

    // The link works once.
    const again = await reset(token, 'yet another password');
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe(RESET_MESSAGES.used);
    expect((await login(shopper.email, 'a new password 2024')).statusCode).toBe(200);

    // The owner hears that the password changed.
    await send();
    const changed = mailsTo(shopper.email).filter((m) => /password was changed$/.test(m.subject));
    expect(changed).toHaveLength(1);
  });

  it('answers an unknown address the same, and e-mails nobody', async () => {
    const shopper = await registerShopper(ctx.app);
    const known = await forgot(shopper.email);
    const unknown = await forgot('nobody-here@example.com');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    expect(unknown.headers['content-length']).toBe(known.headers['content-length']);
    await send();
    expect(mailsTo('nobody-here@example.com')).toHaveLength(0);
    expect(await ctx.database.db.select().from(messages).where(eq(messages.to, 'nobody-here@example.com'))).toHaveLength(0);
  });

  it('never stores the token in clear: the request holds its SHA-256, the queued e-mail holds it sealed', async () => {
    const shopper = await registerShopper(ctx.app);
    await forgot(shopper.email);
    const [queued] = await ctx.database.db
      .select()
      .from(messages)
      .where(sql`${messages.to} = ${shopper.email} and ${messages.template} = 'password-reset'`);
    expect(queued!.status).toBe('queued');
    await send();
    const token = LINK.exec(mailsTo(shopper.email).at(-1)!.text)![1]!;

    const rows = await ctx.database.db.select().from(passwordResets).where(eq(passwordResets.userId, shopper.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    const [row] = await ctx.database.db.select().from(messages).where(eq(messages.id, queued!.id));
    expect(JSON.stringify(row)).not.toContain(token);
    // Expires after RESET_TOKEN_TTL_MINUTES.
    const minutes = (rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(60, 1);
  });

  it('says when a link has expired, and changes nothing', async () => {
    const shopper = await registerShopper(ctx.app);
    const { token } = await resetLink(shopper.email);
    await ctx.database.db
      .update(passwordResets)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(passwordResets.tokenHash, sha256(token)));
    const res = await reset(token, 'too late a password');
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(RESET_MESSAGES.expired);
    expect((await login(shopper.email, shopper.password)).statusCode).toBe(200);
    expect((await me(shopper.accessToken)).statusCode).toBe(200);
  });

  it('refuses a malformed or unknown token as invalid', async () => {
    for (const token of ['short', 'x'.repeat(201), randomBytes(32).toString('base64url')]) {
      const res = await reset(token, 'whatever password');
      expect(res.statusCode, token).toBe(400);
      expect(res.json().msg).toBe(RESET_MESSAGES.invalid);
    }
    const weak = await reset(randomBytes(32).toString('base64url'), 'short');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().msg).toBe('Password must be at least 8 characters');
  });

  it('keeps older links working until one is used, then ends them all', async () => {
    const shopper = await registerShopper(ctx.app);
    const first = await resetLink(shopper.email);
    const second = await resetLink(shopper.email);
    expect(second.token).not.toBe(first.token);
    expect((await reset(first.token, 'password from the first')).statusCode).toBe(200);
    const late = await reset(second.token, 'password from the second');
    expect(late.statusCode).toBe(400);
    expect(late.json().msg).toBe(RESET_MESSAGES.used);
    expect((await login(shopper.email, 'password from the first')).statusCode).toBe(200);
  });

  it('lets one of two simultaneous resets with the same link through', async () => {
    const shopper = await registerShopper(ctx.app);
    const { token } = await resetLink(shopper.email);
    const results = await Promise.all([reset(token, 'first racer password'), reset(token, 'second racer password')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.statusCode === 400)!.json().msg).toBe(RESET_MESSAGES.used);
    const winner = results[0]!.statusCode === 200 ? 'first racer password' : 'second racer password';
    expect((await login(shopper.email, winner)).statusCode).toBe(200);
    await send();
    expect(mailsTo(shopper.email).filter((m) => /password was changed$/.test(m.subject))).toHaveLength(1);
  });
});

describe('account e-mails', () => {
  it('welcomes a new shopper', async () => {
    const shopper = await registerShopper(ctx.app, { firstName: 'Ngozi' });
    await send();
    const [mail] = mailsTo(shopper.email);
    expect(mailsTo(shopper.email)).toHaveLength(1);
    expect(mail!.subject).toMatch(/^Welcome to /);
    expect(mail!.text).toContain('Ngozi');
  });

  it('tells the owner when they change their password while signed in', async () => {
    const shopper = await registerShopper(ctx.app);
    await send();
    smtp.received.length = 0;
    const change = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: bearer(shopper.accessToken),
      payload: { currentPassword: shopper.password, newPassword: 'changed while signed in' },
    });
    expect(change.statusCode).toBe(200);
    await send();
    const [mail] = mailsTo(shopper.email);
    expect(mailsTo(shopper.email)).toHaveLength(1);
    expect(mail!.subject).toMatch(/password was changed$/);
  });

  it('ends an open reset link when the password is changed while signed in', async () => {
    const shopper = await registerShopper(ctx.app);
    const { token } = await resetLink(shopper.email);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: bearer(shopper.accessToken),
      payload: { currentPassword: shopper.password, newPassword: 'changed while signed in' },
    });
    expect((await reset(token, 'from an old link')).json().msg).toBe(RESET_MESSAGES.used);
  });

  it('sends nothing for a change that rolled back', async () => {
    const shopper = await registerShopper(ctx.app);
    await send();
    smtp.received.length = 0;
    const { notifier } = ctx.app.messages;
    const user = { email: shopper.email, firstName: 'Rolled' };
    const queuedFor = async () => (await ctx.database.db.select().from(messages).where(eq(messages.to, shopper.email))).length;
    const before = await queuedFor();
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await notifier.welcome(tx, user);
        await notifier.passwordReset(tx, user, randomBytes(32).toString('base64url'));
        await notifier.passwordChanged(tx, user);
        throw new Error('the change failed after the e-mails were queued');
      }),
    ).rejects.toThrow('the change failed');
    expect(await queuedFor()).toBe(before);
    expect(await send()).toBe(0);
    expect(mailsTo(shopper.email)).toHaveLength(0);
  });

  it('sends no welcome for a registration that failed (the address was taken)', async () => {
    const shopper = await registerShopper(ctx.app);
    await send();
    smtp.received.length = 0;
    const again = await post('/api/auth/register', {
      firstName: 'Twice',
      lastName: 'Over',
      email: shopper.email,
      password: 'another password',
    });
    expect(again.statusCode).toBe(409);
    await send();
    expect(mailsTo(shopper.email)).toHaveLength(0);
  });
});
