import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests against the built web app served by the real API on a fresh embedded
 * database. Uses Debian's Chromium: no browser is downloaded.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'shop-e2e-'));
// The specs read the server's files (the e-mails it writes to DATA_DIR/outbox/) from here;
// workers load this config again and inherit the variable, so they see the same directory.
process.env.E2E_DATA_DIR = dataDir;
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'npm start',
    cwd: '..',
    url: `http://localhost:${port}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'always',
      DATABASE_URL: '',
      // Every browser and API call comes from 127.0.0.1: the per-IP limits would count all tests as one client.
      AUTH_IP_RATE_LIMIT: '100000',
      REGISTER_IP_RATE_LIMIT: '100000',
      CHECKOUT_IP_RATE_LIMIT: '100000',
      QUOTE_IP_RATE_LIMIT: '100000',
    },
  },
});
