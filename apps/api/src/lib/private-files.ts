/**
 * DATA_DIR is for the shop's own user only: it holds the embedded database, live password-reset
 * links in the e-mail outbox, the JWT secret, the demo passwords, backups and uploaded images
 * (which the shop serves itself, as that user). Whatever a process that called keepDataPrivate
 * creates afterwards is created under umask 077; what is already there, made by an older
 * version or another tool, is tightened: folders 0700, files at most 0600. PGlite alone gives
 * some files modes of its own whatever the umask (a new database's, its relation cache at
 * each open: 0666 and 0644), so its folder is tightened again once it is open; DATA_DIR being
 * 0700, no other user could reach them meanwhile.
 */
import { existsSync } from 'node:fs';
import { chmod, lstat, mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** No group or other bits on anything this process creates. */
export const PRIVATE_UMASK = 0o077;

/** How many paths were tightened, and those that could not be (another owner's, say). */
export interface Tightened {
  changed: number;
  failed: string[];
}

/** Paths looked at in parallel: enough to hide the file system's latency, few enough to stay under any open-file limit. */
const BATCH = 64;

/**
 * The mode a path should have: folders 0700; files keep their owner's read and write bits
 * (a read-only file stays read-only), nothing else.
 */
const privateMode = (mode: number, directory: boolean) => (directory ? 0o700 : mode & 0o600);

async function tighten(file: string, directory: boolean, result: Tightened): Promise<void> {
  try {
    // lstat: a symbolic link is left alone (chmod would follow it out of DATA_DIR).
    const info = await lstat(file);
    if (info.isSymbolicLink()) return;
    const wanted = privateMode(info.mode & 0o777, directory);
    // Unchanged modes are not rewritten: chmod moves a file's ctime, which makes backup tools
    // that watch it (restic, borg) read every image again.
    if ((info.mode & 0o777) === wanted) return;
    await chmod(file, wanted);
    result.changed += 1;
  } catch (error) {
    // Deleted meanwhile (a temporary file): nothing left to protect.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') result.failed.push(file);
  }
}

/** Tightens `dir` and everything below it; answers what it changed. */
export async function tightenTree(dir: string): Promise<Tightened> {
  const result: Tightened = { changed: 0, failed: [] };
  await tighten(dir, (await stat(dir)).isDirectory(), result);
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  for (let i = 0; i < entries.length; i += BATCH) {
    await Promise.all(
      entries
        .slice(i, i + BATCH)
        .filter((entry) => !entry.isSymbolicLink())
        .map((entry) => tighten(path.join(entry.parentPath, entry.name), entry.isDirectory(), result)),
    );
  }
  return result;
}

/** What a command says about a tightening: nothing when there was nothing to do. */
function describe(dataDir: string, { changed, failed }: Tightened): string[] {
  const lines: string[] = [];
  if (changed > 0) lines.push(`Made ${changed} files and folders in ${dataDir} private to this user (folders 0700, files 0600).`);
  if (failed.length > 0) {
    const shown = failed.slice(0, 5).join(', ');
    lines.push(
      `Could not make ${failed.length} paths in ${dataDir} private (another user's?): ${shown}${failed.length > 5 ? ', …' : ''}. ` +
        "Give them to the shop's user (chown), or remove them.",
    );
  }
  return lines;
}

/**
 * From now on this process creates nothing others can read, and DATA_DIR and what it holds
 * are private. Run once at the start of each command that writes there (the shop, backup,
 * restore), in the main thread (umask is the process's). Answers what to tell the owner.
 */
export async function keepDataPrivate(dataDir: string): Promise<string[]> {
  process.umask(PRIVATE_UMASK);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  return describe(dataDir, await tightenTree(dataDir));
}

/**
 * After the embedded database (DATA_DIR/db) was opened: what PGlite wrote with modes of its
 * own, tightened. Answers what to tell the owner: only what could not be (it happens at
 * every open, so a count would be noise).
 */
export async function tightenEmbeddedDatabase(dataDir: string): Promise<string[]> {
  const folder = path.join(dataDir, 'db');
  if (!existsSync(folder)) return [];
  const { failed } = await tightenTree(folder);
  return describe(dataDir, { changed: 0, failed });
}
