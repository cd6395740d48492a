/**
 * What a database error means, the one place that reads driver errors. Both drivers (pg and
 * PGlite) raise PostgreSQL's SQLSTATE in `code`; Drizzle wraps them, so the fields may be on
 * the error's `cause`. Connection failures carry Node's network codes or pg's own messages.
 */

interface PgErrorFields {
  code?: string;
  constraint?: string;
}

/** The driver error inside whatever wrapped it: the first error with a SQLSTATE (5 characters). */
function findPgError(error: unknown): PgErrorFields | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const e = current as { code?: unknown; cause?: unknown };
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e as PgErrorFields;
    current = e.cause;
  }
  return undefined;
}

/**
 * deadlock_detected (40P01): PostgreSQL broke a cycle of waiting transactions by rolling this
 * one back, whole; it can run again.
 */
export function isDeadlock(error: unknown): boolean {
  return findPgError(error)?.code === '40P01';
}

/** unique_violation, optionally of one named constraint or index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = findPgError(error);
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
}

/**
 * A delete refused because rows still point at the row: foreign_key_violation (23503) or,
 * for ON DELETE RESTRICT, restrict_violation (23001).
 */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = findPgError(error)?.code;
  return code === '23503' || code === '23001';
}

/** Node's codes for a connection that could not be made or was cut. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** pg's own errors when the server goes away or the pool cannot connect in time. */
const LOST_CONNECTION =
  /Connection terminated|not queryable|timeout exceeded when trying to connect|Connection closed|Client was closed/i;

/**
 * The database is away (down, restarting, unreachable, or refusing connections for now),
 * as opposed to refusing this query: connection_exception (08xxx), admin_shutdown and
 * crash_shutdown (57P01/57P02), cannot_connect_now (57P03), too_many_connections (53300),
 * or a network error on the way.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const e = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    const code = typeof e.code === 'string' ? e.code : '';
    if (code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300') return true;
    if (NETWORK_CODES.has(code)) return true;
    if (typeof e.message === 'string' && LOST_CONNECTION.test(e.message)) return true;
    // AggregateError (a host with several addresses, all refused).
    if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = e.cause;
  }
  return false;
}

/**
 * Fields of driver errors that hold the query's values: Drizzle's and PGlite's `params`,
 * PostgreSQL's `detail` ("Key (email)=(…) already exists").
 */
const VALUE_FIELDS = new Set(['params', 'queryOptions', 'detail']);
/** Drizzle's message ends with the values: "Failed query: …\nparams: a,b,c". */
const PARAMS_LINE = /\nparams: [\s\S]*$/;

function carriesValues(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    if (PARAMS_LINE.test(current.message) || Object.keys(current).some((key) => VALUE_FIELDS.has(key))) return true;
    current = current.cause;
  }
  return false;
}

function scrub(error: Error, depth: number): Error {
  // Same prototype, so the log still names the error's class.
  const copy = Object.create(Object.getPrototypeOf(error)) as Error & Record<string, unknown>;
  const message = error.message.replace(PARAMS_LINE, '');
  for (const [key, value] of Object.entries(error)) {
    if (!VALUE_FIELDS.has(key) && key !== 'cause') copy[key] = value;
  }
  Object.defineProperty(copy, 'message', { value: message, writable: true, configurable: true });
  Object.defineProperty(copy, 'stack', {
    value: error.stack?.split(error.message).join(message),
    writable: true,
    configurable: true,
  });
  if (error.cause !== undefined) {
    copy.cause = error.cause instanceof Error && depth < 5 ? scrub(error.cause, depth + 1) : error.cause;
  }
  return copy;
}

/**
 * The error as it may be logged: without the values its query was run with (they hold
 * e-mails, password hashes, addresses). The query text, SQLSTATE and constraint stay.
 * Other errors are returned as they are.
 */
export function withoutQueryValues<T>(error: T): T | Error {
  if (!(error instanceof Error) || !carriesValues(error)) return error;
  const copy = scrub(error, 0) as Error & PgErrorFields;
  // The log shows the outer error's fields only: name the SQLSTATE and constraint there.
  const driver = findPgError(error);
  copy.code ??= driver?.code;
  copy.constraint ??= driver?.constraint;
  return copy;
}
