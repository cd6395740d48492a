/**
 * Secrets stay out of the log. The app's pino output (at the production level, info) is
 * captured while a shopper registers, signs in, asks for a reset link, opens it, resets the
 * password, changes it, and pays at a Paystack-like checkout, and an admin signs in: no
 * password, password hash, JWT, reset token, Authorization or Cookie value, or Paystack
 * secret may appear in any line.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { upsertAdmin } from '../src/users/service.ts';
import { insertProduct } from '../test/fixtures.ts';
import { bearer, createTestDatabase, newShopper, testConfig } from '../test/helpers.ts';
import { type PaystackStandin, startPaystackStandin, paystackEnv } from '../test/paystack-standin.ts';
import { type SmtpStandin, startSmtpStandin } from '../test/smtp-standin.ts';
import { writeWebBuild } from '../test/web-build.ts';

const PUBLIC_URL = 'https://shop.example.ng';
const LINK = /https:\/\/shop\.example\.ng\/reset-password\?token=([\w-]+)/;

let app: FastifyInstance;
let database: Database;
let smtp: SmtpStandin;
let paystack: PaystackStandin;
let webDir: string;
let dataDir: string;
const lines: string[] = [];
/** Every secret the flow handled, with a name for the failure message. */
const secrets = new Map<string, string>();

beforeAll(async () => {
  smtp = await startSmtpStandin();
  paystack = await startPaystackStandin();
  webDir = mkdtempSync(path.join(tmpdir(), 'shop-security-logs-web-'));
  database = await createTestDatabase();
  const config = testConfig({
    LOG_LEVEL: 'info',
    SMTP_URL: smtp.url,
    PUBLIC_URL,
    ...paystackEnv(paystack),
    WEB_DIST: writeWebBuild(webDir),
  });
  dataDir = config.dataDir;
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  app = await buildApp({ config, database, logStream });
  await app.ready();
  secrets.set('JWT secret', config.jwtSecret);
  secrets.set('Paystack secret key', paystack.secretKey);
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
  await paystack?.close();
  rmSync(webDir, { recursive: true, force: true });
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function post(url: string, payload: object, token?: string) {
  const res = await app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...(token && bearer(token)), cookie: 'session=cookie-secret-value-123' },
  });
  return res;
}

describe('the log', () => {
  it('holds no password, token, reset link, Authorization/Cookie value or provider secret', async () => {
    // A shopper registers and signs in.
    const body = newShopper({ password: 'first secret password 1' });
    secrets.set('registration password', body.password);
    const registered = await post('/api/auth/register', body);
    expect(registered.statusCode).toBe(201);
    secrets.set('access token (register)', registered.json().accessToken);
    const login = await post('/api/auth/login', { email: body.email, password: body.password });
    expect(login.statusCode).toBe(200);
    secrets.set('access token (login)', login.json().accessToken);
    // A wrong password is logged as a refusal at most, never with the password.
    secrets.set('wrong password', 'not my password at all');
    expect((await post('/api/auth/login', { email: body.email, password: 'not my password at all' })).statusCode).toBe(401);

    // An admin signs in.
    secrets.set('admin password', 'admin secret password 9');
    await upsertAdmin(database.db, { email: 'boss@example.com', password: 'admin secret password 9' });
    const adminLogin = await post('/api/auth/adminlogin', { email: 'boss@example.com', password: 'admin secret password 9' });
    expect(adminLogin.statusCode).toBe(200);
    secrets.set('admin token', adminLogin.json().accessToken);

    // Forgot password → the e-mail → the link opened in the browser → reset.
    expect((await post('/api/auth/forgot', { email: body.email })).statusCode).toBe(200);
    await app.messages.worker.drain();
    const mail = smtp.received.find((m) => m.to.includes(body.email) && LINK.test(m.text));
    expect(mail, 'the reset e-mail').toBeDefined();
    const resetToken = LINK.exec(mail!.text)![1]!;
    secrets.set('reset token', resetToken);
    const page = await app.inject({
      method: 'GET',
      url: `/reset-password?token=${resetToken}`,
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    secrets.set('reset password', 'second secret password 2');
    expect((await post('/api/auth/reset', { token: resetToken, password: 'second secret password 2' })).statusCode).toBe(200);

    // Change the password, signed in.
    const again = await post('/api/auth/login', { email: body.email, password: 'second secret password 2' });
    const token = again.json().accessToken as string;
    secrets.set('access token (after reset)', token);
    secrets.set('new password', 'third secret password 3');
    const changed = await post(
      '/api/auth/password',
      { currentPassword: 'second secret password 2', newPassword: 'third secret password 3' },
      token,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const latest = changed.json().accessToken as string;
    secrets.set('access token (after change)', latest);

    // Checkout with Paystack: the provider's authorization (access code) comes back.
    const product = await insertProduct(database.db);
    const checkout = await post('/api/checkout', { lines: [{ productId: product.id, quantity: 1 }] }, latest);
    expect(checkout.statusCode, checkout.body).toBe(201);
    expect(checkout.json().accessCode).toBeTruthy();
    // An unknown route and a refused one with a token: error paths log too.
    await app.inject({ method: 'GET', url: '/api/nope', headers: bearer(latest) });
    await app.inject({ method: 'GET', url: '/api/admin/stats', headers: bearer(latest) });
    await app.messages.worker.drain();

    expect(lines.length, 'the log was captured').toBeGreaterThan(10);
    const log = lines.join('\n');
    const leaks = [...secrets].filter(([, value]) => log.includes(value)).map(([name]) => name);
    expect(leaks, 'secrets found in the log').toEqual([]);
    expect(log).not.toMatch(/eyJ[\w-]{10,}\.[\w-]{10,}/);
    expect(log).not.toMatch(/\$argon2id?\$/);
    expect(log).not.toContain('cookie-secret-value-123');
    expect(log).not.toMatch(/"authorization":"(?!\[redacted\])/i);
  });
});
