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

export default fp(async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
      return reply.status(error.statusCode).send({ msg: error.message, ...(error.errors && { errors: error.errors }) });
    }
    const errors = validationErrors(error);
    if (errors) {
      return reply.status(400).send({ msg: errors[0]?.message ?? 'Invalid request', errors });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ msg: MESSAGES.tooManyRequests });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong content type, body too large, ...).
      return reply.status(status).send({ msg: error.message });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('Retry-After', String(RETRY_AFTER_SECONDS)).send({ msg: MESSAGES.unavailable });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ msg: MESSAGES.somethingWentWrong });
  });
});
