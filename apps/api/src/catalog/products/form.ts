/**
 * Catalogue writes arrive as JSON or as multipart form data (text fields plus `imageUrl`
 * files), as the original back office sends them. Fastify validates JSON bodies with the
 * route's zod schema; multipart fields go through the same schema here, so both forms
 * give the same value and the same 400s.
 */
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badRequest } from '../../lib/http-error.ts';
import { isMultipart, readMultipart } from '../../media/index.ts';

export interface Form<T> {
  input: T;
  /** Uploaded files, in the order sent (every file field counts, normally `imageUrl`). */
  files: Buffer[];
  multipart: boolean;
  /** Whether any text field was sent (multipart) or the JSON body had any key. */
  hasFields: boolean;
}

export function parseWith<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
  throw badRequest(errors[0]?.message ?? 'Invalid request', errors);
}

/** `body` is the route's already validated JSON body (undefined for multipart or an empty body). */
export async function readForm<S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
  body: z.output<S> | null | undefined,
): Promise<Form<z.output<S>>> {
  if (isMultipart(request)) {
    const { fields, files } = await readMultipart(request);
    return {
      input: parseWith(schema, fields),
      files: files.map((f) => f.data),
      multipart: true,
      hasFields: Object.keys(fields).length > 0,
    };
  }
  const input = body ?? parseWith(schema, {});
  return {
    input,
    files: [],
    multipart: false,
    hasFields: typeof body === 'object' && body !== null && Object.keys(body).length > 0,
  };
}
