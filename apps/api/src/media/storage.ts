/**
 * Where image files live. Local disk by default (DATA_DIR/uploads, served at /uploads);
 * another backend (object storage) implements the same three calls.
 */
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface ImageStorage {
  /** Stores bytes under a name (content-hashed, so never overwritten with different bytes). */
  put(name: string, body: Buffer, contentType: string): Promise<void>;
  delete(name: string): Promise<void>;
  /** Public URL of a stored file. */
  url(name: string): string;
}

export function localDiskStorage(dir: string, publicPrefix = '/uploads'): ImageStorage & { dir: string } {
  return {
    dir,
    async put(name, body) {
      await mkdir(dir, { recursive: true });
      const target = path.join(dir, name);
      const temp = `${target}.${process.pid}.tmp`;
      await writeFile(temp, body);
      await rename(temp, target);
    },
    async delete(name) {
      await rm(path.join(dir, name), { force: true });
    },
    url: (name) => `${publicPrefix}/${name}`,
  };
}
