import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { testConfig } from './helpers.ts';
import { commandScript } from './commands.ts';

const apiDir = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'cli-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const run = (command: string, args: string[], options: { env?: Record<string, string>; input?: string } = {}) =>
  spawnSync(process.execPath, [commandScript(command), ...args], {
    cwd: apiDir,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test', ADMIN_PASSWORD: '', ...options.env },
    input: options.input,
    encoding: 'utf8',
  });

// On the embedded database whatever TEST_DATABASE_URL says (DATABASE_URL: ''): the PostgreSQL
// pass (npm run test:pg) would run it again unchanged, so it leaves it to the PGlite pass.
describe.skipIf(process.env.TEST_DATABASE_URL)('npm run admin:create', () => {
  it('creates an admin who can sign in to the back office, and refuses a short password', async () => {
    const short = run('admin-create', ['--email', 'owner@shop.ng'], { input: 'short\n' });
    expect(short.status).not.toBe(0);
    expect(short.stderr).toMatch(/at least 8 characters/);

    // The password piped in (one line), as from a password manager.
    const created = run('admin-create', ['--email', 'owner@shop.ng', '--first', 'Bola'], {
      input: 'a long password\n',
    });
    expect(created.status).toBe(0);
    expect(created.stdout).toMatch(/Created admin owner@shop\.ng/);

    const database = await openDatabase({ dataDir });
    const app = await buildApp({ config: testConfig({ DATA_DIR: dataDir }), database, logger: false });
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/adminlogin',
        payload: { email: 'owner@shop.ng', password: 'a long password' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({ fname: 'Bola', role: 'admin' });
    } finally {
      await app.close();
    }
  }, 120_000);
});
