import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authResponse, authUser, changePasswordBody, errorResponse, loginBody, registerBody, updateMeBody } from '@shop/shared';
import { z } from 'zod';
import { createAuthService } from './service.ts';
import { toAuthUser, updateProfile } from '../users/service.ts';

const tags = ['auth'];
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 409: errorResponse, 429: errorResponse };

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = createAuthService(app.db, app.tokens);
  const rateLimit = app.credentialRateLimit;

  app.post('/register', {
    config: { rateLimit },
    schema: {
      tags,
      summary: 'Create a shopper account and sign in',
      body: registerBody,
      response: { 201: authResponse, ...errors },
    },
    handler: async (request, reply) => reply.status(201).send(await auth.register(request.body)),
  });

  app.post('/login', {
    config: { rateLimit },
    schema: { tags, summary: 'Sign in', body: loginBody, response: { 200: authResponse, ...errors } },
    handler: async (request) => auth.login(request.body.email, request.body.password),
  });

  app.post('/adminlogin', {
    config: { rateLimit },
    schema: {
      tags,
      summary: 'Sign in to the back office (admins only)',
      body: loginBody,
      response: { 200: authResponse, ...errors },
    },
    handler: async (request) => auth.adminLogin(request.body.email, request.body.password),
  });

  app.get('/me', {
    onRequest: app.requireUser,
    schema: {
      tags,
      summary: 'The signed-in user',
      security: [{ bearerAuth: [] }],
      response: { 200: z.object({ user: authUser }), 401: errorResponse },
    },
    handler: async (request) => ({ user: toAuthUser(request.user!) }),
  });

  app.patch('/me', {
    onRequest: app.requireUser,
    schema: {
      tags,
      summary: 'Change your name or phone',
      security: [{ bearerAuth: [] }],
      body: updateMeBody,
      response: { 200: z.object({ user: authUser }), 400: errorResponse, 401: errorResponse },
    },
    handler: async (request) => ({ user: toAuthUser(await updateProfile(app.db, request.user!.id, request.body)) }),
  });

  app.post('/password', {
    onRequest: app.requireUser,
    config: { rateLimit },
    schema: {
      tags,
      summary: 'Change your password (signs out other sessions)',
      security: [{ bearerAuth: [] }],
      body: changePasswordBody,
      response: { 200: authResponse, ...errors },
    },
    handler: async (request) => auth.changePassword(request.user!, request.body.currentPassword, request.body.newPassword),
  });
};

export default authRoutes;
