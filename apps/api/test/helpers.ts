/**
 * Test helpers: every test file gets its own migrated database (see global-setup.ts) and
 * an app built on it; requests go through app.inject(), so no port is needed.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { expect, inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { createPglite, type Database, openDatabase } from '../src/db/client.ts';
import { twoFactor } from '../src/db/schema/index.ts';
import { type Permission, permissionRefusal, ROLE_TEMPLATES, type RoleTemplate, TEMPLATE_ROLES } from '@shop/shared';
import { hashPassword } from '../src/lib/passwords.ts';
import { findRoleByTemplate } from '../src/staff/index.ts';
import { insertUser, upsertAdmin } from '../src/users/index.ts';
import { withDatabase } from './global-setup.ts';

export async function createTestDatabase(): Promise<Database> {
  const template = inject('pgTemplate');
  const url = process.env.TEST_DATABASE_URL;
  if (template && url) {
    // Named after the run's template, so the run's teardown finds any copy still there (global-setup.ts).
    const name = `${template}_f${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    // A test's commits return before their WAL reaches the disk (every connection to this
    // database, the app's own processes' too): what a test sees is the same, a server crash
    // would lose the last moments of a throwaway database, and the PostgreSQL pass's CPU and
    // wall time drop by about 7 % (issue 27, CI time).
    await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
    const database = await openDatabase({ url: withDatabase(url, name), poolSize: 20 });
    return {
      ...database,
      close: async () => {
        await database.close();
        // Not waited for: PostgreSQL checkpoints for each DROP DATABASE (~0.6 s on this machine),
        // which the worker's next file has no need to wait for; the teardown drops what is left.
        void admin
          .query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
          .catch(() => {})
          .finally(() => admin.end());
      },
    };
  }
  const pgliteTemplate = inject('pgliteTemplate');
  if (!pgliteTemplate) throw new Error('global setup did not prepare a database template');
  const dir = mkdtempSync(`${pgliteTemplate}-copy-`);
  cpSync(pgliteTemplate, dir, { recursive: true });
  const database = await openDatabase({ pglite: await createPglite(dir) });
  return {
    ...database,
    close: async () => {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A shop's data folder as an earlier start leaves it on the embedded database: a copy of the
 * run's migrated template in DATA_DIR/db, where openDatabase({ dataDir }) and `npm start` open
 * it. Whoever opens it next skips initdb and the migrations (about 4 s of CPU each time). On the
 * PostgreSQL pass (no embedded template) the folder is left as it is: the shop uses DATABASE_URL.
 * The first start on an empty folder keeps its own tests (cli.test.ts, start-checks.test.ts's
 * production start).
 */
export function embeddedDatabaseIn(dataDir: string): string {
  const template = inject('pgliteTemplate');
  if (template) cpSync(template, path.join(dataDir, 'db'), { recursive: true });
  return dataDir;
}

/** Test config: quiet, generous rate limits, and a data directory of its own (uploads). */
export function testConfig(env: Record<string, string> = {}): Config {
  const DATA_DIR = mkdtempSync(path.join(tmpdir(), 'shop-test-data-'));
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT: '1000',
    AUTH_IP_RATE_LIMIT: '100000',
    AUTH_EMAIL_RATE_LIMIT: '1000',
    REGISTER_IP_RATE_LIMIT: '100000',
    CHECKOUT_RATE_LIMIT: '1000',
    CHECKOUT_IP_RATE_LIMIT: '100000',
    QUOTE_RATE_LIMIT: '1000',
    QUOTE_IP_RATE_LIMIT: '100000',
    DATA_DIR,
    // Tests send messages when they choose to (app.messages.worker.drain()).
    MESSAGES_INTERVAL_MS: '0',
    // No load shedding: PGlite's start-up and a neighbouring test's work hold this process's
    // event loop, which would shed another app's requests (test/operations.test.ts turns it on).
    MAX_EVENT_LOOP_DELAY_MS: '0',
    ...env,
  });
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

