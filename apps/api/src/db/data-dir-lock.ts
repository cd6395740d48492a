/**
 * PGlite runs inside one process and keeps no lock of its own: a second process opening the
 * same folder (a second `npm start`, a backup or restore while the shop runs) would corrupt
 * it. The process that opens DATA_DIR/db writes its pid to DATA_DIR/db.lock, and another
 * refuses while that process is alive. A lock left by a process that died is taken over.
 * The backup commands read it to know whether the shop is running (decision 17).
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const lockFile = (dataDir: string) => path.join(dataDir, 'db.lock');

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** The live process, other than this one, that has the folder's database open; undefined if none. */
export function lockHolder(dataDir: string): number | undefined {
  const pid = readPid(lockFile(dataDir));
  return pid !== undefined && pid !== process.pid && isAlive(pid) ? pid : undefined;
}

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is open in process ${pid} (the shop, or a backup or restore). ` +
        `PGlite admits one process: stop that one first. If no such process is the shop, delete ${lockFile(dataDir)}.`,
    );
  }
}

/** Takes the folder's lock for this process; answers the function that gives it back. */
export function lockDataDir(dataDir: string): () => void {
  const file = lockFile(dataDir);
  const holder = lockHolder(dataDir);
  if (holder !== undefined) throw new DataDirInUseError(dataDir, holder);
  writeFileSync(file, `${process.pid}\n`, { mode: 0o600 });
  return () => {
    if (readPid(file) === process.pid) rmSync(file, { force: true });
  };
}
