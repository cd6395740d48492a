/**
 * A client as the limits count it: its IP (as Fastify reads it, through TRUST_PROXY's
 * proxies), an IPv6 client being its whole /64, which it may fill at will. A request from one
 * of Opera Mini's proxies (OPERA_MINI_PROXIES) counts as the address that proxy forwarded in
 * X-Forwarded-For: it puts many shoppers behind a few addresses (decision 0013).
 */
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { BlockList, isIP } from 'node:net';

/** OPERA_MINI_PROXIES: comma-separated CIDR ranges (or addresses); throws naming an entry that is neither. */
export function parseProxyRanges(text: string | undefined): BlockList | undefined {
  const entries = (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (entries.length === 0) return undefined;
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/');
    const family = isIP(address);
    const prefix = bits === undefined ? (family === 6 ? 128 : 32) : Number(bits);
    if (!family || !Number.isInteger(prefix) || prefix < 0 || prefix > (family === 6 ? 128 : 32))
      throw new Error(`OPERA_MINI_PROXIES: "${entry}" is not an IP address or CIDR range`);
    list.addSubnet(address, prefix, family === 6 ? 'ipv6' : 'ipv4');
  }
  return list;
}

/** The address an Opera Mini proxy forwarded: the hop just before the proxy in X-Forwarded-For. */
function forwardedByOperaMini(request: FastifyRequest, ip: string, proxies: BlockList): string {
  const family = isIP(ip);
  if (!family || !proxies.check(ip, family === 6 ? 'ipv6' : 'ipv4')) return ip;
  const header = request.headers['x-forwarded-for'];
  const hops = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').map((s) => s.trim());
  const chain = [...hops, request.socket.remoteAddress ?? ''];
  const at = chain.lastIndexOf(ip);
  const client = at > 0 ? chain[at - 1] : undefined;
  return client && isIP(client) ? client : ip;
}

/**
 * The client of a request whose connection has already closed (a phone that lost its signal
 * while the request waited its turn): Fastify reads the address from the socket, gone by then.
 * Nobody waits for that answer; it only must not end in an error.
 */
export const CLIENT_GONE = 'gone';

export const clientOf = (request: FastifyRequest) => {
  const ip = request.ip as string | undefined;
  if (!ip) return CLIENT_GONE;
  const proxies = request.server.config.operaMiniProxies;
  return normalizeIP(proxies ? forwardedByOperaMini(request, ip, proxies) : ip);
};
