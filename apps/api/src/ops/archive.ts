/**
 * The one file a backup or an export is: a gzip'd tar of a folder (manifest.json first).
 * Written under a temporary name and renamed once complete, so a half-written file never
 * passes for a backup (a rename within a folder is atomic).
 */
import { chmod, mkdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import * as tar from 'tar';

/**
 * Packs `entries` of `dir` into `file`. Symbolic links are followed: a backup links the
 * uploads folder into its working folder instead of copying every image.
 */
export async function packFolder(dir: string, entries: string[], file: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const partial = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.partial`);
  try {
    await tar.create({ gzip: true, cwd: dir, file: partial, follow: true, portable: true }, entries);
    // Accounts, addresses and orders: for the owner's eyes only.
    await chmod(partial, 0o600);
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/** Unpacks `file` (what packFolder wrote) into `dir`; `what` names it in the error for any other file. */
export async function unpackFile(file: string, dir: string, what: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  try {
    await tar.extract({ file, cwd: dir, strict: true });
  } catch (error) {
    throw new Error(`${file} is not ${what}: it cannot be read as a .tar.gz (${(error as Error).message})`);
  }
}

export async function readJson<T>(file: string): Promise<T> {
  return JSON.parse(await readFile(file, 'utf8')) as T;
}
