/**
 * A member's own signed-in devices: the list (device, IP, when signed in and last seen, which
 * one is this), and ending one. A shopper has no sessions (their tokens are plain, decision
 * 0021): the list is empty and there is nothing to end. Ending one is audited in its
 * transaction; its token is refused from the next request on (plugins/auth.ts).
 */
import { errorResponse, isUuid, staffSessionView } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../lib/http-error.ts';
import { deviceName } from './device-name.ts';
import { originOf, recordEvent, SIGN_IN_EVENTS } from './events.ts';
import { listSessions, revokeSessions } from './sessions.ts';

const tags = ['auth'];
const security = [{ bearerAuth: [] }];
const NO_SUCH_SESSION = 'No such session';

const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/auth/sessions', {
    config: { access: 'signed-in' },
    schema: {
      tags,
      summary: 'Your signed-in devices, the one most recently used first (a shopper has none)',
      security,
      response: { 200: z.array(staffSessionView), 401: errorResponse },
    },
    handler: async (request) => {
      if (!request.staff) return [];
      const { sessionId } = request.staff;
      const rows = await listSessions(app.db, request.user!.id, app.config.staffSessionIdleMinutes);
      return rows.map((row) => ({
        id: row.id,
        device: deviceName(row.userAgent),
        ip: row.ip,
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
        current: row.id === sessionId,
      }));
    },
  });

  app.delete('/api/auth/sessions/:id', {
    config: { access: 'signed-in' },
    schema: {
      tags,
      summary: "End one of your sessions: its token is refused from the next request on (404 for anyone else's)",
      security,
      params: z.object({ id: z.string() }),
      response: { 204: z.null(), 401: errorResponse, 404: errorResponse },
    },
    handler: async (request, reply) => {
      const { id } = request.params;
      const { staff, user } = request;
      if (!staff || !isUuid(id)) throw notFound(NO_SUCH_SESSION);
      await app.db.transaction(async (tx) => {
        if ((await revokeSessions(tx, user!.id, id)) === 0) throw notFound(NO_SUCH_SESSION);
        await recordEvent(tx, {
          actor: user,
          actorRole: staff.role.name,
          origin: originOf(request),
          action: SIGN_IN_EVENTS.sessionRevoked,
          entityId: id,
          after: { current: id === staff.sessionId },
        });
      });
      return reply.status(204).send(null);
    },
  });
};

export default sessionRoutes;
