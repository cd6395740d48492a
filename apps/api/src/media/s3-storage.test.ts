import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdmin, createTestApp, type TestContext } from '../../test/helpers.ts';
import { startS3Standin } from '../../test/s3-standin.ts';

let s3: Awaited<ReturnType<typeof startS3Standin>>;
let ctx: TestContext;
let token: string;
beforeAll(async () => {
  s3 = await startS3Standin();
  ctx = await createTestApp({
    S3_BUCKET: 'shop-images',
    S3_ENDPOINT: s3.endpoint,
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: 'test',
    S3_SECRET_ACCESS_KEY: 'test',
    S3_PUBLIC_URL: 'https://cdn.example.ng/shop-images',
  });
  token = (await createAdmin(ctx)).accessToken;
});
afterAll(async () => {
  await ctx.close();
  await s3.close();
});

async function multipart(fields: Record<string, string>, image: Buffer) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('imageUrl', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'a.png');
  const request = new Request('http://x', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

describe('images in S3-compatible object storage', () => {
  it('stores every rendition in the bucket with a long cache lifetime and serves URLs from the public base', async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#2a6' } })
      .png()
      .toBuffer();
    const { payload, contentType } = await multipart({ name: 'Vases' }, png);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/categories/create',
      headers: { ...bearer(token), 'content-type': contentType },
      payload,
    });
    expect(res.statusCode).toBeLessThan(300);
    const imageUrl: string = res.json().imageUrl;
    expect(imageUrl).toMatch(/^https:\/\/cdn\.example\.ng\/shop-images\/[a-f0-9]{24}-640\.webp$/);
    const id = /([a-f0-9]{24})-640/.exec(imageUrl)![1];
    for (const width of [320, 480, 640, 1280]) {
      const object = s3.objects.get(`/shop-images/${id}-${width}.webp`);
      expect(object?.contentType).toBe('image/webp');
      expect(object?.cacheControl).toContain('immutable');
    }
    expect(s3.objects.get(`/shop-images/${id}-1200.jpg`)?.contentType).toBe('image/jpeg');
    // Read back from the bucket: the sharing JPEG's size, and none made twice.
    expect(await ctx.app.images.shareImage(id!)).toEqual({
      url: `https://cdn.example.ng/shop-images/${id}-1200.jpg`,
      width: 300,
      height: 200,
    });
    const asked = s3.requests.length;
    expect(await ctx.app.images.ensureRenditions(id!)).toBe(false);
    // Whether the renditions are there, not their bytes (the job asks of every image at every start).
    expect(
      s3.requests
        .slice(asked)
        .map((r) => `${r.method} ${r.key} ${r.status}`)
        .sort(),
    ).toEqual([`HEAD /shop-images/${id}-1200.jpg 200`, `HEAD /shop-images/${id}-480.webp 200`]);
    s3.objects.delete(`/shop-images/${id}-1200.jpg`);
    s3.objects.delete(`/shop-images/${id}-480.webp`);
    expect(await ctx.app.images.ensureRenditions(id!)).toBe(true);
    expect(s3.objects.get(`/shop-images/${id}-1200.jpg`)?.contentType).toBe('image/jpeg');
    expect(s3.objects.get(`/shop-images/${id}-480.webp`)?.contentType).toBe('image/webp');

    // Nothing is written to local disk, and /uploads is not served.
    expect((await ctx.app.inject({ method: 'GET', url: `/uploads/${id}-640.webp` })).statusCode).toBe(404);

    // Deleting the category removes its image files from the bucket.
    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/categories/${res.json().id}`, headers: bearer(token) });
    expect(del.statusCode).toBe(200);
    expect(s3.objects.has(`/shop-images/${id}-640.webp`)).toBe(false);
    expect(s3.objects.has(`/shop-images/${id}-1200.jpg`)).toBe(false);
  });
});
