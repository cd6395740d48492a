import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdmin, createTestApp, registerShopper, type TestContext } from '../../test/helpers.ts';
import { IMAGE_WIDTHS } from '../media/index.ts';

/** The files an image is stored as: a WebP per width and the sharing JPEG. */
const RENDITIONS = IMAGE_WIDTHS.length + 1;

let ctx: TestContext;
let adminToken: string;
let admin: InjectOptions['headers'];
let shopperToken: string;
beforeAll(async () => {
  ctx = await createTestApp();
  adminToken = (await createAdmin(ctx)).accessToken;
  admin = bearer(adminToken);
  shopperToken = (await registerShopper(ctx.app)).accessToken;
});
afterAll(() => ctx.close());

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

interface PostJson {
  id: string;
  title: string;
  heading: string;
  text: string;
  imageUrl: string | null;
  createdAt: string;
  updatedAt: string;
}

const png = (background: string) =>
  sharp({ create: { width: 40, height: 40, channels: 3, background } })
    .png()
    .toBuffer();

/** A multipart request body as a browser's FormData would send it. */
async function multipart(
  fields: Record<string, string>,
  files: { field: string; data: Buffer; name?: string; type?: string }[] = [],
  token: string | null = adminToken,
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const f of files)
    form.append(f.field, new Blob([new Uint8Array(f.data)], { type: f.type ?? 'image/png' }), f.name ?? 'photo.png');
  const r = new Request('http://x', { method: 'POST', body: form });
  const payload = Buffer.from(await r.arrayBuffer());
  const headers = { 'content-type': r.headers.get('content-type')!, ...(token ? bearer(token) : {}) };
  return { payload, headers };
}

const uploadsDir = () => path.join(ctx.app.config.dataDir, 'uploads');
/** The stored files (all widths) of the image behind an imageUrl. */
function storedFiles(imageUrl: string): string[] {
  const id = ctx.app.images.idFromUrl(imageUrl);
  expect(id).toBeDefined();
  return existsSync(uploadsDir()) ? readdirSync(uploadsDir()).filter((f) => f.startsWith(id!)) : [];
}

async function createJson(payload: Record<string, unknown>): Promise<PostJson> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/posts/create', headers: admin, payload });
  expect(res.statusCode).toBe(200);
  return res.json();
}
const total = async () => Number((await ctx.app.inject({ method: 'GET', url: '/api/posts?limit=1' })).headers['x-total-count']);

describe('blog posts: reading and writing', () => {
  it('creates a post from JSON (200) and reads it back', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/posts/create',
      headers: admin,
      payload: { title: ' Styling adire for the office ', heading: 'Five looks', text: 'Indigo works with everything.' },
    });
    expect(res.statusCode).toBe(200);
    const created = res.json() as PostJson;
    expect(created).toEqual({
      id: expect.any(String),
      title: 'Styling adire for the office',
      heading: 'Five looks',
      text: 'Indigo works with everything.',
      imageUrl: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const one = await ctx.app.inject({ method: 'GET', url: `/api/posts/${created.id}` });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(created);
  });

  it('lists posts newest first with X-Total-Count, limit and offset', async () => {
    await createJson({ title: 'Older' });
    await createJson({ title: 'Newer' });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/posts' });
    expect(res.statusCode).toBe(200);
    const titles = res.json().map((p: PostJson) => p.title);
    expect(titles.indexOf('Newer')).toBeLessThan(titles.indexOf('Older'));
    const count = Number(res.headers['x-total-count']);
    expect(count).toBe(titles.length);
    expect(count).toBeGreaterThanOrEqual(3);

    const page = await ctx.app.inject({ method: 'GET', url: '/api/posts?limit=1&offset=1' });
    expect(page.json().map((p: PostJson) => p.title)).toEqual([titles[1]]);
    expect(page.headers['x-total-count']).toBe(String(count));

    for (const query of ['limit=0', 'limit=201', 'limit=abc', 'offset=-1']) {
      const bad = await ctx.app.inject({ method: 'GET', url: `/api/posts?${query}` });
      expect(bad.statusCode, query).toBe(400);
    }
  });

  it('answers 404 {msg} for unknown and malformed ids on read, update and delete', async () => {
    for (const id of [UNKNOWN_ID, 'nope', '123']) {
      const get = await ctx.app.inject({ method: 'GET', url: `/api/posts/${id}` });
      expect(get.statusCode).toBe(404);
      expect(get.json()).toEqual({ msg: 'Post not found' });
      const put = await ctx.app.inject({ method: 'PUT', url: `/api/posts/${id}`, headers: admin, payload: { title: 'x' } });
      expect(put.statusCode).toBe(404);
      const del = await ctx.app.inject({ method: 'DELETE', url: `/api/posts/${id}`, headers: admin });
      expect(del.statusCode).toBe(404);
    }
  });

  it('updates fields from JSON and keeps the rest', async () => {
    const post = await createJson({ title: 'Draft', heading: 'Keep me', text: 'Old text' });
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/posts/${post.id}`,
      headers: admin,
      payload: { title: 'Final', text: 'New text' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: post.id,
      title: 'Final',
      heading: 'Keep me',
      text: 'New text',
      createdAt: post.createdAt,
    });
    expect(new Date(res.json().updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(post.updatedAt).getTime());
  });

  it('refuses an empty title with 400 (JSON and multipart) and writes nothing', async () => {
    const before = await total();
    for (const payload of [{ title: '' }, { title: '   ' }, { heading: 'no title' }, { title: 'x'.repeat(201) }]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/posts/create', headers: admin, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().msg).toEqual(expect.any(String));
    }
    const form = await multipart({ title: '', text: 'with an image' }, [{ field: 'imageUrl', data: await png('#0a0') }]);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/posts/create', ...form });
    expect(res.statusCode).toBe(400);
    expect(await total()).toBe(before);

    const post = await createJson({ title: 'Stays' });
    const put = await ctx.app.inject({ method: 'PUT', url: `/api/posts/${post.id}`, headers: admin, payload: { title: '' } });
    expect(put.statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/posts/${post.id}` })).json().title).toBe('Stays');
  });
});

