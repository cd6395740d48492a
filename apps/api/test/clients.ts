/** Helpers for the catalogue tests: multipart bodies, small images, admin and shopper tokens. */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { bearer, createAdmin, registerShopper, type TestContext } from './helpers.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type FormValue = string | Blob | { file: Buffer; name?: string; type?: string };

/** A small PNG; a different colour gives a different image (and image id). */
export function png(background = '#c00', width = 40, height = 40): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

/** Encodes fields (repeated keys allowed) as multipart/form-data, as a browser would. */
export async function multipart(fields: [string, FormValue][]): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of fields) {
    if (typeof value === 'string' || value instanceof Blob) form.append(name, value);
    else
      form.append(name, new Blob([new Uint8Array(value.file)], { type: value.type ?? 'image/png' }), value.name ?? 'photo.png');
  }
  const request = new Request('http://test.local', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

export interface Client {
  json(method: Method, url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  form(method: Method, url: string, fields: [string, FormValue][]): Promise<LightMyRequestResponse>;
}

/** Requests as one caller: an admin, a shopper or nobody (token undefined). */
export function client(app: FastifyInstance, token?: string): Client {
  const auth: InjectOptions['headers'] = token ? bearer(token) : {};
  return {
    json: (method, url, payload) =>
      app.inject({ method, url, headers: auth, ...(payload !== undefined && { payload: payload as object }) }),
    form: async (method, url, fields) => {
      const { payload, contentType } = await multipart(fields);
      return app.inject({ method, url, headers: { ...auth, 'content-type': contentType }, payload });
    },
  };
}

export async function clients(ctx: TestContext) {
  const admin = await createAdmin(ctx);
  const shopper = await registerShopper(ctx.app);
  return { admin: client(ctx.app, admin.accessToken), shopper: client(ctx.app, shopper.accessToken), anonymous: client(ctx.app) };
}

/** Whether a stored image (by its API URL) is still served. */
export async function isServed(app: FastifyInstance, url: string): Promise<boolean> {
  const res = await app.inject({ method: 'GET', url });
  return res.statusCode === 200;
}
