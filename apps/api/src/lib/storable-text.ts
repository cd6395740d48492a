/**
 * Text PostgreSQL cannot store: U+0000 fails any text query ("invalid byte sequence for
 * encoding UTF8: 0x00") and an unpaired surrogate (\uD800) fails a jsonb one, which would
 * answer 500. Requests are checked before any query (a hook in app.ts for the query string
 * and JSON body; media/multipart.ts for form fields) and refused with a 400 that says why.
 */
import { badRequest } from './http-error.ts';

export const UNSTORABLE_TEXT = 'Text cannot contain the NUL character (\\u0000) or an unpaired surrogate';

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/** Whether a string anywhere in the value (keys included) cannot be stored. */
export function hasUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return unstorable(value);
  if (value === null || typeof value !== 'object' || depth > 64 || Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) return value.some((v) => hasUnstorableText(v, depth + 1));
  return Object.entries(value).some(([k, v]) => unstorable(k) || hasUnstorableText(v, depth + 1));
}

/** A preValidation hook: 400 for a query string or JSON body with text that cannot be stored. */
export async function refuseUnstorableText(request: { query: unknown; body: unknown }): Promise<void> {
  if (hasUnstorableText(request.query) || hasUnstorableText(request.body)) throw badRequest(UNSTORABLE_TEXT);
}
