/**
 * A real API process (test/fixtures/serve.ts) on a free port, for tests that need several
 * processes sharing one database, or a process that must survive a fault.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface ApiProcess {
  child: ChildProcess;
  port: number;
  url: string;
  /** Whether the process is still running. */
  alive(): boolean;
  stop(): Promise<void>;
}

/**
 * `script`: fixtures/serve.ts bundled (bundle.ts); by default the test run's bundle (commands.ts,
 * imported only then: the soak, outside Vitest, passes its own).
 */
export async function startApiProcess(env: Record<string, string>, { script }: { script?: string } = {}): Promise<ApiProcess> {
  script ??= (await import('./commands.ts')).commandScript('serve');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'proc-'));
  const child = spawn(process.execPath, [script], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      AUTH_RATE_LIMIT: '1000',
      AUTH_IP_RATE_LIMIT: '100000',
      AUTH_EMAIL_RATE_LIMIT: '1000',
      REGISTER_IP_RATE_LIMIT: '100000',
      CHECKOUT_RATE_LIMIT: '1000',
      CHECKOUT_IP_RATE_LIMIT: '100000',
      QUOTE_RATE_LIMIT: '1000',
      QUOTE_IP_RATE_LIMIT: '100000',
      // No load shedding, as start-process.ts's: on a busy machine a fresh process's event loop
      // was held past the 1 s limit, and its first request answered 503 (test:pg in CI,
      // pos/conflicts-multi-process.test.ts, 2026-11-28). The soak keeps the shop's limit.
      MAX_EVENT_LOOP_DELAY_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      const match = /PORT=(\d+)/.exec(chunk.toString());
      if (!match) return;
      const port = Number(match[1]);
      resolve({
        child,
        port,
        url: `http://127.0.0.1:${port}`,
        alive: () => child.exitCode === null && child.signalCode === null,
        stop,
      });
    });
    child.once('exit', (code) => reject(new Error(`API process exited with ${code} before listening`)));
  });
}

/** Two API processes sharing the test's database, as the multi-process tests run them. */
export function startTwoApiProcesses(databaseUrl: string, jwtSecret: string): Promise<ApiProcess[]> {
  const env = { DATABASE_URL: databaseUrl, JWT_SECRET: jwtSecret };
  return Promise.all([startApiProcess(env), startApiProcess(env)]);
}

/** A member's access token, signed in through a process (whose JWT secret is not the test app's). */
export async function signInOn(port: number, { email, password }: { email: string; password: string }): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/adminlogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/** A POST to a process with a bearer token, and a JSON body when given: its status and text. */
export async function postTo(port: number, url: string, authorization: string, body?: unknown) {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${authorization}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: await res.text() };
}
