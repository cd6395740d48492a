/**
 * `npm start`'s entry point (src/cli/start.ts bundled, commands.ts; without the web build) as a real process on a
 * free port, for the tests of what npm start itself does: its cluster (cluster.test.ts), and
 * what it checks and fixes before it serves (start-checks.test.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { commandScript } from './commands.ts';

export const apiDir = path.resolve(import.meta.dirname, '..');

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface Shop {
  child: ChildProcess;
  url: string;
  /** What it printed so far, standard output and error together. */
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * npm start with the tests' quiet defaults (no demo data, e-mail to the outbox) and `env`
 * (DATA_DIR at least); resolves once its banner says the shop is running, rejects if it exits
 * first.
 * `started` gets the process at once, so a caller can stop it whatever happens next.
 */
export async function startShop(env: Record<string, string>, started?: (shop: Shop) => void): Promise<Shop> {
  const port = await freePort();
  const child = spawn(process.execPath, [commandScript('start'), '--no-web-build'], {
    cwd: apiDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'never',
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
      // No load shedding: a neighbouring test file's work can hold a fresh process's event
      // loop past the limit (a request in flight answered 503 so); operations.test.ts tests it.
      MAX_EVENT_LOOP_DELAY_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const shop: Shop = { child, url: `http://127.0.0.1:${port}`, output: () => output, exited };
  started?.(shop);
  await new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk;
      // The whole banner: it ends with an empty line.
      if (/Shop running at[\s\S]*\n\n/.test(output)) resolve();
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    void exited.then((code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
  });
  return shop;
}
