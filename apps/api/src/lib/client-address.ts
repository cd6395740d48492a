/**
 * A client as the limits count it: its IP (as Fastify reads it, through TRUST_PROXY's
 * proxies), an IPv6 client being its whole /64, which it may fill at will.
 */
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';

export const clientOf = (request: FastifyRequest) => normalizeIP(request.ip);
