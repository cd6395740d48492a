/**
 * Who is asking, judged by the socket, and secrets compared in constant time: for the embedded
 * database's dump for backups (plugins/pglite-dump.ts), which wants both a connection from this
 * machine and the ops token, and for /metrics's token (plugins/metrics.ts). A connection from
 * this machine alone never opens a route: a TCP forwarder on the machine makes anyone's request
 * look local, which is why /metrics no longer asks isLocalUnproxied (decision 16).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/**
 * A client on this machine that came through no proxy. The socket's address, never
 * X-Forwarded-For whatever TRUST_PROXY says; and a request a proxy passed on says whom it is
 * for (X-Forwarded-For, Forwarded), since a proxy on this machine (deploy/Caddyfile,
 * deploy/nginx.conf) connects from 127.0.0.1 for every visitor.
 */
export function isLocalUnproxied(request: FastifyRequest): boolean {
  if (request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined) return false;
  return LOOPBACK.test(request.socket.remoteAddress ?? '');
}

/** Digests of equal length, so the comparison takes the same time whatever the given secret's length. */
const digest = (text: string) => createHash('sha256').update(text).digest();

export const sameSecret = (given: string, expected: string) => timingSafeEqual(digest(given), digest(expected));
