/**
 * Uploads that are not what they claim, or too much, are refused with a clear 4xx and leave
 * nothing behind: no row, no file under the uploads folder. Images are checked by content,
 * not by name, within MAX_FILES files of MAX_FILE_BYTES each
 * (src/media/multipart.ts) and 40 megapixels (src/media/images.ts).
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, client, type FormValue, png } from '../test/clients.ts';
import { MAX_FILE_BYTES, MAX_FILES } from '../src/media/multipart.ts';
import { createAdmin, createTestApp, type TestContext } from '../test/helpers.ts';
import { rows } from './support.ts';

let ctx: TestContext;
let admin: Client;
let uploadsDir: string;
let productId: string;
let categoryId: string;
let postId: string;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = client(ctx.app, (await createAdmin(ctx)).accessToken);
  uploadsDir = path.join(ctx.app.config.dataDir, 'uploads');
  productId = (await admin.json('POST', '/api/products/create', { title: 'Plain Kaftan', price: 15000 })).json().id;
  categoryId = (await admin.json('POST', '/api/categories/create', { name: 'Kaftans' })).json().id;
  postId = (await admin.json('POST', '/api/posts/create', { title: 'Dyeing with indigo' })).json().id;
});
afterAll(() => ctx?.close());

const storedFiles = () => readdirSync(uploadsDir).sort();
async function rowCounts() {
  const result = await ctx.database.db.execute(
    sql`select (select count(*) from products) as products, (select count(*) from categories) as categories,
      (select count(*) from brands) as brands, (select count(*) from posts) as posts,
      (select string_agg(coalesce(image, ''), ',') from posts) as post_images,
      (select string_agg(array_to_string(images, ','), ';') from products) as product_images`,
  );
  return rows<Record<string, unknown>>(result)[0];
}

/** A PNG whose header claims width × height, with a few bytes of pixel data. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(data: Buffer): number {
  let crc = ~0;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return ~crc >>> 0;
}

const TEXT_AS_JPG: FormValue = {
  file: Buffer.from('just some words, not a picture\n'.repeat(20)),
  name: 'photo.jpg',
  type: 'image/jpeg',
};
const SVG_WITH_SCRIPT = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><script>alert(document.cookie)</script>' +
    '<rect width="40" height="40" fill="red" onload="alert(1)"/></svg>',
);

/** Where the upload goes: the product, category and post write routes, create and update. */
function targets(): { name: string; method: 'POST' | 'PUT'; url: string; fields: [string, FormValue][] }[] {
  return [
    {
      name: 'product create',
      method: 'POST',
      url: '/api/products/create',
      fields: [
        ['title', 'Bomb'],
        ['price', '100'],
      ],
    },
    { name: 'product update', method: 'PUT', url: `/api/products/${productId}`, fields: [] },
    { name: 'category create', method: 'POST', url: '/api/categories/create', fields: [['name', `Bomb ${Date.now()}`]] },
    { name: 'category update', method: 'PUT', url: `/api/categories/${categoryId}`, fields: [] },
    { name: 'post create', method: 'POST', url: '/api/posts/create', fields: [['title', 'Bomb']] },
    { name: 'post update', method: 'PUT', url: `/api/posts/${postId}`, fields: [] },
  ];
}

async function expectRefused(status: number[], files: FormValue[], message: RegExp) {
  for (const target of targets()) {
    const before = { rows: await rowCounts(), files: storedFiles() };
    const res = await admin.form(target.method, target.url, [
      ...target.fields,
      ...files.map((f): [string, FormValue] => ['imageUrl', f]),
    ]);
    expect(status, `${target.name}: ${res.statusCode} ${res.body}`).toContain(res.statusCode);
    expect(res.json().msg, target.name).toMatch(message);
    expect(await rowCounts(), `${target.name}: rows`).toEqual(before.rows);
    expect(storedFiles(), `${target.name}: files`).toEqual(before.files);
  }
}

describe('uploads', () => {
  it('accepts a real image (the control), stored as WebP and the sharing JPEG', async () => {
    const res = await admin.form('PUT', `/api/products/${productId}`, [['imageUrl', { file: await png('#0a0') }]]);
    expect(res.statusCode).toBe(200);
    expect(storedFiles().length).toBeGreaterThan(0);
    expect(storedFiles().every((f) => f.endsWith('.webp') || f.endsWith('-1200.jpg'))).toBe(true);
  });

  it('refuses a text file named .jpg with 415', async () => {
    await expectRefused([415], [TEXT_AS_JPG], /Only image files/);
  });

  it('refuses a pixel bomb (a tiny PNG claiming 50,000 × 50,000) with 413', async () => {
    const bomb = pngClaiming(50_000, 50_000);
    expect(bomb.length).toBeLessThan(2000);
    await expectRefused([413], [{ file: bomb, name: 'bomb.png', type: 'image/png' }], /too large/);
  });

  it(`refuses ${MAX_FILES + 1} files in one request with 413`, async () => {
    const image = await png('#00a', 8, 8);
    const files = Array.from({ length: MAX_FILES + 1 }, (): FormValue => ({ file: image }));
    await expectRefused([413], files, new RegExp(`At most ${MAX_FILES}`));
  });

  it(`refuses a file over ${MAX_FILE_BYTES / 1024 / 1024} MB with 413`, async () => {
    const big = Buffer.alloc(9 * 1024 * 1024, 7);
    await expectRefused([413], [{ file: big, name: 'huge.png', type: 'image/png' }], /at most 8 MB/);
  });

  it('stores nothing when one file of several is not an image (the good ones are not kept either)', async () => {
    const good = await png('#a0a');
    const before = { rows: await rowCounts(), files: storedFiles() };
    const res = await admin.form('POST', '/api/products/create', [
      ['title', 'Half good'],
      ['price', '100'],
      ['imageUrl', { file: good }],
      ['imageUrl', TEXT_AS_JPG],
    ]);
    expect(res.statusCode).toBe(415);
    expect(await rowCounts()).toEqual(before.rows);
    expect(storedFiles()).toEqual(before.files);
  });

  it('never serves an SVG: one with a script is rasterised to WebP and JPEG (no script left) or refused', async () => {
    const before = storedFiles();
    const res = await admin.form('PUT', `/api/products/${productId}`, [
      ['imageUrl', { file: SVG_WITH_SCRIPT, name: 'logo.svg', type: 'image/svg+xml' }],
    ]);
    expect([200, 415], res.body).toContain(res.statusCode);
    const added = storedFiles().filter((f) => !before.includes(f));
    if (res.statusCode === 415) expect(added).toEqual([]);
    for (const file of added) {
      expect(file).toMatch(/\.webp$|-1200\.jpg$/);
      const served = await ctx.app.inject({ method: 'GET', url: `/uploads/${file}` });
      const jpeg = file.endsWith('.jpg');
      expect(served.headers['content-type']).toBe(jpeg ? 'image/jpeg' : 'image/webp');
      expect(served.rawPayload.subarray(0, jpeg ? 2 : 4).toString('latin1')).toBe(jpeg ? '\xff\xd8' : 'RIFF');
      expect(served.rawPayload.includes('<script')).toBe(false);
    }
  });
});
