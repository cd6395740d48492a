/**
 * Errors a service throws to answer with a 4xx. The error handler turns them into
 * `{msg}` with their status; anything else becomes a logged 500.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: { path: string; message: string }[],
    /** Sent as Retry-After: the request may be repeated then (a 503 or 429). */
    readonly retryAfterSeconds?: number,
    /** More fields of the answer beside `msg`, for a client to act on (e.g. `duplicateOf`). */
    readonly details?: Record<string, string | number | boolean>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (msg: string, errors?: { path: string; message: string }[]) => new HttpError(400, msg, errors);
export const unauthorized = (msg: string) => new HttpError(401, msg);
export const forbidden = (msg: string) => new HttpError(403, msg);
export const notFound = (msg: string) => new HttpError(404, msg);
export const conflict = (msg: string) => new HttpError(409, msg);
