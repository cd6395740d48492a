/**
 * Authentication: reads `Authorization: Bearer <jwt>`, loads the user and checks the
 * token version, so revoked or stale tokens stop working at once.
 * Routes declare what they need: `onRequest: app.requireUser` or `app.requireAdmin`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '@shop/shared';
import type { UserRow } from '../db/schema/index.ts';
import { forbidden, unauthorized } from '../lib/http-error.ts';
import { createTokenService, type TokenService } from '../auth/index.ts';
import { findUserById } from '../users/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Sets request.user when a valid token is sent; never refuses. */
    optionalUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    user: UserRow | null;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

export default fp(
  async function auth(app: FastifyInstance) {
    const tokens = createTokenService(app.config.jwtSecret, app.config.jwtTtl);
    app.decorate('tokens', tokens);
    app.decorateRequest('user', null);

    async function authenticate(request: FastifyRequest): Promise<UserRow | null> {
      const token = bearerToken(request);
      if (!token) return null;
      const claims = await tokens.verify(token);
      if (!claims) return null;
      const user = await findUserById(app.db, claims.sub);
      if (!user || user.tokenVersion !== claims.tv || user.role !== claims.role) return null;
      return user;
    }

    app.decorate('optionalUser', async (request: FastifyRequest) => {
      request.user = await authenticate(request);
    });
    app.decorate('requireUser', async (request: FastifyRequest) => {
      request.user = await authenticate(request);
      if (!request.user) throw unauthorized(MESSAGES.unauthorized);
    });
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      request.user = await authenticate(request);
      if (!request.user) throw unauthorized(MESSAGES.unauthorized);
      if (request.user.role !== 'admin') throw forbidden(MESSAGES.forbidden);
    });
  },
  { name: 'auth', dependencies: ['context'] },
);
