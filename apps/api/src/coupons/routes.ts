/** Coupons, for admins: the list with uses and revenue, and changes. Mounted at /api/coupons. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { couponInput, couponView, errorResponse } from '@shop/shared';
import { z } from 'zod';
import { createCoupon, deleteCoupon, listCoupons, updateCoupon } from './service.ts';

const tags = ['coupons'];
const security = [{ bearerAuth: [] }];
const adminErrors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
const params = z.object({ id: z.string().max(100) });

const couponRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/coupons', {
    config: { access: 'coupons.write' },
    schema: {
      tags,
      security,
      summary: 'Every coupon, newest first, with its uses, reservations and revenue (admin)',
      response: { 200: z.array(couponView), ...adminErrors },
    },
    handler: async () => listCoupons(app.db),
  });

  app.post('/api/coupons', {
    config: { access: 'coupons.write' },
    schema: {
      tags,
      security,
      summary: 'Create a coupon (admin); a code that exists in any case → 409',
      body: couponInput,
      response: { 201: couponView, ...adminErrors },
    },
    handler: async (request, reply) => reply.status(201).send(await createCoupon(app.db, request.body)),
  });

  app.put('/api/coupons/:id', {
    config: { access: 'coupons.write' },
    schema: {
      tags,
      security,
      summary: 'Change a coupon (admin)',
      params,
      body: couponInput,
      response: { 200: couponView, ...adminErrors },
    },
    handler: async (request) => updateCoupon(app.db, request.params.id, request.body),
  });

  app.delete('/api/coupons/:id', {
    config: { access: 'coupons.write' },
    schema: {
      tags,
      security,
      summary: 'Delete a coupon no order has used (admin); one with history → 409 (switch it off instead)',
      params,
      response: { 200: z.object({ msg: z.string() }), ...adminErrors },
    },
    handler: async (request) => {
      await deleteCoupon(app.db, request.params.id);
      return { msg: 'Coupon deleted' };
    },
  });
};

export default couponRoutes;
