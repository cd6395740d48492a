/**
 * A throwaway PostgreSQL server of the machine's own installation, in a temporary folder
 * on a free port, for tests that stop and start the database (fault tests). Restarting the
 * shared server at 127.0.0.1:5432 would break the other test files running in parallel;
 * this one belongs to the test that made it.
 *
 * PostgreSQL refuses to run as root: when the tests run as root (CI), the server runs as
 * the `postgres` user through `runuser`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The newest installed server's binaries (Debian: /usr/lib/postgresql/<major>/bin), if any. */
export function postgresBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const majors = readdirSync(root)
    .filter((name) => existsSync(path.join(root, name, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return majors[0] ? path.join(root, majors[0], 'bin') : undefined;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface PgCluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  /** Stops the server the way an operator's restart does (fast shutdown: sessions are cut). */
  stop(): void;
  start(): void;
  /** What the server logged so far (deadlock reports name both transactions' statements). */
  serverLog(): string;
  /** Stops and removes everything. */
  destroy(): void;
}

export async function startPgCluster(): Promise<PgCluster> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('No PostgreSQL server installed under /usr/lib/postgresql');
  const asRoot = process.getuid?.() === 0;
  const base = mkdtempSync(path.join(tmpdir(), 'pg-cluster-'));
  const dataDir = path.join(base, 'data');
  const logFile = path.join(base, 'server.log');
  chmodSync(base, 0o755);
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(base, uid, gid);
  }
  const run = (tool: string, args: string[]) => {
    const command = asRoot ? 'runuser' : path.join(bin, tool);
    const argv = asRoot ? ['-u', 'postgres', '--', path.join(bin, tool), ...args] : args;
    const result = spawnSync(command, argv, { encoding: 'utf8', cwd: base });
    if (result.status !== 0) {
      throw new Error(`${tool} ${args.join(' ')} failed (${result.status}): ${result.stderr || result.stdout}`);
    }
  };
  run('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const port = await freePort();
  const options = `-p ${port} -k ${base} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c max_connections=100`;
  const start = () => run('pg_ctl', ['-D', dataDir, '-l', logFile, '-o', options, '-w', '-t', '30', 'start']);
  const stop = () => run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', '-t', '30', 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop,
    start,
    serverLog: () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : ''),
    destroy() {
      try {
        stop();
      } catch {
        // Already stopped.
      }
      rmSync(base, { recursive: true, force: true });
    },
  };
}
