/** Ids are UUIDs; anything else cannot name a row, so it is answered as "not found" without a query. */
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID_RE.test(value);
}

/**
 * A delete refused because rows still point at the row: foreign_key_violation (23503) or,
 * for ON DELETE RESTRICT, restrict_violation (23001); the driver error may be wrapped by Drizzle.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const e = current as { code?: unknown; cause?: unknown };
    if (e.code === '23503' || e.code === '23001') return true;
    current = e.cause;
  }
  return false;
}
