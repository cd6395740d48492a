/**
 * The one error handler: every failure leaves as `{msg}` JSON, never as a stack trace. A
 * database that is away (restarting, unreachable) is a 503 with Retry-After, not a 500: the
 * request can be repeated in a moment, and nothing was written.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGES } from '@shop/shared';
import { isDatabaseUnavailable } from '../db/errors.ts';
import { HttpError } from '../lib/http-error.ts';

/** Seconds a client should wait before trying again while the database is away. */
export const RETRY_AFTER_SECONDS = 5;

function validationErrors(error: FastifyError) {
  if (!hasZodFastifySchemaValidationErrors(error)) return undefined;
  return error.validation.map((v) => {
    const params = v.params as { issue?: { path?: PropertyKey[] } } | undefined;
    const issuePath = params?.issue?.path ?? [];
    const fromInstance = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
    return { path: issuePath.length ? issuePath.map(String).join('.') : fromInstance, message: v.message ?? 'Invalid value' };
  });
}

/**
 * Every error answer names its request in X-Request-Id, and a server-side failure (5xx) in its
 * body too, so a shopper's screenshot or a client's log leads to the log line. A 4xx body stays
 * as clients know it.
 */
export default fp(async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const send = (status: number, body: { msg: string; errors?: unknown }) =>
      reply
        .status(status)
        .header('X-Request-Id', request.id)
        .send(status >= 500 ? { ...body, requestId: request.id } : body);
    if (error instanceof HttpError) {
      if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
      return send(error.statusCode, {
        ...error.details,
        msg: error.message,
        ...(error.errors && { errors: error.errors }),
      });
    }
    const errors = validationErrors(error);
    if (errors) {
      return send(400, { msg: errors[0]?.message ?? 'Invalid request', errors });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return send(429, { msg: MESSAGES.tooManyRequests });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong content type, body too large, ...).
      return send(status, { msg: error.message });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
      return send(503, { msg: MESSAGES.unavailable });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(500, { msg: MESSAGES.somethingWentWrong });
  });
});
