import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  approvalRequest,
  approvalView,
  approvers,
  approversQuery,
  errorResponse,
  nairaToKobo,
  pinLockedResponse,
  wrongPinResponse,
} from '@shop/shared';
import { clientOf } from '../lib/client-address.ts';
import { requestApproval } from './approvals.ts';
import { listApprovers } from './approvers.ts';

/** The till's approvals by a manager's PIN. */
const approvalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/pos/approvers', {
    config: { access: 'pos.sell' },
    schema: {
      tags: ['point of sale'],
      summary: `Who may approve a till action by PIN: the asking member's own role policy for it (allow, deny or approval), and the active members with a PIN whose role allows it, by name and role name`,
      security: [{ bearerAuth: [] }],
      querystring: approversQuery,
      response: { 200: approvers, 400: errorResponse, 401: errorResponse, 403: errorResponse },
    },
    handler: async (request) => listApprovers(app.db, request.staff!.role, request.query.action),
  });

  app.post('/api/pos/approvals', {
    // Its own audit entries: a wrong PIN's count and record must stay although the answer is a 4xx.
    config: { access: 'pos.sell', audit: false },
    schema: {
      tags: ['point of sale'],
      summary: `A manager's approval of one till action by PIN: given when the member is active, their role allows the action and the PIN is right; works once, for this session, action, amount and order, for 5 minutes. A wrong PIN is 403 with the tries left; 5 wrong lock the PIN for 15 minutes (423 with lockedUntil and Retry-After)`,
      security: [{ bearerAuth: [] }],
      body: approvalRequest,
      response: {
        201: approvalView,
        400: errorResponse,
        401: errorResponse,
        403: wrongPinResponse.partial({ attemptsLeft: true }),
        423: pinLockedResponse,
      },
    },
    handler: async (request, reply) => {
      const { managerId, pin, action, amount, orderId } = request.body;
      const approval = await requestApproval(
        app.db,
        {
          user: request.user!,
          roleName: request.staff!.role.name,
          sessionId: request.staff!.sessionId,
          origin: { ip: clientOf(request), userAgent: String(request.headers['user-agent'] ?? ''), requestId: request.id },
        },
        { managerId, pin, action, amount: amount === undefined ? null : nairaToKobo(amount), orderId: orderId ?? null },
      );
      return reply.status(201).send(approval);
    },
  });
};

export default approvalRoutes;
