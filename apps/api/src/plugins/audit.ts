/**
 * Records every successful admin write (POST, PUT, PATCH, DELETE under /api, sign-in and
 * account endpoints aside) in the audit log, without any route having to ask for it:
 *
 * - a preHandler, appended to each write route (so it runs after the route's own auth
 *   check has set request.user), reads the resource as it was: the GET answer of the
 *   route's URL up to its `:id` (`PATCH /api/orders/:id/status` → `GET /api/orders/:id`),
 *   fetched with the admin's own token, when such a GET route exists;
 * - an onSend hook of each write route sees the answer (the only hook that does) and, on a
 *   2xx, starts writing the entry; other routes (every read) run no hook of the audit's. The
 *   write is not awaited: the response is never delayed by it, and a failed write is logged
 *   and never breaks the request. Pending writes finish before the app closes.
 *
 * The register must happen before the routes are declared (onRoute only sees later routes).
 */
import type { FastifyInstance, FastifyRequest, onSendAsyncHookHandler, preHandlerAsyncHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { recordAudit } from '../admin/index.ts';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Bodies beyond this are not kept (the entry stores null). */
export const AUDIT_MAX_BODY_BYTES = 64 * 1024;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `false`: the route records its own audit entries, in its own transactions, instead of
     * the plugin doing it for it: it must keep something while refusing (a wrong PIN's count),
     * or it calls a payment provider between its transactions (a card refund).
     */
    audit?: false;
  }
  interface FastifyInstance {
    audit: {
      /** Resolves once every audit write started so far has finished (tests, shutdown). */
      flush(): Promise<void>;
    };
  }
}

function isAuditedUrl(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/auth/');
}

/** The first path segment after /api: "/api/orders/:id/status" → "orders". */
function entityOf(url: string): string {
  return url.split('/')[2] ?? '';
}

/** The route's URL up to its :id segment ("/api/orders/:id/status" → "/api/orders/:id"), if it has one. */
function resourceOf(url: string): string | undefined {
  const segments = url.split('/');
  const at = segments.indexOf(':id');
  return at === -1 ? undefined : segments.slice(0, at + 1).join('/');
}

/** A JSON body as a value; null when it is not JSON or too big to keep. */
function parseJson(payload: unknown, contentType: unknown): unknown {
  if (typeof contentType !== 'string' || !contentType.includes('json')) return null;
  const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : undefined;
  if (text === undefined || Buffer.byteLength(text) > AUDIT_MAX_BODY_BYTES) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function isAdminWrite(request: FastifyRequest): boolean {
  const url = request.routeOptions.url;
  return request.staff !== null && WRITE_METHODS.has(request.method) && url !== undefined && isAuditedUrl(url);
}

export default fp(
  async function auditPlugin(app: FastifyInstance) {
    /** What the resource looked like before the change, per request. */
    const before = new WeakMap<FastifyRequest, unknown>();
    const pending = new Set<Promise<void>>();

    async function readBefore(request: FastifyRequest, resource: string): Promise<unknown> {
      const id = (request.params as { id?: unknown } | undefined)?.id;
      if (typeof id !== 'string' || !app.hasRoute({ method: 'GET', url: resource })) return null;
      const res = await app.inject({
        method: 'GET',
        url: resource.replace(':id', encodeURIComponent(id)),
        headers: request.headers.authorization ? { authorization: request.headers.authorization } : {},
      });
      return res.statusCode === 200 ? parseJson(res.body, res.headers['content-type']) : null;
    }

    const recordChange: onSendAsyncHookHandler<unknown> = async (request, reply, payload) => {
      if (reply.statusCode < 200 || reply.statusCode >= 300 || !isAdminWrite(request)) return payload;
      const url = request.routeOptions.url!;
      const id = (request.params as { id?: unknown } | undefined)?.id;
      const write = recordAudit(app.db, {
        actorId: request.user!.id,
        actorEmail: request.user!.email,
        action: `${request.method} ${url}`,
        entity: entityOf(url),
        entityId: typeof id === 'string' ? id : null,
        before: before.get(request) ?? null,
        after: parseJson(payload, reply.getHeader('content-type')),
      }).catch((error: unknown) => {
        request.log.error({ err: error, action: `${request.method} ${url}` }, 'audit: could not record an admin change');
      });
      pending.add(write);
      void write.finally(() => pending.delete(write));
      return payload;
    };

    app.addHook('onRoute', (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (!methods.some((m) => WRITE_METHODS.has(m)) || !isAuditedUrl(route.url) || route.config?.audit === false) return;
      const ownOnSend = route.onSend ? (Array.isArray(route.onSend) ? route.onSend : [route.onSend]) : [];
      route.onSend = [...ownOnSend, recordChange];
      const resource = resourceOf(route.url);
      if (!resource) return;
      const readState: preHandlerAsyncHookHandler = async (request) => {
        if (!isAdminWrite(request)) return;
        try {
          before.set(request, await readBefore(request, resource));
        } catch (error) {
          request.log.error({ err: error }, 'audit: could not read the state before the change');
        }
      };
      const own = route.preHandler ? (Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler]) : [];
      route.preHandler = [...own, readState];
    });

    const flush = async () => {
      await Promise.all([...pending]);
    };
    app.decorate('audit', { flush });
    app.addHook('preClose', flush);
  },
  { name: 'audit', dependencies: ['context', 'auth'] },
);
