import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptInvitationBody, authResponse, errorResponse, invitationInput, invitationView } from '@shop/shared';
import { z } from 'zod';
import { clientOf } from '../lib/client-address.ts';
import { acceptInvitation, cancelInvitation, invite, listInvitations, resendInvitation } from './invitations.ts';
import { actorOf, type StaffAuth } from './members.ts';

const tags = ['staff'];
const security = [{ bearerAuth: [] }];
const idParams = z.object({ id: z.string() });
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse };

/** Inviting to the staff (staff.manage), and accepting an invitation (anyone with its link). */
const invitationRoutes: FastifyPluginAsyncZod<{ auth: StaffAuth }> = async (app, { auth }) => {
  const mailer = app.messages.notifier;

  app.get('/api/staff/invitations', {
    config: { access: 'staff.manage' },
    schema: {
      tags,
      summary: 'Invitations neither accepted nor cancelled, newest first; status expired once their link no longer works',
      security,
      response: { 200: z.array(invitationView), ...errors },
    },
    handler: async () => listInvitations(app.db),
  });

  app.post('/api/staff/invitations', {
    config: { access: 'staff.manage' },
    schema: {
      tags,
      summary: `E-mail an invitation to join the staff with a role: a single-use link to /accept-invitation, valid 72 hours. 409 when the address is staff or has an invitation still working (an expired one is replaced); 400 for an unknown role`,
      security,
      body: invitationInput,
      response: { 201: invitationView, ...errors, 409: errorResponse },
    },
    handler: async (request, reply) => reply.status(201).send(await invite(app.db, mailer, actorOf(request), request.body)),
  });

  app.delete('/api/staff/invitations/:id', {
    config: { access: 'staff.manage' },
    schema: {
      tags,
      summary: 'Cancel an invitation: its link stops working (409 once accepted)',
      security,
      params: idParams,
      response: { 204: z.null(), ...errors, 404: errorResponse, 409: errorResponse },
    },
    handler: async (request, reply) => {
      await cancelInvitation(app.db, request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.post('/api/staff/invitations/:id/resend', {
    config: { access: 'staff.manage' },
    schema: {
      tags,
      summary:
        'Send an invitation again with a new link, valid 72 hours from now; the old link stops working (409 once accepted or cancelled)',
      security,
      params: idParams,
      response: { 200: invitationView, ...errors, 404: errorResponse, 409: errorResponse },
    },
    handler: async (request) => resendInvitation(app.db, mailer, actorOf(request), request.params.id),
  });

  app.post('/api/staff/invitations/accept', {
    onRequest: app.limitCredentialClient,
    config: { access: 'public', rateLimit: app.credentialRateLimit },
    schema: {
      tags,
      summary:
        "Accept an invitation with its link's token and sign in (the sign-in answer). A new account takes the names and a password; an existing shopper account gives its current password (401 otherwise) and becomes staff, names unchanged. 400 for an unknown token, 410 for an expired, cancelled or used one; 409 when signed in as another account",
      body: acceptInvitationBody,
      response: { 200: authResponse, ...errors, 409: errorResponse, 410: errorResponse, 429: errorResponse },
    },
    handler: async (request, reply) => {
      // Public, yet who is signed in matters: accepting for someone else's address is refused.
      await app.optionalUser(request, reply);
      const origin = { ip: clientOf(request), userAgent: String(request.headers['user-agent'] ?? ''), requestId: request.id };
      return acceptInvitation(app.db, auth, request.body, origin, request.user);
    },
  });
};

export default invitationRoutes;
