import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, PERMISSIONS, permissionView } from '@shop/shared';
import { z } from 'zod';

const tags = ['staff'];
const security = [{ bearerAuth: [] }];

/** Staff: the permissions a role can hold (roles, members, invitations, PINs and approvals join as they land). */
const staffRoutes: FastifyPluginAsyncZod = async (app) => {
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
};

export default staffRoutes;
