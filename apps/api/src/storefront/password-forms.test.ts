/**
 * Resetting a forgotten password with the storefront's forms, without JavaScript (issue 32,
 * decision 0033), through HTTP: the link arrives by e-mail as with the API, the new password is
 * set once with the form, and mistakes are pages saying why, changing nothing. The pages' forms
 * get their token from a stand-in renderer (the real pages: apps/web, e2e).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RESET_MESSAGES } from '@shop/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerShopper, type TestContext } from '../../test/helpers.ts';
import { uniqueIp } from '../../test/rate-limits.ts';
import { type SmtpStandin, startSmtpStandin } from '../../test/smtp-standin.ts';
import { writeWebBuild } from '../../test/web-build.ts';
import { SESSION_COOKIE } from './index.ts';
import { PASSWORDS_MUST_MATCH } from './register-form.ts';

const RENDERER = `
export const SERVER_DATA_ID = 'ssr-data';
export function setTransport() {}
export async function render(url, options) {
  return { html: '<input type="hidden" name="_csrf" value="' + (options.own ? options.own.csrf : '') + '">', data: '{}', title: 'Page' };
}
`;
const PUBLIC_URL = 'https://shop.example.ng';
const LINK = /https:\/\/shop\.example\.ng\/reset-password\?token=([\w-]+)/;

let smtp: SmtpStandin;
let ctx: TestContext;
beforeAll(async () => {
  smtp = await startSmtpStandin();
  const webDist = writeWebBuild(mkdtempSync(path.join(tmpdir(), 'web-')), RENDERER);
  ctx = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL, WEB_DIST: webDist, MAIL_FROM: 'Adire <hello@shop.example.ng>' });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const cookieOf = (res: LightMyRequestResponse, name: string) => res.cookies.find((c) => c.name === name)?.value;

/** A page's form token and its secret cookie, as the page rendered for her carries them. */
async function formOf(url: string) {
  const res = await ctx.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return { token: /name="_csrf" value="([^"]+)"/.exec(res.body)![1]!, cookie: `_csrf=${cookieOf(res, '_csrf')}` };
}

const post = (url: string, fields: Record<string, string>, cookie: string) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress: uniqueIp(),
  });
const login = (email: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: uniqueIp() });

/** Asks for a link with the form and reads it from the e-mail. */
async function linkFor(email: string): Promise<string> {
  const { token, cookie } = await formOf('/forgot-password');
  const res = await post('/forgot-password', { email: ` ${email.toUpperCase()} `, _csrf: token }, cookie);
  expect(res.statusCode).toBe(200);
  expect(res.body).toContain(RESET_MESSAGES.sent);
  await ctx.app.messages.worker.drain();
  const mail = smtp.received.filter((m) => m.to.split(', ').includes(email)).at(-1);
  return LINK.exec(mail!.text)![1]!;
}

describe('resetting a forgotten password with forms (no JavaScript)', () => {
  it('sends the link, then sets the new password once, ending her form session', async () => {
    const shopper = await registerShopper(ctx.app);
    const link = await linkFor(shopper.email);
    const { token, cookie } = await formOf(`/reset-password?token=${link}`);
    const fields = { token: link, password: 'a new indigo password', confirmPassword: 'a new indigo password', _csrf: token };
    const res = await post('/reset-password', fields, `${cookie}; ${SESSION_COOKIE}=${shopper.accessToken}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain(RESET_MESSAGES.done);
    expect(res.body).toContain('href="/signin"');
    expect(res.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe('');
    expect((await login(shopper.email, 'a new indigo password')).statusCode).toBe(200);
    const again = await post(
      '/reset-password',
      { ...fields, password: 'third one here', confirmPassword: 'third one here' },
      cookie,
    );
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain(RESET_MESSAGES.used);
  });

  it('answers an unknown address as a known one', async () => {
    const { token, cookie } = await formOf('/forgot-password');
    const res = await post('/forgot-password', { email: 'nobody-here@example.com', _csrf: token }, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(RESET_MESSAGES.sent);
  });

  it('refuses a bad address, differing or short passwords, a bad link and a missing token, changing nothing', async () => {
    const shopper = await registerShopper(ctx.app);
    const forgot = await formOf('/forgot-password');
    const bad = await post('/forgot-password', { email: 'not-an-address', _csrf: forgot.token }, forgot.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Enter a valid email address');
    expect((await post('/forgot-password', { email: shopper.email }, forgot.cookie)).statusCode).toBe(403);

    const link = await linkFor(shopper.email);
    const { token, cookie } = await formOf(`/reset-password?token=${link}`);
    const cases: [Record<string, string>, string][] = [
      [{ token: link, password: 'a good password', confirmPassword: 'another password' }, PASSWORDS_MUST_MATCH],
      [{ token: link, password: 'short', confirmPassword: 'short' }, 'Password must be at least 8 characters'],
      [{ token: 'x'.repeat(40), password: 'a good password', confirmPassword: 'a good password' }, RESET_MESSAGES.invalid],
    ];
    for (const [fields, message] of cases) {
      const res = await post('/reset-password', { ...fields, _csrf: token }, cookie);
      expect(res.statusCode, message).toBe(400);
      expect(res.body).toContain(message);
    }
    const noToken = { token: link, password: 'a good password', confirmPassword: 'a good password' };
    expect((await post('/reset-password', noToken, cookie)).statusCode).toBe(403);
    expect((await login(shopper.email, shopper.password)).statusCode).toBe(200);
    // The link still works: nothing above used it.
    expect((await post('/reset-password', { ...noToken, _csrf: token }, cookie)).statusCode).toBe(200);
  });
});
