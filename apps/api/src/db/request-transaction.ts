/**
 * A transaction that belongs to a request, not to a service: while a staff write runs, `app.db`
 * (this module's `scopedDb`, which every route and service is given) is that request's
 * transaction, so the services' own `db.transaction()` calls become savepoints inside it and
 * the audit entry written before COMMIT stands or falls with the change (decision 22).
 *
 * The scope lives in AsyncLocalStorage, so it follows the request's own promises and nothing
 * else: another request, even one PGlite queues behind this transaction, has no scope and uses
 * the database itself. Once the transaction has ended, `app.db` is the database again for
 * anything the request left running, never a connection handed back to the pool.
 *
 * Two kinds of scope:
 * - `request`: one transaction for the whole handler (`inRequestTransaction`). Work that must
 *   wait for COMMIT (deleting stored files) is queued with `afterCommit`, and dropped on ROLLBACK.
 * - `each`: no request transaction; every top-level transaction the handler opens, and every
 *   single INSERT, UPDATE or DELETE it sends outside one, runs in a transaction of its own
 *   wrapped by `around` (which writes the audit entry in it). For routes that must not hold one
 *   transaction across slow or outside work: a card refund calls the payment provider between
 *   its transactions, an upload decodes its images before its write, an import streams.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, Tx } from './client.ts';
import { isDeadlock } from './errors.ts';

/** Runs one of the handler's transactions inside its own work (the audit's before, the entry after). */
export type Around = <T>(tx: Tx, run: () => Promise<T>) => Promise<T>;

type Scope = { kind: 'request'; tx: Tx | undefined; afterCommit: (() => unknown)[] } | { kind: 'each'; around: Around };

const storage = new AsyncLocalStorage<Scope>();

/** The methods that start a write outside a transaction; `each` scopes run them in one of their own. */
const WRITES = new Set<PropertyKey>(['insert', 'update', 'delete']);

/** Methods bound once per database or transaction: `app.db.select` is on every request's path. */
const boundMethods = new WeakMap<object, Map<PropertyKey, [method: unknown, bound: unknown]>>();

function bind(target: object, property: PropertyKey): unknown {
  const value = Reflect.get(target, property, target);
  if (typeof value !== 'function') return value;
  let methods = boundMethods.get(target);
  if (!methods) {
    methods = new Map();
    boundMethods.set(target, methods);
  }
  const known = methods.get(property);
  // Compared with the method itself, so a method replaced on the object (a test's spy) is bound anew.
  if (known && known[0] === value) return known[1];
  const bound = value.bind(target);
  methods.set(property, [value, bound]);
  return bound;
}

type TransactionConfig = Parameters<Db['transaction']>[1];

/**
 * `body` in a transaction that `app.db` resolves to, then what was queued with `afterCommit`
 * once it has committed. Inside an open one already, a savepoint of it (PGlite has one
 * connection: a second transaction would wait for this one for ever).
 */
async function inScope<T>(base: Db, body: (tx: Tx) => Promise<T>, config?: TransactionConfig): Promise<T> {
  const outer = storage.getStore();
  if (outer?.kind === 'request' && outer.tx) return outer.tx.transaction(body);
  const scope: Scope = { kind: 'request', tx: undefined, afterCommit: [] };
  let result: T;
  try {
    result = await base.transaction(
      (tx) =>
        storage.run(scope, () => {
          scope.tx = tx;
          return body(tx);
        }),
      config,
    );
  } finally {
    scope.tx = undefined;
  }
  // Best effort, like the work they stand for (a file left behind is harmless; the change has committed).
  for (const task of scope.afterCommit.splice(0))
    await Promise.resolve()
      .then(task)
      .catch(() => {});
  return result;
}

/**
 * A statement started outside a transaction in an `each` scope: its builder calls are
 * recorded, then replayed on a transaction of its own when it is awaited.
 */
function deferredWrite(base: Db, around: Around, method: PropertyKey, args: unknown[]): unknown {
  const calls: [PropertyKey, unknown[]][] = [[method, args]];
  const run = () =>
    inScope(base, (tx) =>
      around(tx, async () => {
        let builder: unknown = tx;
        for (const [name, callArgs] of calls) {
          builder = (builder as Record<PropertyKey, (...a: unknown[]) => unknown>)[name]!(...callArgs);
        }
        return await builder;
      }),
    );
  const chain: unknown = new Proxy(
    {},
    {
      get(_target, property) {
        if (property === 'then') {
          return (resolve: (v: unknown) => unknown, reject: (e: unknown) => unknown) => run().then(resolve, reject);
        }
        if (property === 'catch') return (reject: (e: unknown) => unknown) => run().catch(reject);
        if (property === 'execute') return () => run();
        return (...callArgs: unknown[]) => {
          calls.push([property, callArgs]);
          return chain;
        };
      },
    },
  );
  return chain;
}

/** The database as routes and services see it: the request's transaction while one is open. */
export function scopedDb(base: Db): Db {
  return new Proxy(base, {
    get(target, property) {
      const scope = storage.getStore();
      if (scope?.kind === 'request') return bind(scope.tx ?? target, property);
      if (scope?.kind === 'each') {
        if (property === 'transaction') {
          return <T>(fn: (tx: Tx) => Promise<T>, config?: TransactionConfig) =>
            inScope(target, (tx) => scope.around(tx, () => fn(tx)), config);
        }
        if (WRITES.has(property)) return (...args: unknown[]) => deferredWrite(target, scope.around, property, args);
      }
      return bind(target, property);
    },
  });
}

/**
 * Runs `body` in one transaction that `app.db` resolves to, committed when it resolves and
 * rolled back when it throws; what was queued with `afterCommit` runs after COMMIT only.
 */
export function withRequestTransaction<T>(base: Db, body: (tx: Tx) => Promise<T>): Promise<T> {
  return inScope(base, body);
}

/** Runs `body` (a handler) so that each transaction it opens is wrapped by `around`. */
export function withEachTransaction<T>(around: Around, body: () => T): T {
  return storage.run({ kind: 'each', around }, body);
}

/**
 * Runs `task` once the request's transaction has committed, or now when there is none (a
 * shopper's request, a job). Dropped when the transaction rolls back: what it would undo
 * (deleting the files of images the change stopped using) did not happen.
 */
export async function afterCommit(task: () => unknown): Promise<void> {
  const scope = storage.getStore();
  if (scope?.kind === 'request' && scope.tx) scope.afterCommit.push(task);
  else await task();
}

/** Whether the caller runs inside an open request transaction. */
export function inRequestTransaction(): boolean {
  const scope = storage.getStore();
  return scope?.kind === 'request' && scope.tx !== undefined;
}

/**
 * `transaction` (one whole transaction: it begins and ends inside) run again, up to `tries`
 * times, when PostgreSQL rolled it back to break a deadlock: nothing of it was kept, so a
 * second run is the first one's twin. Inside a request's open transaction it runs once, as the
 * deadlock aborted that one too.
 */
export async function againAfterDeadlock<T>(transaction: () => Promise<T>, tries = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction();
    } catch (error) {
      if (attempt >= tries || !isDeadlock(error) || inRequestTransaction()) throw error;
    }
  }
}

/**
 * `db.transaction` with `againAfterDeadlock`: for a feature whose transactions do nothing
 * outside the database (an order's: their messages go through the outbox), decision 0035.
 */
export function transactionsAgainAfterDeadlock(db: Db) {
  return <T>(body: (tx: Tx) => Promise<T>): Promise<T> => againAfterDeadlock(() => db.transaction(body));
}