export async function createTestApp(env: Record<string, string> = {}): Promise<TestContext> {
  const database = await createTestDatabase();
  const config = testConfig(env);
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
/** A unique, valid registration body. */
export function newShopper(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    firstName: 'Chioma',
    lastName: 'Eze',
    email: `shopper${counter}-${randomBytes(3).toString('hex')}@example.com`,
    password: 'correct horse battery',
    phone: '+2348030000000',
    address: '5 Awolowo Road',
    city: 'Ikoyi',
    state: 'Lagos',
    country: 'Nigeria',
    ...overrides,
  };
}

export async function registerShopper(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const body = newShopper(overrides);
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const json = res.json() as { accessToken: string; user: { id: string } };
  return { ...json, email: body.email, password: body.password };
}

export async function createAdmin(ctx: TestContext, email = `admin-${randomBytes(3).toString('hex')}@example.com`) {
  const password = 'admin password 123';
  await upsertAdmin(ctx.database.db, { email, password });
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/adminlogin', payload: { email, password } });
  const json = res.json() as { accessToken: string; user: { id: string } };
  return { ...json, email, password };
}

/**
 * A staff member of the given template's role (Owner by default), signed in through the
 * back office's sign-in: their token, id and permissions.
 */
export async function createStaff(ctx: TestContext, template: RoleTemplate = 'owner') {
  const role = await findRoleByTemplate(ctx.database.db, template);
  return createMemberOfRole(ctx, role.id, TEMPLATE_ROLES[template].name.split(' ')[0]!);
}

/** A member of any role (a custom one made through POST /api/roles), signed in as createStaff's are. */
export async function createMemberOfRole(ctx: TestContext, roleId: string, firstName = 'Custom') {
  const password = 'staff password 123';
  const body = newShopper({ firstName, lastName: 'Staff', password });
  const hashed = await hashPassword(password);
  await insertUser(ctx.database.db, body, 'admin', hashed, roleId);
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/adminlogin', payload: { email: body.email, password } });
  if (res.statusCode !== 200) throw new Error(`staff sign-in failed: ${res.statusCode} ${res.body}`);
  const json = res.json() as { accessToken: string; user: { id: string; permissions: string[]; staffRole: string } };
  return { ...json, email: body.email, password, roleId };
}

/**
 * Thirty seconds on, for two-factor: the member's last accepted code counts as one step older,
 * so the code the app shows now is accepted once more (a code is good once: auth/two-factor.ts).
 */
export async function aStepLater(ctx: Pick<TestContext, 'database'>, userId: string): Promise<void> {
  await ctx.database.db
    .update(twoFactor)
    .set({ lastStep: sql`${twoFactor.lastStep} - 1` })
    .where(eq(twoFactor.userId, userId));
}

export function bearer(token: string): InjectOptions['headers'] {
  return { authorization: `Bearer ${token}` };
}

/** A refusal for want of a permission: 403 naming it. */
export function expectRefusal(res: LightMyRequestResponse, permission: Permission): void {
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json()).toEqual({ msg: permissionRefusal(permission), permission });
}

/**
 * Each request refused to every caller a route guarded by `permission` must refuse: anonymous
 * 401, a shopper and a member of each role template without the permission 403 naming it.
 */
export async function expectRefusedWithout(
  ctx: TestContext,
  permission: Permission,
  requests: { method: InjectOptions['method']; url: string; payload?: object }[],
): Promise<void> {
  const callers: { who: string; token?: string }[] = [
    { who: 'anonymous' },
    { who: 'a shopper', token: (await registerShopper(ctx.app)).accessToken },
  ];
  for (const template of ROLE_TEMPLATES.filter((t) => !TEMPLATE_ROLES[t].permissions.includes(permission))) {
    callers.push({ who: template, token: (await createStaff(ctx, template)).accessToken });
  }
  for (const { who, token } of callers) {
    for (const { method, url, payload } of requests) {
      const res = await ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload && { payload }) });
      expect(res.statusCode, `${who}: ${method} ${url}`).toBe(token ? 403 : 401);
      if (token) expect(res.json(), `${who}: ${method} ${url}`).toEqual({ msg: permissionRefusal(permission), permission });
    }
  }
}
