/**
 * Reads a multipart request into text fields and image buffers, within limits:
 * at most MAX_FILES files of MAX_FILE_BYTES each → 413 beyond that.
 * Repeated fields (e.g. several `size` values) become arrays.
 */
import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '../lib/http-error.ts';
import { hasUnstorableText, UNSTORABLE_TEXT } from '../lib/storable-text.ts';

export const MAX_FILES = 10;
export const MAX_FILE_BYTES = 8 * 1024 * 1024;

export interface MultipartData {
  fields: Record<string, string | string[]>;
  files: { field: string; filename: string; data: Buffer }[];
}

export function isMultipart(request: FastifyRequest): boolean {
  return request.isMultipart();
}

export async function readMultipart(request: FastifyRequest): Promise<MultipartData> {
  const fields: MultipartData['fields'] = {};
  const files: MultipartData['files'] = [];
  try {
    for await (const part of request.parts({ limits: { files: MAX_FILES, fileSize: MAX_FILE_BYTES, fields: 100 } })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.file.truncated) throw new HttpError(413, 'Each image must be at most 8 MB');
        if (data.length > 0) files.push({ field: part.fieldname, filename: part.filename, data });
      } else {
        const value = String(part.value ?? '');
        if (hasUnstorableText(value) || hasUnstorableText(part.fieldname)) throw badRequest(UNSTORABLE_TEXT);
        const name = part.fieldname.replace(/\[\]$/, '');
        const existing = fields[name];
        if (existing === undefined) fields[name] = value;
        else fields[name] = Array.isArray(existing) ? [...existing, value] : [existing, value];
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw new HttpError(413, `At most ${MAX_FILES} images can be sent at once`);
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, 'Each image must be at most 8 MB');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new HttpError(413, 'Too many form fields');
    throw new HttpError(400, 'The form data could not be read');
  }
  return { fields, files };
}
