/**
 * pg_dump and pg_restore, the PostgreSQL client's own tools, for backups of a shop on a
 * PostgreSQL server. pg_dump refuses a server of a newer major version than itself, so the
 * server's own version is looked for first (Debian and Ubuntu install each major under
 * /usr/lib/postgresql/<major>/bin), then the one on PATH; a mismatch is reported before
 * anything runs, with what to install. The password goes in the environment (PGPASSWORD),
 * never in the arguments every user of the machine can read (ps).
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

export type Tool = 'pg_dump' | 'pg_restore';

/** The tool of the server's major version when installed, else the one on PATH. */
export function toolPath(tool: Tool, serverMajor: number): string {
  const own = path.join('/usr/lib/postgresql', String(serverMajor), 'bin', tool);
  return existsSync(own) ? own : tool;
}

export async function toolMajor(bin: string): Promise<number> {
  try {
    const { stdout } = await promisify(execFile)(bin, ['--version']);
    const match = /\(PostgreSQL\)\s+(\d+)/.exec(stdout);
    if (!match) throw new Error(`cannot read the version in "${stdout.trim()}"`);
    return Number(match[1]);
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    throw new Error(
      missing
        ? `${path.basename(bin)} is not installed: install the PostgreSQL client tools (Debian/Ubuntu: apt install postgresql-client)`
        : `${bin} --version failed: ${(error as Error).message}`,
    );
  }
}

/**
 * The tool to use against a server of `serverMajor`, or an error saying what to install:
 * pg_dump and pg_restore handle servers (and dumps) of their own major version and older.
 */
export async function toolFor(tool: Tool, serverMajor: number): Promise<string> {
  const bin = toolPath(tool, serverMajor);
  const major = await toolMajor(bin);
  if (major < serverMajor) {
    throw new Error(
      `The PostgreSQL server is version ${serverMajor} and this machine's ${tool} is version ${major}: ${tool} works with ` +
        `servers of its own version and older. Install the client of version ${serverMajor} or newer ` +
        `(Debian/Ubuntu: apt install postgresql-client-${serverMajor}, from apt.postgresql.org).`,
    );
  }
  return bin;
}

/** Runs a tool against the database at `url`; rejects with its error output. */
export function runTool(bin: string, args: string[], url: string): Promise<void> {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return new Promise((resolve, reject) => {
    const child = spawn(bin, [...args, '--dbname', u.toString()], {
      // biome-ignore lint/style/noProcessEnv: the tool inherits the environment (PGSSLMODE, …), plus the password.
      env: { ...process.env, ...(password && { PGPASSWORD: password }) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${path.basename(bin)} failed (exit ${code}): ${stderr.trim()}`));
    });
  });
}
