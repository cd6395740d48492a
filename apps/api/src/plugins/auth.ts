/**
 * Who is asking, and may they: reads `Authorization: Bearer <jwt>`, loads the account and
 * checks the token version, so revoked or stale tokens stop working at once. A staff member's
 * token names a session (auth/sessions.ts), which must be alive, and brings the member's role:
 * their permissions are read on every request, so a new role or a deactivation takes effect at
 * the next one.
 *
 * Every route under /api declares who may call it, `config.access` (its `x-permission` in the
 * OpenAPI document): `public`, `signed-in`, `owner-of-resource` (a shopper's own; staff with
 * the read permission the handler names), a permission, or a list of permissions any of which
 * lets the request in (the handler then checks the one its body needs), or `till`: a till's
 * device token, or a member with pos.sell (pos/till-auth.ts). A route that declares
 * nothing cannot be registered. The guard runs first on the route: anonymous is 401, a
 * shopper or a member without the permission 403 `{msg, permission}`, and nothing else runs.
 */
import { MESSAGES, type Permission, type RouteAccess } from '@shop/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { createTokenService, type TokenService } from '../auth/index.ts';
import { touchSession } from '../auth/index.ts';
import type { UserRow } from '../db/schema/index.ts';
import { HttpError, unauthorized } from '../lib/http-error.ts';
import { refuse } from '../lib/refuse.ts';
import { tillGuard } from '../pos/index.ts';
import { findRole, type StaffRole, toStaffRole } from '../staff/index.ts';
import { findUserById } from '../users/index.ts';

/** A signed-in staff member: their role as it is now, and the session their token names. */
export interface StaffIdentity {
  role: StaffRole;
  sessionId: string;
}

type Access = RouteAccess | readonly Permission[];
type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
    requireUser: Hook;
    /** Any signed-in staff member (routes declare a permission instead: `config.access`). */
    requireAdmin: Hook;
    /** Sets request.user when a valid token is sent; never refuses. */
    optionalUser: Hook;
    /** More checks on a signed-in staff member before a guarded route runs (two-factor set up, say). */
    staffChecks: Hook[];
  }
  interface FastifyRequest {
    user: UserRow | null;
    staff: StaffIdentity | null;
    /** Whether the signed-in staff member's role has the permission. */
    can(permission: Permission): boolean;
  }
  interface FastifyContextConfig {
    /** Who may call the route: see the module's comment. */
    access?: Access;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

const toArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

export default fp(
  async function auth(app: FastifyInstance) {
    const tokens = createTokenService(app.config.jwtSecret, app.config.jwtTtl);
    app.decorate('tokens', tokens);
    app.decorate('staffChecks', []);
    app.decorateRequest('user', null);
    app.decorateRequest('staff', null);
    app.decorateRequest('till', null);
    app.decorateRequest('can', function (this: FastifyRequest, permission: Permission) {
      return this.staff?.role.permissions.has(permission) ?? false;
    });

    async function authenticate(request: FastifyRequest): Promise<void> {
      request.user = null;
      request.staff = null;
      const token = bearerToken(request);
      if (!token) return;
      const claims = await tokens.verify(token);
      if (!claims) return;
      const user = await findUserById(app.db, claims.sub);
      if (!user || user.tokenVersion !== claims.tv || user.role !== claims.role) return;
      if (user.role === 'admin') {
        // Staff: an active member, a session still alive, and their role as it is now.
        if (!claims.sid || !user.active || !user.staffRoleId) return;
        if (!(await touchSession(app.db, claims.sid, user.id, app.config.staffSessionIdleMinutes))) return;
        const role = await findRole(app.db, user.staffRoleId);
        if (!role) return;
        request.staff = { role: toStaffRole(role), sessionId: claims.sid };
      } else if (claims.sid) {
        return;
      }
      request.user = user;
    }

    async function signedIn(request: FastifyRequest, reply: FastifyReply) {
      await authenticate(request);
      if (!request.user) throw unauthorized(MESSAGES.unauthorized);
      if (request.staff) for (const check of app.staffChecks) await check(request, reply);
    }

    const guards: Record<'public' | 'signed-in' | 'owner-of-resource', Hook> = {
      public: async () => {},
      'signed-in': signedIn,
      'owner-of-resource': signedIn,
    };
    const tillAccess = tillGuard(app.db, signedIn);
    function guardFor(access: Access): Hook {
      if (access === 'till') return tillAccess;
      if (access === 'public' || access === 'signed-in' || access === 'owner-of-resource') return guards[access];
      const anyOf = typeof access === 'string' ? [access] : access;
      return async (request, reply) => {
        await signedIn(request, reply);
        if (!anyOf.some((p) => request.can(p))) throw refuse(anyOf[0]!);
      };
    }

    app.decorate('optionalUser', authenticate);
    app.decorate('requireUser', signedIn);
    app.decorate('requireAdmin', async (request: FastifyRequest, reply: FastifyReply) => {
      await signedIn(request, reply);
      if (!request.staff) throw new HttpError(403, MESSAGES.forbidden);
    });

    // Every route under /api says who may call it; its guard runs before anything else of the route.
    app.addHook('onRoute', (route: RouteOptions) => {
      if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
      const access = route.config?.access;
      if (!access) {
        throw new Error(`${toArray(route.method).join(',')} ${route.url} declares nobody who may call it (config.access)`);
      }
      route.onRequest = [guardFor(access), ...toArray(route.onRequest)];
    });
  },
  { name: 'auth', dependencies: ['context'] },
);
