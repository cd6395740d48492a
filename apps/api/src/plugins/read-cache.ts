/**
 * A cache for public read endpoints that stays correct with any number of API processes.
 *
 * Every write to the catalogue or content tables bumps a version row in the database
 * (triggers, migration 0004), inside the writing transaction. Each cached answer is keyed
 * by the versions it depends on, so a write is visible to the very next read on every
 * process: the version check is one primary-key read, shared by concurrent requests
 * (see lib/batched.ts). Answers carry a weak ETag, one per content whatever its encoding and
 * compression level; a matching If-None-Match gets a 304. A strong one per representation
 * (brotli at the fast level, then at the best) turned the page a shopper already held into a
 * full download once its bytes were made again at the best level: the same page, sent twice.
 * Only the query parameters the route's schema knows are part of the key (readCacheKey): a
 * shared link with tracking tags, or `?x=<random>`, is answered from the plain URL's entry, so
 * nobody can force a fresh query or push everyone's entries out.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { countReadCache } from '../metrics/registry.ts';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { cacheVersions } from '../db/schema/index.ts';
import { batched } from '../lib/batched.ts';
import { statementText } from '../db/client.ts';

export type CacheScope = 'catalog' | 'content';

export type CachedAnswer = (
  | { body: unknown }
  /** A page of the web app instead of JSON (see plugins/web.ts). */
  | { html: string }
  /** Other text: robots.txt, sitemaps (seo/). `type` is the Content-Type. */
  | { text: string; type: string }
) & {
  headers?: Record<string, string>;
  /** false: send this answer but do not keep it (a fallback that should be retried). */
  keep?: boolean;
  /**
   * The text the ETag is made from, when the answer holds something that is not its content: a
   * rendered page's render times (plugins/web.ts). Two API processes that render the same content
   * at different moments then answer one ETag, so a repeat visit gets its 304 from either.
   */
  sameAs?: string;
};

interface Entry {
  /** Encoded once, so a hit costs no serialisation and no UTF-8 conversion. */
  payload: Buffer;
  type: string;
  etag: string;
  headers: Record<string, string>;
  /** Compressed variants, made on the first request that accepts them (see compressed()). */
  br?: Compressed;
  gzip?: Compressed;
}

interface Compressed {
  bytes: Buffer | Promise<Buffer>;
  /** Made at the fast level; the best level replaces it once another request asks for it. */
  fast: boolean;
  /** The best level is being made. */
  upgrading?: boolean;
  /** Requests served these bytes, counted at the fast level only (see UPGRADE_AFTER). */
  served: number;
}

/**
 * Requests an entry's fast-level bytes serve before the best level is made: only an answer
 * that is asked for again and again is worth it. Every sale bumps the catalogue's version, so
 * most entries of a busy shop live a few seconds; making the best level for each on its second
 * request cost 1.1 ms of a core per list page, taken from the requests after it on a 2-core
 * machine (issue 15's cold path: the cached list's p95 went from 1.7–2.4 ms to 0.9–1.0 ms).
 */
const UPGRADE_AFTER = 4;

/** Answers below this size are not worth compressing. */
const COMPRESS_MIN_BYTES = 1024;

/**
 * Answers from this size (a sitemap file: megabytes) are compressed on libuv's thread pool:
 * brotli at quality 5 takes about 40 ms per megabyte, which would hold every other request up.
 */
const COMPRESS_OFF_THREAD_BYTES = 256 * 1024;

/**
 * Two levels per encoding. The best (brotli 5, gzip 6) for answers served again and again;
 * the fast one (brotli 1, gzip 1) for an answer's first request, which waits for it: a
 * 65 kB page of products takes 1.1 ms at brotli 5 against 0.15 ms at brotli 1 (13 % more
 * bytes), and 0.76 ms at gzip 6 against 0.41 ms at gzip 1 (17 % more).
 */
const LEVELS = {
  br: {
    best: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
    fast: { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } },
  },
  gzip: { best: { level: 6 }, fast: { level: 1 } },
} as const;
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

function compress(
  payload: Buffer,
  encoding: 'br' | 'gzip',
  level: 'best' | 'fast',
  offThread: boolean,
): Buffer | Promise<Buffer> {
  if (encoding === 'br') {
    const options = LEVELS.br[level];
    return offThread ? brotliAsync(payload, options) : brotliCompressSync(payload, options);
  }
  const options = LEVELS.gzip[level];
  return offThread ? gzipAsync(payload, options) : gzipSync(payload, options);
}

/**
 * The entry's bytes in that encoding. The first request for them waits for the fast level
 * (the first answer after a catalogue change is the slow one: issue 15's cold path); the
 * next ones are served those too, and the UPGRADE_AFTER-th starts the best level on libuv's
 * thread pool, which every later request gets. Big answers (sitemaps) get the best level off
 * the thread at once, and pages get it at once on the thread (see isPage).
 */
function compressed(entry: Entry, encoding: 'br' | 'gzip'): Compressed {
  const made = entry[encoding];
  if (!made) {
    const first: Compressed = isBig(entry)
      ? { bytes: compress(entry.payload, encoding, 'best', true), fast: false, served: 0 }
      : isPage(entry)
        ? { bytes: compress(entry.payload, encoding, 'best', false), fast: false, served: 0 }
        : { bytes: compress(entry.payload, encoding, 'fast', false), fast: true, served: 1 };
    entry[encoding] = first;
    return first;
  }
  if (made.fast && !made.upgrading && ++made.served >= UPGRADE_AFTER) {
    made.upgrading = true;
    (compress(entry.payload, encoding, 'best', true) as Promise<Buffer>).then(
      (bytes) => {
        entry[encoding] = { bytes, fast: false, served: 0 };
      },
      () => {}, // the fast bytes stay
    );
  }
  return made;
}

