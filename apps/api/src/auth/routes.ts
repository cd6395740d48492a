import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authResponse,
  authUser,
  changePasswordBody,
  errorResponse,
  type ForgotPasswordBody,
  forgotPasswordBody,
  loginBody,
  MESSAGES,
  RESET_MESSAGES,
  registerBody,
  resetPasswordBody,
  type SignInResponse,
  signInResponse,
  updateMeBody,
} from '@shop/shared';
import { z } from 'zod';
import type { UserRow } from '../db/schema/index.ts';
import { HttpError } from '../lib/http-error.ts';
import { clientOf } from '../lib/client-address.ts';
import { findRole } from '../staff/index.ts';
import { limitPerClient } from './confirm.ts';
import { deviceOf, originOf, recordEvent, SIGN_IN_EVENTS } from './events.ts';
import { createAuthService, SignInRefused } from './service.ts';
import sessionRoutes from './session-routes.ts';
import { revokeSessions } from './sessions.ts';
import twoFactorRoutes from './two-factor-routes.ts';
import { revokeTokens, toAuthUser, updateProfile } from '../users/index.ts';

const tags = ['auth'];
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 409: errorResponse, 429: errorResponse };
const answer = z.object({ msg: z.string() });

/**
 * Reset e-mails asked for: at most 5 per address (nobody floods one inbox) and 20 per client
 * (nobody sweeps a list of addresses) in 15 minutes. Counted in the rate-limit plugin's store
 * (Redis when configured, so every API process counts together).
 */
export const RESET_REQUEST_LIMITS = {
  perAddress: { max: 5, timeWindow: '15 minutes' },
  perClient: { max: 20, timeWindow: '15 minutes' },
} as const;

/** A refused staff sign-in is audited at most once a minute per (e-mail, client IP): a guesser cannot flood the trail. */
export const FAILED_SIGN_IN_AUDIT = { max: 1, timeWindow: '1 minute' } as const;

/**
 * The preHandler counting a reset e-mail asked for against RESET_REQUEST_LIMITS (after
 * validation, so the address counted is the normalised one); over either, 429 with Retry-After.
 * POST /api/auth/forgot's, and the storefront's form without JavaScript (storefront/password-forms.ts).
 */
