/**
 * A local stand-in for S3's PutObject, GetObject and DeleteObject (path-style), for storage
 * and backup tests. A GET with credentials (an Authorization header or a presigned URL's
 * signature) gets the object; one without gets it only from a bucket that allows anonymous
 * reads (`anonymousRead`, like a public-read policy), and AccessDenied (403) otherwise, as S3
 * answers a private bucket. Signatures are not checked: the tests are about who asks, not
 * about SigV4.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StoredObject {
  body: Buffer;
  contentType: string | undefined;
  cacheControl: string | undefined;
}

export interface StandinRequest {
  method: string;
  /** /bucket/key, decoded. */
  key: string;
  /** Whether it carried credentials. */
  signed: boolean;
  status: number;
}

const signed = (req: IncomingMessage, url: URL) =>
  req.headers.authorization !== undefined || url.searchParams.has('X-Amz-Signature');

/** `anonymousRead`: the buckets anyone may read, like the images bucket compose.yaml sets up. */
export async function startS3Standin({ anonymousRead = [] }: { anonymousRead?: string[] } = {}) {
  const objects = new Map<string, StoredObject>();
  const publicBuckets = new Set(anonymousRead);
  const requests: StandinRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://s3');
      const key = decodeURIComponent(url.pathname);
      const answer = (status: number, headers: Record<string, string | number> = {}, body?: Buffer | string) => {
        requests.push({ method: req.method ?? '', key, signed: signed(req, url), status });
        res.writeHead(status, headers);
        res.end(body);
      };
      if (req.method === 'PUT') {
        objects.set(key, {
          body: Buffer.concat(chunks),
          contentType: req.headers['content-type'],
          cacheControl: req.headers['cache-control'],
        });
        return answer(200, { etag: '"standin"' });
      }
      if (req.method === 'DELETE') {
        objects.delete(key);
        return answer(204);
      }
      if (req.method === 'GET' || req.method === 'HEAD') {
        // HEAD answers as GET does, without the body.
        const head = req.method === 'HEAD';
        const bucket = key.split('/')[1] ?? '';
        if (!signed(req, url) && !publicBuckets.has(bucket)) {
          return answer(
            403,
            { 'content-type': 'application/xml' },
            head ? undefined : '<Error><Code>AccessDenied</Code></Error>',
          );
        }
        const object = objects.get(key);
        if (!object)
          return answer(404, { 'content-type': 'application/xml' }, head ? undefined : '<Error><Code>NoSuchKey</Code></Error>');
        return answer(
          200,
          { 'content-type': object.contentType ?? 'application/octet-stream', 'content-length': object.body.length },
          head ? undefined : object.body,
        );
      }
      answer(405);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    /** Every request answered, in order. */
    requests,
    /** Lets anyone read `bucket` (or no longer). */
    setAnonymousRead(bucket: string, allowed: boolean) {
      if (allowed) publicBuckets.add(bucket);
      else publicBuckets.delete(bucket);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
