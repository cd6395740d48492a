import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, pinBody, staffMemberPatch, staffMemberView } from '@shop/shared';
import { z } from 'zod';
import { badRequest, forbidden } from '../lib/http-error.ts';
import { verifyPassword } from '../lib/passwords.ts';
import { refuse } from '../lib/refuse.ts';
import { actorOf, assertMayManage, findMember, listStaff, type StaffAuth, updateMember } from './members.ts';
import { setPin } from './pins.ts';

const tags = ['staff'];
const security = [{ bearerAuth: [] }];
const idParams = z.object({ id: z.string() });
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/** The Staff page's members: the list, a new role or deactivation, ending sessions, and PINs. */
const memberRoutes: FastifyPluginAsyncZod<{ auth: StaffAuth }> = async (app, { auth }) => {
  app.get('/api/staff', {
    config: { access: 'staff.manage' },
    schema: {
      tags,
      summary: 'Every staff member with role, active or not, last sign-in and whether two-factor is on',
      security,
      response: { 200: z.array(staffMemberView), 401: errorResponse, 403: errorResponse },
    },
    handler: async () => listStaff(app.db),
  });

  app.patch('/api/staff/:id', {
    config: { access: 'staff.manage' },
    schema: {
      tags,
      summary:
        'Give a member (by user id) another role, deactivate them or make them active again; a new role or a deactivation ends their sessions. Never deletes. 409 when it would leave no active Owner; 403 when a non-Owner gives or takes the Owner role',
      security,
      params: idParams,
      body: staffMemberPatch,
      response: { 200: staffMemberView, ...errors, 409: errorResponse },
    },
    handler: async (request) => {
      const { after } = await updateMember(app.db, auth, actorOf(request), request.params.id, request.body);
      return after;
    },
  });

  app.delete('/api/staff/:id/sessions', {
    config: { access: 'staff.manage' },
    schema: {
      tags,
      summary:
        'End every session of a member: their next request is 401 (the Staff page\'s "Sign out everywhere"); an Owner\'s by an Owner only',
      security,
      params: idParams,
      response: { 200: z.object({ ended: z.number().int() }), ...errors },
    },
    handler: async (request) => {
      const member = await findMember(app.db, request.params.id);
      await assertMayManage(app.db, actorOf(request), member);
      return { ended: await auth.endSessions(app.db, member.id) };
    },
  });

  app.put('/api/staff/:id/pin', {
    onRequest: app.limitCredentialClient,
    config: { access: 'signed-in', rateLimit: app.credentialRateLimit },
    schema: {
      tags,
      summary:
        "Set a member's till PIN (4 to 6 digits; ends a lock): with staff.manage for anyone, or one's own with currentPassword (403 when wrong). Shoppers 403",
      security,
      params: idParams,
      body: pinBody,
      response: { 204: z.null(), ...errors, 429: errorResponse },
    },
    handler: async (request, reply) => {
      if (!request.staff) throw refuse('staff.manage');
      const member = await findMember(app.db, request.params.id);
      if (request.can('staff.manage')) await assertMayManage(app.db, actorOf(request), member);
      else {
        if (member.id !== request.user!.id) throw refuse('staff.manage');
        const { currentPassword } = request.body;
        if (!currentPassword) {
          const message = 'Enter your password to set your own PIN';
          throw badRequest(message, [{ path: 'currentPassword', message }]);
        }
        // 403, not 401: a 401 would sign the back office out over a mistyped password.
        if (!(await verifyPassword(request.user!.passwordHash, currentPassword)))
          throw forbidden('Current password is incorrect');
      }
      await setPin(app.db, member.id, request.body.pin);
      return reply.status(204).send(null);
    },
  });
};

export default memberRoutes;
