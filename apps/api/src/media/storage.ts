/**
 * Where image files live. Local disk by default (DATA_DIR/uploads, served at /uploads);
 * another backend (object storage) implements the same three calls.
 */
import { randomBytes } from 'node:crypto';
import { access, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface ImageStorage {
  /** Stores bytes under a name (content-hashed, so never overwritten with different bytes). */
  put(name: string, body: Buffer, contentType: string): Promise<void>;
  delete(name: string): Promise<void>;
  /** A stored file's bytes; undefined when there is none by that name. */
  get(name: string): Promise<Buffer | undefined>;
  /** Whether a file is stored by that name, without reading it (a bucket: a HEAD request). */
  exists(name: string): Promise<boolean>;
  /** Public URL of a stored file. */
  url(name: string): string;
}

export function localDiskStorage(dir: string, publicPrefix = '/uploads'): ImageStorage & { dir: string } {
  return {
    dir,
    async put(name, body) {
      await mkdir(dir, { recursive: true });
      const target = path.join(dir, name);
      // A temporary name of this write's own: the same image uploaded twice at once writes
      // the same target twice, and a shared temporary name lost one rename (415 to its upload).
      const temp = `${target}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temp, body);
      await rename(temp, target);
    },
    async delete(name) {
      await rm(path.join(dir, name), { force: true });
    },
    async get(name) {
      try {
        return await readFile(path.join(dir, name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async exists(name) {
      try {
        await access(path.join(dir, name));
        return true;
      } catch {
        return false;
      }
    },
    url: (name) => `${publicPrefix}/${name}`,
  };
}

export interface S3StorageConfig {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** Where the bucket's files are served from (a CDN or the bucket's own URL). */
  publicUrl: string;
  forcePathStyle: boolean;
}

/**
 * A client of a bucket's service: the images', and the backups' own private bucket
 * (ops/backup.ts, BACKUP_S3_*). Loaded only when configured: the SDK is large and the
 * default needs none of it.
 */
export async function s3Client(
  config: Omit<S3StorageConfig, 'publicUrl'>,
  options: Partial<import('@aws-sdk/client-s3').S3ClientConfig> = {},
) {
  const { S3Client } = await import('@aws-sdk/client-s3');
  return new S3Client({
    ...options,
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
  });
}

/** S3 or any S3-compatible object storage (R2, MinIO, Spaces, ...). */
export async function s3Storage(config: S3StorageConfig): Promise<ImageStorage> {
  const { PutObjectCommand, DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, NoSuchKey, NotFound } = await import(
    '@aws-sdk/client-s3'
  );
  const client = await s3Client(config);
  return {
    async put(name, body, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: name,
          Body: body,
          ContentType: contentType,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async delete(name) {
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: name }));
    },
    async get(name) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: name }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : undefined;
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return undefined;
        throw error;
      }
    },
    async exists(name) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: config.bucket, Key: name }));
        return true;
      } catch (error) {
        if (error instanceof NotFound || (error as { name?: string }).name === 'NotFound') return false;
        throw error;
      }
    },
    url: (name) => `${config.publicUrl}/${name}`,
  };
}