const isBig = (entry: Entry) => entry.payload.length >= COMPRESS_OFF_THREAD_BYTES;

/**
 * A rendered page (plugins/web.ts) is compressed at the best level from its first request.
 * Rendering it took 30–45 ms; brotli 5 takes 1–1.5 ms more than brotli 1 on a listing's
 * 130–150 kB, and saves 13–20 % of its bytes: a phone's first round trip carries about 14 kB
 * (TCP's first congestion window, ten 1,460-byte segments), and /women at brotli 1 (15.7 kB)
 * needed a second one before its first photo could start; at brotli 5, 12.6 kB (issue 32).
 */
const isPage = (entry: Entry) => entry.type.startsWith('text/html');

/**
 * Whether an If-None-Match header names `etag`, by the weak comparison HTTP uses for it
 * (RFC 9110, 13.1.2: a tag matches with or without its `W/`).
 */
function matchesWeakly(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === wanted);
}

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
        /** Given the versions the answer is kept for (a scope's own, such as `search`, included). */
        compute: (versions: ReadonlyMap<string, number>) => Promise<CachedAnswer>,
        /** What the answer depends on besides the versions; readCacheKey(request) unless told. */
        key?: string,
      ): Promise<void>;
    };
  }
}

/**
 * The path and the query parameters the route's querystring schema knows, as validated
 * (defaults filled in, unknown names dropped), in name order with one encoding: `?b=1&a=2`
 * and `?a=2&b=1` are one entry. A route without a querystring schema reads no parameter.
 */
export function readCacheKey(request: FastifyRequest): string {
  const queryStart = request.url.indexOf('?');
  const path = queryStart < 0 ? request.url : request.url.slice(0, queryStart);
  if (queryStart < 0 || !request.routeOptions.schema?.querystring) return path;
  const query = (request.query ?? {}) as Record<string, unknown>;
  const parts = Object.keys(query)
    .sort()
    .flatMap((name) =>
      query[name] === undefined ? [] : [`${encodeURIComponent(name)}=${encodeURIComponent(JSON.stringify(query[name]))}`],
    );
  return parts.length ? `${path}?${parts.join('&')}` : path;
}

/** Every scope's version: every request that reaches the cache waits for it (a prepared statement). */
const VERSIONS = statementText(
  sql`select ${sql.identifier(cacheVersions.scope.name)}, ${sql.identifier(cacheVersions.version.name)} from ${cacheVersions}`,
);

const MAX_ENTRIES = 2000;
const MAX_BYTES = 64 * 1024 * 1024;

export default fp(
  async function readCache(app: FastifyInstance) {
    const entries = new Map<string, Entry>();
    let bytes = 0;
    let seenVersions = '';

    const loadVersions = batched(async () => {
      const rows = (await app.database.preparedRows('cache_versions', VERSIONS)) as [string, string | number][];
      return new Map(rows.map(([scope, version]) => [scope, Number(version)]));
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

    async function send(request: FastifyRequest, reply: FastifyReply, entry: Entry): Promise<void> {
      const encoding = entry.payload.length >= COMPRESS_MIN_BYTES ? acceptedEncoding(request) : undefined;
      reply.header('ETag', entry.etag).header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding');
      for (const [name, value] of Object.entries(entry.headers)) reply.header(name, value);
      if (matchesWeakly(request.headers['if-none-match'], entry.etag)) {
        reply.status(304).send();
        return;
      }
      reply.type(entry.type);
      if (encoding) {
        reply.header('Content-Encoding', encoding).send(await compressed(entry, encoding).bytes);
      } else {
        reply.send(entry.payload);
      }
    }

    app.decorate('readCache', {
      async serve(request, reply, scopes, compute, answerKey) {
        const versions = await loadVersions();
        const all = [...versions.entries()].map(([s, v]) => `${s}:${v}`).join(',');
        if (all !== seenVersions) {
          // Something changed since the entries were made: they can never be served again.
          entries.clear();
          bytes = 0;
          seenVersions = all;
        }
        const key = `${scopes.map((s) => versions.get(s) ?? 0).join('.')}|${answerKey ?? readCacheKey(request)}`;
        let entry = entries.get(key);
        countReadCache(request.url.startsWith('/api/') ? 'api' : 'pages', entry ? 'hit' : 'miss');
        if (!entry) {
          const answer = await compute(versions);
          const [text, type] =
            'html' in answer
              ? [answer.html, 'text/html; charset=utf-8']
              : 'text' in answer
                ? [answer.text, answer.type]
                : [JSON.stringify(answer.body), 'application/json; charset=utf-8'];
          const payload = Buffer.from(text);
          const etag = `W/"${createHash('sha1')
            .update(answer.sameAs ?? payload)
            .digest('base64url')
            .slice(0, 22)}"`;
          entry = { payload, type, etag, headers: answer.headers ?? {} };
          if (answer.keep !== false) remember(key, entry);
        }
        await send(request, reply, entry);
      },
    });
  },
  { name: 'read-cache', dependencies: ['context'] },
);
