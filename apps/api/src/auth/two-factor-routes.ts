/**
 * Two-factor sign-in's routes: a member sets it up, enables it with a first code (and gets
 * recovery codes), turns it off with their password and a code; a sign-in that answered a
 * challenge finishes with a code; an Owner turns off another member's (lost phone). The rules
 * live in two-factor.ts and service.ts; every change is audited in its own transaction
 * (events.ts). Registered by routes.ts, which hands over the auth service.
 */
import {
  authResponse,
  errorResponse,
  recoveryCodesResponse,
  TWO_FACTOR_MESSAGES,
  twoFactorDisableBody,
  twoFactorEnableBody,
  twoFactorSetup,
  twoFactorVerifyBody,
} from '@shop/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getSettings } from '../content/index.ts';
import type { UserRow } from '../db/schema/index.ts';
import { conflict, forbidden, notFound, unauthorized } from '../lib/http-error.ts';
import { findRole } from '../staff/index.ts';
import { findUserById } from '../users/index.ts';
import { deviceOf, originOf, recordEvent, SIGN_IN_EVENTS } from './events.ts';
import { type AuthService, WrongCode } from './service.ts';
import { resetTwoFactor } from './two-factor-reset.ts';

const tags = ['auth'];
const security = [{ bearerAuth: [] }];

export interface TwoFactorRoutesOptions {
  auth: AuthService;
  /** Audits a refused staff sign-in (at most once a minute per e-mail and client). */
  recordFailure(request: FastifyRequest, staff: UserRow, step: 'password' | 'code'): Promise<void>;
}

const twoFactorRoutes: FastifyPluginAsyncZod<TwoFactorRoutesOptions> = async (app, { auth, recordFailure }) => {
  const { twoFactor, wrongCodes } = app;

  /** The signed-in member, who must be staff: two-factor sign-in is for the shop's team. */
  const member = (request: FastifyRequest) => {
    if (!request.staff) throw forbidden(TWO_FACTOR_MESSAGES.staffOnly);
    return { user: request.user!, role: request.staff.role };
  };

  app.post('/api/auth/2fa/setup', {
    config: { access: 'signed-in' },
    schema: {
      tags,
      summary:
        'Start setting up two-factor sign-in: a new secret and its otpauth:// URL (for a QR code); replaces a setup not finished. 409 while it is on',
      security,
      response: { 200: twoFactorSetup, 401: errorResponse, 403: errorResponse, 409: errorResponse },
    },
    handler: async (request) => {
      const { user } = member(request);
      const { storeName } = await getSettings(app.db);
      return twoFactor.setUp(user, storeName);
    },
  });

  app.post('/api/auth/2fa/enable', {
    config: { access: 'signed-in' },
    schema: {
      tags,
      summary: 'Turn two-factor sign-in on with a first code from the app; answers 10 single-use recovery codes, shown once',
      security,
      body: twoFactorEnableBody,
      response: { 200: recoveryCodesResponse, 400: errorResponse, 401: errorResponse, 403: errorResponse, 409: errorResponse },
    },
    handler: async (request) => {
      const { user, role } = member(request);
      const recoveryCodes = await twoFactor.enable(user.id, request.body.code, (tx) =>
        recordEvent(tx, {
          actor: user,
          actorRole: role.name,
          origin: originOf(request),
          action: SIGN_IN_EVENTS.twoFactorEnabled,
          entityId: user.id,
        }),
      );
      return { recoveryCodes };
    },
  });

  app.post('/api/auth/2fa/disable', {
    onRequest: app.limitCredentialClient,
    config: { access: 'signed-in' },
    schema: {
      tags,
      summary: 'Turn two-factor sign-in off: your password and a code from the app, or one of your recovery codes',
      security,
      body: twoFactorDisableBody,
      response: {
        204: z.null(),
        400: errorResponse,
        401: errorResponse,
        403: errorResponse,
        409: errorResponse,
        429: errorResponse,
      },
    },
    handler: async (request, reply) => {
      const { user, role } = member(request);
      if (!(await twoFactor.isOn(app.db, user.id))) throw conflict(TWO_FACTOR_MESSAGES.notOn);
      await app.confirmMember(
        request,
        { password: request.body.password, code: request.body.code },
        { both: true, missing: 'Enter your password and a code from your app or a recovery code' },
      );
      await app.db.transaction(async (tx) => {
        if (!(await twoFactor.turnOff(tx, user.id))) throw conflict(TWO_FACTOR_MESSAGES.notOn);
        await recordEvent(tx, {
          actor: user,
          actorRole: role.name,
          origin: originOf(request),
          action: SIGN_IN_EVENTS.twoFactorDisabled,
          entityId: user.id,
        });
      });
      return reply.status(204).send(null);
    },
  });

  app.post('/api/auth/2fa/verify', {
    onRequest: app.limitCredentialClient,
    config: { access: 'public' },
    schema: {
      tags,
      summary:
        'Finish a sign-in that answered a challenge, with a code from the app or a recovery code (each works once): the token. A challenge lives 5 minutes and dies after 5 wrong codes; 10 wrong codes for one account from one client in 15 minutes give 429',
      body: twoFactorVerifyBody,
      response: { 200: authResponse, 400: errorResponse, 401: errorResponse, 403: errorResponse, 429: errorResponse },
    },
    handler: async (request) => {
      const { challenge, code, recoveryCode } = request.body;
      const userId = await twoFactor.liveChallenge(challenge);
      if (!userId) throw unauthorized(TWO_FACTOR_MESSAGES.challengeEnded);
      await wrongCodes.check(request, userId);
      try {
        return await auth.completeChallenge(userId, challenge, { code, recoveryCode }, deviceOf(request));
      } catch (error) {
        if (error instanceof WrongCode) {
          await twoFactor.failChallenge(challenge);
          await wrongCodes.count(request, userId);
          const staff = await findUserById(app.db, userId);
          if (staff) await recordFailure(request, staff, 'code');
        }
        throw error;
      }
    },
  });

  app.delete('/api/staff/:id/two-factor', {
    // Audited here, in the reset's transaction.
    config: { access: 'staff.manage', audit: false },
    schema: {
      tags: ['staff'],
      summary:
        "Lost phone: turn off a member's two-factor sign-in and end their sessions (an Owner's only by an Owner; your own: POST /api/auth/2fa/disable)",
      security,
      params: z.object({ id: z.string() }),
      response: { 204: z.null(), 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse },
    },
    handler: async (request, reply) => {
      const target = await findUserById(app.db, request.params.id);
      if (target?.role !== 'admin') throw notFound('No such staff member');
      const caller = request.staff!.role;
      if (target.id === request.user!.id) throw forbidden('Turn off your own two-factor sign-in with your password and a code');
      const targetRole = target.staffRoleId ? await findRole(app.db, target.staffRoleId) : undefined;
      if (targetRole?.template === 'owner' && caller.template !== 'owner') {
        throw forbidden("Only an Owner can turn off an Owner's two-factor sign-in");
      }
      const wasOn = await resetTwoFactor(app.db, twoFactor, target, {
        actor: request.user,
        actorRole: caller.name,
        origin: originOf(request),
        via: 'staff page',
      });
      if (!wasOn) throw conflict(TWO_FACTOR_MESSAGES.notOn);
      return reply.status(204).send(null);
    },
  });
};

export default twoFactorRoutes;