export function resetRequestLimit(app: FastifyInstance) {
  const resetLimits = [
    app.createRateLimit({
      ...RESET_REQUEST_LIMITS.perAddress,
      keyGenerator: (request) => `forgot|address|${(request.body as ForgotPasswordBody).email}`,
    }),
    app.createRateLimit({ ...RESET_REQUEST_LIMITS.perClient, keyGenerator: (request) => `forgot|client|${clientOf(request)}` }),
  ];
  return async function limitResetRequests(request: FastifyRequest, reply: FastifyReply) {
    const results = await Promise.all(resetLimits.map((limit) => limit(request)));
    const waits = results.flatMap((r) => (!r.isAllowed && r.isExceeded ? [r.ttlInSeconds] : []));
    if (waits.length === 0) return;
    reply.header('retry-after', String(Math.max(...waits)));
    throw new HttpError(429, MESSAGES.tooManyRequests);
  };
}

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = createAuthService(app.db, app.tokens, app.messages.notifier, app.twoFactor);
  const failedSignIns = limitPerClient(app, 'signin-audit|email', FAILED_SIGN_IN_AUDIT);

  /** Audits a refused sign-in to a staff account (the first per e-mail and client in the minute). */
  async function recordFailure(request: FastifyRequest, staff: UserRow, step: 'password' | 'code') {
    const counted = await failedSignIns(request, staff.email.toLowerCase());
    if (!counted.isAllowed && counted.isExceeded) return;
    const role = staff.staffRoleId ? await findRole(app.db, staff.staffRoleId) : undefined;
    await recordEvent(app.db, {
      actor: staff,
      actorRole: role?.name ?? null,
      origin: originOf(request),
      action: SIGN_IN_EVENTS.signInFailed,
      entityId: staff.id,
      after: { step },
    });
  }

  /** A sign-in with a password; a refused one to a staff account is audited. */
  async function signingIn(request: FastifyRequest, attempt: Promise<SignInResponse>): Promise<SignInResponse> {
    try {
      return await attempt;
    } catch (error) {
      if (error instanceof SignInRefused && error.staff) await recordFailure(request, error.staff, 'password');
      throw error;
    }
  }
  const rateLimit = app.credentialRateLimit;
  const perClient = app.limitCredentialClient;
  const { signInBackoff } = app;

  const limitResetRequests = resetRequestLimit(app);

  app.post('/api/auth/register', {
    onRequest: perClient,
    // After validation: a form refused as invalid is not an account tried.
    preHandler: app.limitRegistrations,
    config: { rateLimit, access: 'public' },
    schema: {
      tags,
      summary: 'Create a shopper account and sign in',
      body: registerBody,
      response: { 201: authResponse, ...errors },
    },
    handler: async (request, reply) => reply.status(201).send(await auth.register(request.body, deviceOf(request))),
  });

  app.post('/api/auth/login', {
    onRequest: perClient,
    preHandler: signInBackoff.check,
    onResponse: signInBackoff.count,
    config: { rateLimit, access: 'public' },
    schema: {
      tags,
      summary: 'Sign in (a staff member with two-factor on gets a challenge to answer with a code, and no token yet)',
      body: loginBody,
      response: { 200: signInResponse, ...errors },
    },
    handler: async (request) => signingIn(request, auth.login(request.body.email, request.body.password, deviceOf(request))),
  });

  app.post('/api/auth/adminlogin', {
    onRequest: perClient,
    preHandler: signInBackoff.check,
    onResponse: signInBackoff.count,
    config: { rateLimit, access: 'public' },
    schema: {
      tags,
      summary: 'Sign in to the back office (staff only; with two-factor on, a challenge to answer with a code first)',
      body: loginBody,
      response: { 200: signInResponse, ...errors },
    },
    handler: async (request) => signingIn(request, auth.adminLogin(request.body.email, request.body.password, deviceOf(request))),
  });

  app.get('/api/auth/me', {
    config: { access: 'signed-in' },
    schema: {
      tags,
      summary: 'The signed-in user',
      security: [{ bearerAuth: [] }],
      response: { 200: z.object({ user: authUser }), 401: errorResponse },
    },
    handler: async (request) => {
      const user = toAuthUser(request.user!, request.staff?.role);
      // The back office's Sign-in security page offers setting it up or turning it off.
      if (!request.staff) return { user };
      return { user: { ...user, twoFactor: await app.twoFactor.isOn(app.db, user.id) } };
    },
  });

  app.patch('/api/auth/me', {
    config: { access: 'signed-in' },
    schema: {
      tags,
      summary: 'Change your name or phone',
      security: [{ bearerAuth: [] }],
      body: updateMeBody,
      response: { 200: z.object({ user: authUser }), 400: errorResponse, 401: errorResponse },
    },
    handler: async (request) => ({
      user: toAuthUser(await updateProfile(app.db, request.user!.id, request.body), request.staff?.role),
    }),
  });

  app.post('/api/auth/logout', {
    config: { access: 'signed-in' },
    schema: {
      tags,
      summary: 'Sign out: the token sent, and every other token of the account, stops working at once',
      security: [{ bearerAuth: [] }],
      response: { 204: z.null(), 401: errorResponse },
    },
    handler: async (request, reply) => {
      await revokeTokens(app.db, request.user!.id);
      await revokeSessions(app.db, request.user!.id);
      return reply.status(204).send(null);
    },
  });

  app.post('/api/auth/password', {
    onRequest: perClient,
    config: { rateLimit, access: 'signed-in' },
    schema: {
      tags,
      summary: 'Change your password (signs out other sessions)',
      security: [{ bearerAuth: [] }],
      body: changePasswordBody,
      response: { 200: authResponse, ...errors },
    },
    handler: async (request) =>
      auth.changePassword(request.user!, request.body.currentPassword, request.body.newPassword, deviceOf(request)),
  });

  app.post('/api/auth/forgot', {
    config: { access: 'public' },
    // After validation, so the address counted is the normalised one.
    preHandler: limitResetRequests,
    schema: {
      tags,
      summary: 'Ask for a password-reset link by e-mail (the same answer whether or not the address has an account)',
      body: forgotPasswordBody,
      response: { 200: answer, 400: errorResponse, 429: errorResponse },
    },
    handler: async (request) => {
      await auth.forgotPassword(request.body.email);
      return { msg: RESET_MESSAGES.sent };
    },
  });

  app.post('/api/auth/reset', {
    onRequest: perClient,
    config: { rateLimit, access: 'public' },
    schema: {
      tags,
      summary: "Set a new password with a reset link's token (once, within the hour; signs the account out everywhere)",
      body: resetPasswordBody,
      response: { 200: answer, 400: errorResponse, 429: errorResponse },
    },
    handler: async (request) => {
      const email = await auth.resetPassword(request.body.token, request.body.password);
      // The owner proved the address: the locks wrong passwords put on it, from every client, end.
      if (email) await app.forgetSignInFailures(email);
      return { msg: RESET_MESSAGES.done };
    },
  });

  await app.register(twoFactorRoutes, { auth, recordFailure });
  await app.register(sessionRoutes);
};

export default authRoutes;
