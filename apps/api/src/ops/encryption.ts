/**
 * Backups encrypted with BACKUP_ENCRYPTION_KEY (decision 17): the age format
 * (age-encryption.org/v1) with its passphrase (scrypt) recipient, written by age-encryption,
 * the format's designer's own JavaScript implementation, so the stock `age -d` opens a backup
 * without this code, and no cipher here is home-made.
 *
 * Streamed, both ways: the archive goes through the cipher in age's 64 KiB chunks on its way
 * to the file, so a backup of any size costs a few chunks of memory (plus scrypt's 256 MiB,
 * once per file), and no unencrypted copy ever touches the disk.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { Decrypter, Encrypter } from 'age-encryption';

/** What an encrypted backup's name ends with: shop-<time>.tar.gz.age. */
export const AGE_SUFFIX = '.age';
/** The first line of every age file (the binary form; the armored one is not written here). */
const AGE_HEADER = Buffer.from('age-encryption.org/v1\n');

type WebStream = ReadableStream<Uint8Array>;
const toWeb = (source: Readable) => Readable.toWeb(source) as unknown as WebStream;
const fromWeb = (stream: WebStream) => Readable.fromWeb(stream as unknown as NodeReadableStream<Uint8Array>);

/** `source`, encrypted to `passphrase`. */
export async function encryptStream(source: AsyncIterable<Uint8Array>, passphrase: string): Promise<Readable> {
  const encrypter = new Encrypter();
  encrypter.setPassphrase(passphrase);
  return fromWeb(await encrypter.encrypt(toWeb(Readable.from(source))));
}

/** Whether `file` begins as an age file does. */
export async function isAgeFile(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const { bytesRead, buffer } = await handle.read(Buffer.alloc(AGE_HEADER.length), 0, AGE_HEADER.length, 0);
    return bytesRead === AGE_HEADER.length && buffer.equals(AGE_HEADER);
  } finally {
    await handle.close();
  }
}

/**
 * The backup `file` as packFolder wrote it (a .tar.gz): decrypted with `passphrase` when the
 * file is an age file (told by its first line, whatever its name), undefined when it is not.
 * A file named .age that is not one, a missing key and a wrong one are each said plainly.
 */
export async function openEncrypted(file: string, passphrase: string | undefined): Promise<Readable | undefined> {
  const encrypted = await isAgeFile(file);
  if (!encrypted) {
    if (file.endsWith(AGE_SUFFIX)) throw new Error(`${file} is named .age but is not an age-encrypted file (npm run backup)`);
    return undefined;
  }
  if (!passphrase) {
    throw new Error(`${file} is encrypted: set BACKUP_ENCRYPTION_KEY to the key it was made with, then run the restore again.`);
  }
  const decrypter = new Decrypter();
  decrypter.addPassphrase(passphrase);
  try {
    // Resolves once the header is read and its MAC checked: a wrong key fails here, before anything is written.
    return fromWeb(await decrypter.decrypt(toWeb(createReadStream(file))));
  } catch (error) {
    const message = (error as Error).message;
    if (/no identity matched/.test(message)) {
      throw new Error(`BACKUP_ENCRYPTION_KEY does not open ${file}: it was encrypted with another key.`);
    }
    throw new Error(`${file} cannot be decrypted: its age header is damaged (${message})`);
  }
}
