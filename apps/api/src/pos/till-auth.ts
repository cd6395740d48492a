/**
 * Who may call a till route (`config: { access: 'till' }`): the till itself, by its device
 * token (`Authorization: Bearer till_…`), or a signed-in member with `pos.sell` naming the
 * till (`tillId` in the body or the query). The guard (plugins/auth.ts runs it first on the
 * route) checks the token; `resolveTill` (a preHandler, after the body is parsed) settles
 * which till the request is for and puts it on `request.till`.
 *
 * Use on a route:
 *   app.post('/api/pos/…', { config: { access: 'till' }, preHandler: resolveTill, schema: {
 *     security: [{ bearerAuth: [] }], … } }, handler)  → request.till: { id, prefix, name }
 * A device's request has no `request.user` (the sale names its cashier); a member's has.
 */
import { DEVICE_TOKEN_PREFIX, MESSAGES, TILL_REVOKED } from '@shop/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../lib/http-error.ts';
import { refuse } from '../lib/refuse.ts';
import { findTill, findTillByToken } from './tills.ts';
import type { Db } from '../db/client.ts';

export interface TillIdentity {
  id: string;
  prefix: string;
  name: string;
  /** Authenticated by its own device token (not a member naming it). */
  device: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The till a till route is for (resolveTill); null elsewhere. */
    till: TillIdentity | null;
  }
}

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

function bearerToken(request: FastifyRequest): string | undefined {
  const [scheme, token] = (request.headers.authorization ?? '').split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/**
 * The guard of `access: 'till'`: a device token of a till not revoked (401 'This till has been
 * revoked' once it is), or a member signed in (`signedIn`, the auth plugin's) with pos.sell.
 */
export function tillGuard(db: Db, signedIn: Hook): Hook {
  return async (request, reply) => {
    request.till = null;
    const token = bearerToken(request);
    if (token?.startsWith(DEVICE_TOKEN_PREFIX)) {
      const till = await findTillByToken(db, token);
      if (!till) throw unauthorized(MESSAGES.unauthorized);
      if (till.revokedAt) throw unauthorized(TILL_REVOKED);
      request.till = { id: till.id, prefix: till.prefix, name: till.name, device: true };
      return;
    }
    await signedIn(request, reply);
    if (!request.can('pos.sell')) throw refuse('pos.sell');
  };
}

/**
 * Settles the till of a till route: the device's own (a `tillId` naming another till is 403),
 * or the one a member names (400 without one, 404 unknown, 409 revoked).
 */
export async function resolveTill(request: FastifyRequest): Promise<void> {
  const named =
    (request.body as { tillId?: unknown } | undefined)?.tillId ?? (request.query as { tillId?: unknown } | undefined)?.tillId;
  if (request.till?.device) {
    if (named !== undefined && named !== request.till.id) throw forbidden("This till's token is for another till");
    return;
  }
  if (typeof named !== 'string') throw badRequest('Name the till (tillId)', [{ path: 'tillId', message: 'Name the till' }]);
  const till = await findTill(request.server.db, named);
  if (!till) throw notFound('Till not found');
  if (till.revokedAt) throw conflict(TILL_REVOKED);
  request.till = { id: till.id, prefix: till.prefix, name: till.name, device: false };
}
