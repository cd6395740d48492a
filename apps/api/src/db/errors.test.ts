import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isForeignKeyViolation, isUniqueViolation } from './errors.ts';

/** A driver error with a SQLSTATE, wrapped the way Drizzle wraps it. */
const wrapped = (fields: Record<string, unknown>, message = 'db error') =>
  Object.assign(new Error('Failed query: select 1'), { cause: Object.assign(new Error(message), fields) });

describe('reading database errors', () => {
  it('recognises a unique violation, of any or of one named constraint', () => {
    const error = wrapped({ code: '23505', constraint: 'users_email_lower_key' });
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(error, 'users_email_lower_key')).toBe(true);
    expect(isUniqueViolation(error, 'another_key')).toBe(false);
    expect(isUniqueViolation(wrapped({ code: '23503' }))).toBe(false);
  });

  it('recognises a delete refused by rows pointing at the row', () => {
    expect(isForeignKeyViolation(wrapped({ code: '23503' }))).toBe(true);
    expect(isForeignKeyViolation(wrapped({ code: '23001' }))).toBe(true);
    expect(isForeignKeyViolation(wrapped({ code: '23505' }))).toBe(false);
  });

  it.each([
    ['a connection cut mid-query', new Error('Connection terminated unexpectedly')],
    ['a server shutting down', wrapped({ code: '57P01' }, 'terminating connection due to administrator command')],
    ['a server starting up', wrapped({ code: '57P03' }, 'the database system is starting up')],
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['every address refused', new AggregateError([Object.assign(new Error('refused'), { code: 'ECONNREFUSED' })])],
    ['no free connection in time', new Error('timeout exceeded when trying to connect')],
    ['a broken client', wrapped({}, 'Client has encountered a connection error and is not queryable')],
  ])('calls %s "unavailable" (503)', (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', wrapped({ code: '23505' })],
    ['a syntax error', wrapped({ code: '42601' })],
    ['a closed embedded database', new Error('PGlite is closed')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
  ])('does not call %s "unavailable"', (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