describe('blog posts: images', () => {
  it('creates a post with an image from multipart, stores and serves it', async () => {
    const form = await multipart({ title: 'Lookbook', heading: 'Aso oke season', text: 'Photos inside.' }, [
      { field: 'imageUrl', data: await png('#c00') },
    ]);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/posts/create', ...form });
    expect(res.statusCode).toBe(200);
    const post = res.json() as PostJson;
    expect(post).toMatchObject({ title: 'Lookbook', heading: 'Aso oke season', text: 'Photos inside.' });
    expect(post.imageUrl).toMatch(/^\/uploads\/[a-f0-9]{24}-640\.webp$/);
    // Three WebP widths and the sharing JPEG.
    expect(storedFiles(post.imageUrl!)).toHaveLength(RENDITIONS);

    const image = await ctx.app.inject({ method: 'GET', url: post.imageUrl! });
    expect(image.statusCode).toBe(200);
    expect((await sharp(image.rawPayload).metadata()).format).toBe('webp');
  });

  it('replaces the image from multipart and removes the old one from storage', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/posts/create',
      ...(await multipart({ title: 'Replace me' }, [{ field: 'imageUrl', data: await png('#00c') }])),
    });
    const post = created.json() as PostJson;
    const oldUrl = post.imageUrl!;
    expect(storedFiles(oldUrl)).toHaveLength(RENDITIONS);

    const form = await multipart({ heading: 'Now in green' }, [{ field: 'imageUrl', data: await png('#0c0') }]);
    const res = await ctx.app.inject({ method: 'PUT', url: `/api/posts/${post.id}`, ...form });
    expect(res.statusCode).toBe(200);
    const updated = res.json() as PostJson;
    expect(updated).toMatchObject({ title: 'Replace me', heading: 'Now in green' });
    expect(updated.imageUrl).toMatch(/^\/uploads\/[a-f0-9]{24}-640\.webp$/);
    expect(updated.imageUrl).not.toBe(oldUrl);
    expect(storedFiles(updated.imageUrl!)).toHaveLength(RENDITIONS);
    expect(storedFiles(oldUrl)).toHaveLength(0);

    // Sending the current URL back as JSON keeps the image; null removes it.
    const keep = await ctx.app.inject({
      method: 'PUT',
      url: `/api/posts/${post.id}`,
      headers: admin,
      payload: { title: 'Kept', imageUrl: updated.imageUrl },
    });
    expect(keep.json()).toMatchObject({ title: 'Kept', imageUrl: updated.imageUrl });
    const remove = await ctx.app.inject({
      method: 'PUT',
      url: `/api/posts/${post.id}`,
      headers: admin,
      payload: { imageUrl: null },
    });
    expect(remove.statusCode).toBe(200);
    expect(remove.json().imageUrl).toBeNull();
    expect(storedFiles(updated.imageUrl!)).toHaveLength(0);
  });

  it('deletes a post with its image', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/posts/create',
      ...(await multipart({ title: 'Short-lived' }, [{ field: 'imageUrl', data: await png('#cc0') }])),
    });
    const post = created.json() as PostJson;
    expect(storedFiles(post.imageUrl!)).toHaveLength(RENDITIONS);
    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/posts/${post.id}`, headers: admin });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ msg: expect.any(String) });
    expect(storedFiles(post.imageUrl!)).toHaveLength(0);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/posts/${post.id}` })).statusCode).toBe(404);
  });

  it('keeps an image another post still uses', async () => {
    const bytes = await png('#0cc');
    const a = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/posts/create',
        ...(await multipart({ title: 'A' }, [{ field: 'imageUrl', data: bytes }])),
      })
    ).json();
    const b = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/posts/create',
        ...(await multipart({ title: 'B' }, [{ field: 'imageUrl', data: bytes }])),
      })
    ).json();
    expect(a.imageUrl).toBe(b.imageUrl);
    await ctx.app.inject({ method: 'DELETE', url: `/api/posts/${a.id}`, headers: admin });
    expect(storedFiles(b.imageUrl)).toHaveLength(RENDITIONS);
    await ctx.app.inject({ method: 'DELETE', url: `/api/posts/${b.id}`, headers: admin });
    expect(storedFiles(b.imageUrl)).toHaveLength(0);
  });

  it('refuses a file that is not an image with 415 and writes nothing', async () => {
    const before = await total();
    const form = await multipart({ title: 'Sneaky' }, [
      { field: 'imageUrl', data: Buffer.from('<?php system($_GET["c"]); ?>'), name: 'cat.png', type: 'image/png' },
    ]);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/posts/create', ...form });
    expect(res.statusCode).toBe(415);
    expect(res.json().msg).toEqual(expect.any(String));
    expect(await total()).toBe(before);

    const post = await createJson({ title: 'Unchanged' });
    const put = await ctx.app.inject({ method: 'PUT', url: `/api/posts/${post.id}`, ...form });
    expect(put.statusCode).toBe(415);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/posts/${post.id}` })).json().title).toBe('Unchanged');
  });

  it('refuses two images, or a file in another field, with 400', async () => {
    const before = await total();
    const two = await multipart({ title: 'Two' }, [
      { field: 'imageUrl', data: await png('#111') },
      { field: 'imageUrl', data: await png('#222') },
    ]);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/posts/create', ...two })).statusCode).toBe(400);
    const other = await multipart({ title: 'Other' }, [{ field: 'photo', data: await png('#333') }]);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/posts/create', ...other })).statusCode).toBe(400);
    expect(await total()).toBe(before);
  });
});

describe('blog posts: access', () => {
  it('answers 401 anonymous and 403 for a shopper on every admin endpoint, and writes nothing', async () => {
    const post = await createJson({ title: 'Protected' });
    const image = await png('#444');
    const before = await ctx.app.inject({ method: 'GET', url: '/api/posts' });
    for (const token of [null, shopperToken]) {
      const expected = token ? 403 : 401;
      const requests: InjectOptions[] = [
        { method: 'POST', url: '/api/posts/create', payload: { title: 'Sneaky' } },
        {
          method: 'POST',
          url: '/api/posts/create',
          ...(await multipart({ title: 'Sneaky' }, [{ field: 'imageUrl', data: image }], token)),
        },
        { method: 'PUT', url: `/api/posts/${post.id}`, payload: { title: 'Sneaky' } },
        { method: 'PUT', url: `/api/posts/${post.id}`, ...(await multipart({}, [{ field: 'imageUrl', data: image }], token)) },
        { method: 'DELETE', url: `/api/posts/${post.id}` },
      ];
      for (const request of requests) {
        const headers = { ...(token ? bearer(token) : {}), ...request.headers };
        const res = await ctx.app.inject({ ...request, headers });
        expect(res.statusCode, `${request.method} ${request.url}`).toBe(expected);
        expect(res.json().msg).toEqual(expect.any(String));
      }
    }
    const after = await ctx.app.inject({ method: 'GET', url: '/api/posts' });
    expect(after.json()).toEqual(before.json());
    const sneakyImage = ctx.app.images.url(createHash('sha256').update(image).digest('hex').slice(0, 24));
    expect(storedFiles(sneakyImage)).toHaveLength(0);
  });
});
