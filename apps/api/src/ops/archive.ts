/**
 * The one file a backup or an export is: a gzip'd tar of a folder (manifest.json first),
 * encrypted with age when a backup has a key (ops/encryption.ts). Written under a temporary
 * name and renamed once complete, so a half-written file never passes for a backup (a rename
 * within a folder is atomic).
 */
import { createWriteStream } from 'node:fs';
import { chmod, mkdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar';
import { encryptStream } from './encryption.ts';

/**
 * Packs `entries` of `dir` into `file`, encrypted to `passphrase` when one is given (the
 * archive streams through the cipher: no unencrypted copy is written). Symbolic links are
 * followed: a backup links the uploads folder into its working folder instead of copying
 * every image.
 */
export async function packFolder(dir: string, entries: string[], file: string, passphrase?: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const partial = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.partial`);
  try {
    const archive = tar.create({ gzip: true, cwd: dir, follow: true, portable: true }, entries);
    // Accounts, addresses and orders: for the owner's eyes only, from the first byte.
    await pipeline(passphrase ? await encryptStream(archive, passphrase) : archive, createWriteStream(partial, { mode: 0o600 }));
    await chmod(partial, 0o600);
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/**
 * Unpacks `file` (what packFolder wrote) into `dir`, read from `source` when given (the file
 * decrypted); `what` names it in the error for any other file.
 */
export async function unpackFile(file: string, dir: string, what: string, source?: Readable): Promise<void> {
  await mkdir(dir, { recursive: true });
  try {
    if (source) await pipeline(source, tar.extract({ cwd: dir, strict: true }));
    else await tar.extract({ file, cwd: dir, strict: true });
  } catch (error) {
    const how = source ? 'decrypted and read as a .tar.gz' : 'read as a .tar.gz';
    throw new Error(`${file} is not ${what}: it cannot be ${how} (${(error as Error).message})`);
  }
}

export async function readJson<T>(file: string): Promise<T> {
  return JSON.parse(await readFile(file, 'utf8')) as T;
}
