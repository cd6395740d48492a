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
