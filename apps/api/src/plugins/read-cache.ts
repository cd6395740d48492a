/**
 * A cache for public read endpoints that stays correct with any number of API processes.
 *
 * Every write to the catalogue or content tables bumps a version row in the database
 * (triggers, migration 0004), inside the writing transaction. Each cached answer is keyed
 * by the versions it depends on, so a write is visible to the very next read on every
 * process: the version check is one primary-key read, shared by concurrent requests
 * (see lib/batched.ts). Answers carry a strong ETag; a matching If-None-Match gets a 304.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { cacheVersions } from '../db/schema/index.ts';
import { batched } from '../lib/batched.ts';

export type CacheScope = 'catalog' | 'content';

export type CachedAnswer = (
  | { body: unknown }
  /** A page of the web app instead of JSON (see plugins/web.ts). */
  | { html: string }
) & {
  headers?: Record<string, string>;
  /** false: send this answer but do not keep it (a fallback that should be retried). */
  keep?: boolean;
};

interface Entry {
  /** Encoded once, so a hit costs no serialisation and no UTF-8 conversion. */
  payload: Buffer;
  type: string;
  etag: string;
  headers: Record<string, string>;
  /** Compressed variants, made on the first request that accepts them. */
  br?: Buffer;
  gzip?: Buffer;
}

/** Answers below this size are not worth compressing. */
const COMPRESS_MIN_BYTES = 1024;

function acceptedEncoding(request: FastifyRequest): 'br' | 'gzip' | undefined {
  const accept = request.headers['accept-encoding'];
  if (typeof accept !== 'string') return undefined;
  if (/\bbr\b/.test(accept)) return 'br';
  if (/\bgzip\b/.test(accept)) return 'gzip';
  return undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    readCache: {
      /** Answers from the cache, or computes, stores and answers. */
      serve(
        request: FastifyRequest,
        reply: FastifyReply,
        scopes: CacheScope[],
        compute: () => Promise<CachedAnswer>,
      ): Promise<void>;
    };
  }
}

const MAX_ENTRIES = 2000;
const MAX_BYTES = 64 * 1024 * 1024;

export default fp(
  async function readCache(app: FastifyInstance) {
    const entries = new Map<string, Entry>();
    let bytes = 0;
    let seenVersions = '';

    const loadVersions = batched(async () => {
      const rows = await app.db.select().from(cacheVersions);
      return new Map(rows.map((r) => [r.scope, r.version]));
    });

    function remember(key: string, entry: Entry) {
      entries.set(key, entry);
      bytes += entry.payload.length;
      // Map keeps insertion order: drop the oldest entries beyond the bounds.
      for (const [oldKey, old] of entries) {
        if (entries.size <= MAX_ENTRIES && bytes <= MAX_BYTES) break;
        entries.delete(oldKey);
        bytes -= old.payload.length;
      }
    }

    function send(request: FastifyRequest, reply: FastifyReply, entry: Entry): void {
      const encoding = entry.payload.length >= COMPRESS_MIN_BYTES ? acceptedEncoding(request) : undefined;
      // Each representation has its own strong ETag.
      const etag = encoding ? `${entry.etag.slice(0, -1)}-${encoding}"` : entry.etag;
      reply.header('ETag', etag).header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding');
      for (const [name, value] of Object.entries(entry.headers)) reply.header(name, value);
      const ifNoneMatch = request.headers['if-none-match'];
      if (ifNoneMatch?.split(',').some((tag) => tag.trim() === etag)) {
        reply.status(304).send();
        return;
      }
      reply.type(entry.type);
      if (encoding === 'br') {
        entry.br ??= brotliCompressSync(entry.payload, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
        reply.header('Content-Encoding', 'br').send(entry.br);
      } else if (encoding === 'gzip') {
        entry.gzip ??= gzipSync(entry.payload, { level: 6 });
        reply.header('Content-Encoding', 'gzip').send(entry.gzip);
      } else {
        reply.send(entry.payload);
      }
    }

    app.decorate('readCache', {
      async serve(request, reply, scopes, compute) {
        const versions = await loadVersions();
        const all = [...versions.entries()].map(([s, v]) => `${s}:${v}`).join(',');
        if (all !== seenVersions) {
          // Something changed since the entries were made: they can never be served again.
          entries.clear();
          bytes = 0;
          seenVersions = all;
        }
        const key = `${scopes.map((s) => versions.get(s) ?? 0).join('.')}|${request.url}`;
        let entry = entries.get(key);
        if (!entry) {
          const answer = await compute();
          const isHtml = 'html' in answer;
          const payload = Buffer.from(isHtml ? answer.html : JSON.stringify(answer.body));
          const etag = `"${createHash('sha1').update(payload).digest('base64url').slice(0, 22)}"`;
          const type = isHtml ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8';
          entry = { payload, type, etag, headers: answer.headers ?? {} };
          if (answer.keep !== false) remember(key, entry);
        }
        send(request, reply, entry);
      },
    });
  },
  { name: 'read-cache', dependencies: ['context'] },
);
