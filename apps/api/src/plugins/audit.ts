/**
 * Records every staff write in the audit trail in the same transaction as the change, so
 * neither exists without the other (decision 22), without any route having to ask for it.
 *
 * For each write route under /api (sign-in routes aside) that declares a permission, or that
 * admin/audit-actions.ts lists, the handler of a staff member's request runs inside one
 * transaction (db/request-transaction.ts) that `app.db` resolves to: the services' own
 * transactions become savepoints of it. Before the handler, the thing named by the route's
 * `:id` is read in it (admin/audit-snapshots.ts); after, read again, and the entry (who,
 * action, the fields that changed, from where) is written before COMMIT. A handler that
 * throws, or answers other than 2xx, rolls everything back and leaves no entry; an entry that
 * cannot be written fails the change.
 *
 * The answer never leaves before COMMIT: a handler that sends it itself (`reply.send`) has it
 * held in this plugin's onSend hook until the transaction has ended, and replaced by the
 * error's answer when it rolled back.
 *
 * Routes that must not hold one transaction (audit-actions.ts: `mode: 'each'`, or `uploads`
 * for a multipart request) get an entry inside each transaction they open instead. A route
 * declaring `config.audit: false` records its own entries (recordAudit).
 *
 * Registered before the routes are declared (onRoute only sees later routes).
 */
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onSendAsyncHookHandler,
  RouteHandlerMethod,
  RouteOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import { type Around, withEachTransaction, withRequestTransaction } from '../db/request-transaction.ts';
import { type AuditContext, recordChange, type ResolvedAudit, ROUTE_AUDIT, routeAudit } from '../admin/index.ts';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const OPEN_ACCESS = new Set(['public', 'signed-in', 'owner-of-resource']);

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
      /**
       * Entries are written in the transaction of their change, before the answer: nothing is
       * ever pending, and this resolves at once. Kept for callers that wait for the trail.
       */
      flush(): Promise<void>;
      /** The write routes it records ("METHOD url" → action, entity, mode), as declared. */
      routes: ReadonlyMap<string, ResolvedAudit>;
    };
  }
}

const isAuditedUrl = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/auth/');

/** Whether the route is a staff write the audit records (see the docblock). */
function auditOf(route: RouteOptions): ResolvedAudit | undefined {
  const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => WRITE_METHODS.has(m));
  if (methods.length !== 1 || !isAuditedUrl(route.url) || route.config?.audit === false) return undefined;
  const key = `${methods[0]} ${route.url}`;
  const access = route.config?.access;
  const guarded = access !== undefined && !(typeof access === 'string' && OPEN_ACCESS.has(access));
  return key in ROUTE_AUDIT || guarded ? routeAudit(methods[0]!, route.url) : undefined;
}

const paramId = (request: FastifyRequest): string | null => {
  const id = (request.params as { id?: unknown } | undefined)?.id;
  return typeof id === 'string' ? id : null;
};

const is2xx = (reply: FastifyReply) => reply.statusCode >= 200 && reply.statusCode < 300;

/** An answer other than 2xx: the transaction rolls back, the answer still goes out. */
class NotApplied {
  constructor(readonly value: unknown) {}
}

export default fp(
  async function auditPlugin(app: FastifyInstance) {
    const base = app.database.db;
    /** Per request in one transaction: settles when it has ended (rejected with the error that rolled it back). */
    const outcomes = new WeakMap<FastifyRequest, Promise<void>>();
    const routes = new Map<string, ResolvedAudit>();

    const contextOf = (request: FastifyRequest, audit: ResolvedAudit): AuditContext => ({
      request,
      audit,
      entityId: paramId(request),
    });

    /** Each of the handler's transactions writes its own entry (routes that cannot hold one). */
    const eachTransaction =
      (context: AuditContext): Around =>
      async (tx, run) => {
        const before = await recordChange.before(tx, context);
        const result = await run();
        await recordChange.after(tx, context, before, result, { skipUnchanged: true });
        return result;
      };

    async function inOneTransaction(
      self: FastifyInstance,
      handler: RouteHandlerMethod,
      request: FastifyRequest,
      reply: FastifyReply,
      context: AuditContext,
    ): Promise<unknown> {
      let sent: { payload: unknown } | undefined;
      let onSent = () => {};
      const sending = new Promise<void>((resolve) => {
        onSent = resolve;
      });
      const send = reply.send;
      // The handler's own send: its answer waits in onSend for the end of the transaction.
      reply.send = function (this: FastifyReply, payload?: unknown) {
        if (!sent) {
          sent = { payload };
          onSent();
        }
        return send.call(this, payload);
      };
      let ended = (_error?: unknown) => {};
      const outcome = new Promise<void>((resolve, reject) => {
        ended = (error) => (error === undefined ? resolve() : reject(error));
      });
      outcome.catch(() => {}); // read by onSend, when the answer goes out
      outcomes.set(request, outcome);
      let handled: Promise<unknown> = Promise.resolve();
      try {
        const value = await withRequestTransaction(base, async (tx) => {
          const before = await recordChange.before(tx, context);
          handled = Promise.resolve(handler.call(self, request, reply));
          const returned = await Promise.race([handled, sending.then(() => undefined)]);
          if (!is2xx(reply)) throw new NotApplied(returned);
          await recordChange.after(tx, context, before, sent ? sent.payload : returned);
          return returned;
        });
        ended();
        return sent ? handled : value;
      } catch (error) {
        // The handler's own answer, held in onSend, becomes the error's answer there; otherwise
        // the error's answer is the only one, and passes.
        ended(sent && !(error instanceof NotApplied) ? error : undefined);
        if (sent) return handled;
        if (error instanceof NotApplied) return error.value;
        throw error;
      } finally {
        reply.send = send;
      }
    }

    const waitForCommit: onSendAsyncHookHandler<unknown> = async (request, _reply, payload) => {
      const outcome = outcomes.get(request);
      if (!outcome) return payload;
      // Once: the error's answer, if it comes to that, passes.
      outcomes.delete(request);
      await outcome;
      return payload;
    };

    app.addHook('onRoute', (route: RouteOptions) => {
      const audit = auditOf(route);
      if (!audit) return;
      routes.set(`${[route.method].flat().find((m) => WRITE_METHODS.has(m))} ${route.url}`, audit);
      const handler = route.handler;
      route.handler = async function audited(this: FastifyInstance, request, reply) {
        if (!request.staff) return handler.call(this, request, reply);
        const context = contextOf(request, audit);
        if (audit.mode === 'each' || (audit.uploads && request.isMultipart())) {
          return withEachTransaction(eachTransaction(context), () => handler.call(this, request, reply));
        }
        return inOneTransaction(this, handler, request, reply, context);
      };
      const own = route.onSend ? (Array.isArray(route.onSend) ? route.onSend : [route.onSend]) : [];
      route.onSend = [waitForCommit, ...own];
    });

    app.decorate('audit', { flush: async () => {}, routes });
  },
  { name: 'audit', dependencies: ['context', 'auth', 'images'] },
);
