import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, PERMISSIONS, permissionView, roleInput, rolePatch, roleView } from '@shop/shared';
import { z } from 'zod';
import approvalRoutes from './approval-routes.ts';
import invitationRoutes from './invitation-routes.ts';
import memberRoutes from './member-routes.ts';
import type { StaffAuth } from './members.ts';
import { createRole, deleteRole, listRoles, updateRole } from './roles.ts';

const tags = ['staff'];
const security = [{ bearerAuth: [] }];
const idParams = z.object({ id: z.string() });
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse };

export interface StaffRoutesOptions {
  /** Sign-in and sessions, from auth (which reads roles from here, so cannot be imported back). */
  auth: StaffAuth;
}

/** Staff: the permissions, roles, members, invitations, PINs and the till's approvals. */
const staffRoutes: FastifyPluginAsyncZod<StaffRoutesOptions> = async (app, { auth }) => {
  app.get('/api/permissions', {
    config: { access: 'signed-in' },
    schema: {
      tags,
      summary: 'Every permission a role can hold, with the sentence a refusal says',
      security,
      response: { 200: z.array(permissionView), 401: errorResponse },
    },
    handler: async () => Object.entries(PERMISSIONS).map(([key, sentence]) => ({ key, sentence })),
  });

  app.get('/api/roles', {
    config: { access: 'staff.manage' },
    schema: {
      tags,
      summary: 'Every role, the templates first, each with its permissions, till policies and active members',
      security,
      response: { 200: z.array(roleView), ...errors },
    },
    handler: async () => listRoles(app.db),
  });

  app.post('/api/roles', {
    config: { access: 'staff.manage' },
    schema: {
      tags,
      summary: 'Create a custom role (409 when a role has that name)',
      security,
      body: roleInput,
      response: { 201: roleView, ...errors, 409: errorResponse },
    },
    handler: async (request, reply) => reply.status(201).send(await createRole(app.db, request.body)),
  });

  app.patch('/api/roles/:id', {
    config: { access: 'staff.manage' },
    schema: {
      tags,
      summary: "Change a role (not the Owner's, 403); its members have the change at their next request",
      security,
      params: idParams,
      body: rolePatch,
      response: { 200: roleView, ...errors, 404: errorResponse, 409: errorResponse },
    },
    handler: async (request) => updateRole(app.db, request.params.id, request.body),
  });

  app.delete('/api/roles/:id', {
    config: { access: 'staff.manage' },
    schema: {
      tags,
      summary: "Delete a role nobody holds (409 while a member or an open invitation has it; never the Owner's, 403)",
      security,
      params: idParams,
      response: { 204: z.null(), ...errors, 404: errorResponse, 409: errorResponse },
    },
    handler: async (request, reply) => {
      await deleteRole(app.db, request.params.id);
      return reply.status(204).send(null);
    },
  });

  await app.register(memberRoutes, { auth });
  await app.register(invitationRoutes, { auth });
  await app.register(approvalRoutes);
};

export default staffRoutes;
