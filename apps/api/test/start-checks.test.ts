/**
 * What `npm start` (cli/start.ts, a real process) makes sure of before it serves: DATA_DIR and
 * everything in it are the shop's user's alone, what was already there included (an older
 * version's world-readable database folder, outbox, images), and what it writes afterwards
 * too (a password-reset e-mail in the outbox); and in production, a PUBLIC_URL to build its
 * links from. On the embedded database, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, embeddedDatabaseIn, newShopper } from './helpers.ts';
import { apiDir, startShop } from './start-process.ts';
import { commandScript } from './commands.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** npm start on `dataDir`, stopped after the test. */
const startOn = (dataDir: string, env: Record<string, string>) =>
  startShop({ DATA_DIR: dataDir, ...env }, ({ child, exited }) =>
    cleanup.push(async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    }),
  );

function folder(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Every path under `dir` (itself included) with its permission bits, symbolic links left out. */
function modes(dir: string): Map<string, number> {
  const found = new Map([[dir, lstatSync(dir).mode & 0o777]]);
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isSymbolicLink()) continue;
    const file = path.join(entry.parentPath, entry.name);
    found.set(file, lstatSync(file).mode & 0o777);
  }
  return found;
}

/** What an older version left: folders 0755, files 0644, whatever this process's umask is. */
function openToAll(dir: string) {
  for (const [file, mode] of modes(dir)) chmodSync(file, lstatSync(file).isDirectory() ? 0o755 : mode | 0o644);
}

const readableByOthers = (dir: string) =>
  [...modes(dir)].filter(([, mode]) => (mode & 0o077) !== 0).map(([file, mode]) => `${file} ${mode.toString(8)}`);

/** A database for a shop on `dataDir`: a PostgreSQL one of its own, or the embedded one in the folder, made and closed as an earlier start would have. */
async function databaseFor(dataDir: string): Promise<Record<string, string>> {
  if (onPostgres) {
    const database = await createTestDatabase();
    cleanup.push(() => database.close());
    return { DATABASE_URL: database.url! };
  }
  embeddedDatabaseIn(dataDir);
  return { DATABASE_URL: '' };
}

describe('npm start keeps DATA_DIR private', () => {
  it('tightens at start what an older version left readable to all: the database folder, outbox, images, demo passwords', async () => {
    const dataDir = folder('private-data');
    const env = await databaseFor(dataDir);
    mkdirSync(path.join(dataDir, 'outbox'));
    writeFileSync(path.join(dataDir, 'outbox', 'old-reset.eml'), 'Subject: Reset your password\n\nhttp://shop/reset?token=old');
    mkdirSync(path.join(dataDir, 'uploads', 'ab'), { recursive: true });
    writeFileSync(path.join(dataDir, 'uploads', 'ab', 'image-640.webp'), 'RIFF');
    writeFileSync(path.join(dataDir, 'demo-accounts.txt'), 'admin@example.com secret');
    openToAll(dataDir);
    expect(readableByOthers(dataDir).length).toBeGreaterThan(4);

    const shop = await startOn(dataDir, env);
    expect(readableByOthers(dataDir)).toEqual([]);
    expect(lstatSync(path.join(dataDir, 'uploads')).mode & 0o777).toBe(0o700);
    expect(lstatSync(path.join(dataDir, 'outbox', 'old-reset.eml')).mode & 0o777).toBe(0o600);
    // The shop still serves the images it can no longer share with other users.
    expect((await fetch(`${shop.url}/uploads/ab/image-640.webp`)).status).toBe(200);
  }, 120_000);

  it('writes a password-reset e-mail into the outbox readable by the shop alone, and nothing else since either', async () => {
    const dataDir = folder('private-outbox');
    const shop = await startOn(dataDir, { ...(await databaseFor(dataDir)), MESSAGES_INTERVAL_MS: '100' });
    const shopper = newShopper();
    const post = (url: string, body: unknown) =>
      fetch(`${shop.url}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await post('/api/auth/register', shopper)).status).toBe(201);
    expect((await post('/api/auth/forgot', { email: shopper.email })).status).toBeLessThan(300);
    const outbox = path.join(dataDir, 'outbox');
    const resetMail = () =>
      existsSync(outbox)
        ? readdirSync(outbox).find((name) => {
            const mail = readFileSync(path.join(outbox, name), 'utf8');
            return mail.includes(`To: ${shopper.email}`) && /^Subject: Reset your/m.test(mail);
          })
        : undefined;
    await expect.poll(resetMail, { timeout: 30_000, interval: 100 }).toBeDefined();
    expect(lstatSync(path.join(outbox, resetMail()!)).mode & 0o777).toBe(0o600);
    expect(readableByOthers(dataDir)).toEqual([]);
  }, 120_000);
});

// On the embedded database whatever TEST_DATABASE_URL says (DATABASE_URL: ''): left to the
// PGlite pass, as the PostgreSQL pass would run it again unchanged.
describe.skipIf(process.env.TEST_DATABASE_URL)('npm start in production', () => {
  const production = { NODE_ENV: 'production', JWT_SECRET: 'a-secret-of-at-least-32-characters-for-tests', DATABASE_URL: '' };

  it('refuses to start without PUBLIC_URL, saying why without a stack trace', () => {
    const refused = spawnSync(process.execPath, [commandScript('start'), '--no-web-build'], {
      cwd: apiDir,
      env: { ...process.env, ...production, PUBLIC_URL: '', DATA_DIR: folder('no-public-url') },
      encoding: 'utf8',
      // A shop that starts anyway is stopped, and fails the test, instead of blocking it.
      timeout: 45_000,
    });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/PUBLIC_URL .* is required when NODE_ENV=production/);
    expect(refused.stderr).not.toMatch(/^\s+at /m);
  }, 60_000);

  it('starts with one', async () => {
    const shop = await startOn(folder('public-url'), { ...production, PUBLIC_URL: 'https://shop.example.com' });
    expect((await fetch(`${shop.url}/healthz`)).status).toBe(200);
  }, 60_000);
});
