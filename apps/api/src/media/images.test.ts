import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createImageService, jpegSize } from './images.ts';
import { localDiskStorage } from './storage.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'images-test-'));
const images = createImageService(localDiskStorage(dir));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#b4531f' } })
    .png()
    .toBuffer();

describe('image pipeline', () => {
  it('stores four WebP widths under a content-hashed id, never enlarging', async () => {
    const id = await images.save(await png(800, 600));
    expect(id).toMatch(/^[a-f0-9]{24}$/);
    const files = readdirSync(dir)
      .filter((f) => f.startsWith(id))
      .sort();
    expect(files).toEqual([`${id}-1200.jpg`, `${id}-1280.webp`, `${id}-320.webp`, `${id}-480.webp`, `${id}-640.webp`]);
    const large = await sharp(path.join(dir, `${id}-1280.webp`)).metadata();
    expect(large.format).toBe('webp');
    expect(large.width).toBe(800);
    expect(images.url(id)).toBe(`/uploads/${id}-640.webp`);
    expect(images.idFromUrl(`http://shop.ng/uploads/${id}-320.webp`)).toBe(id);
  });

  it('stores a JPEG for sharing, 1200 px wide and at most 300 KB, and reads its size', async () => {
    // Noise is the worst case for JPEG: a photo of this size fits at the first quality.
    const noise = await sharp(Buffer.from(Array.from({ length: 1600 * 2000 * 3 }, () => Math.floor(Math.random() * 256))), {
      raw: { width: 1600, height: 2000, channels: 3 },
    })
      .png()
      .toBuffer();
    for (const [bytes, width, height] of [
      [noise, 1200, 1500],
      [await png(2400, 1260), 1200, 630],
      [await png(500, 500), 500, 500],
    ] as const) {
      const id = await images.save(bytes);
      const file = readFileSync(path.join(dir, `${id}-1200.jpg`));
      const meta = await sharp(file).metadata();
      expect(meta.format).toBe('jpeg');
      expect(file.length).toBeLessThanOrEqual(300 * 1024);
      expect(jpegSize(file)).toEqual({ width: meta.width, height: meta.height });
      if (bytes !== noise) expect([meta.width, meta.height]).toEqual([width, height]);
      expect(await images.shareImage(id)).toEqual({ url: `/uploads/${id}-1200.jpg`, width: meta.width, height: meta.height });
    }
  }, 60_000);

  it('makes the JPEG and the 480 px WebP of an image stored before they existed, once', async () => {
    const id = await images.save(await png(1500, 1000));
    rmSync(path.join(dir, `${id}-1200.jpg`));
    rmSync(path.join(dir, `${id}-480.webp`));
    expect(await images.shareImage(id)).toBeUndefined();
    // Asked for twice at once (the start's job and a browser): made once.
    expect(await Promise.all([images.ensureRenditions(id), images.ensureRenditions(id)])).toEqual([true, true]);
    expect(await images.ensureRenditions(id)).toBe(false);
    // From the 1280 px WebP: the original is not kept.
    expect(await images.shareImage(id)).toEqual({ url: `/uploads/${id}-1200.jpg`, width: 1200, height: 800 });
    const small = await sharp(path.join(dir, `${id}-480.webp`)).metadata();
    expect([small.format, small.width, small.height]).toEqual(['webp', 480, 320]);
    // Only the missing one: an image with its JPEG still gets its 480 px WebP.
    rmSync(path.join(dir, `${id}-480.webp`));
    expect(await images.ensureRenditions(id)).toBe(true);
    expect(readdirSync(dir).filter((f) => f.startsWith(id))).toHaveLength(5);
    expect(await images.ensureRenditions('0'.repeat(24))).toBe(false);
  });

  it('gives the same id to the same bytes', async () => {
    const bytes = await png(100, 100);
    expect(await images.save(bytes)).toBe(await images.save(bytes));
  });

  it('stores the same bytes uploaded twice at once (two admins, or one double submit)', async () => {
    const bytes = await png(120, 90);
    const [a, b] = await Promise.all([images.save(bytes), images.save(bytes)]);
    expect(a).toBe(b);
    expect(readdirSync(dir).filter((f) => f.startsWith(a))).toHaveLength(5);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('refuses bytes that are not an image, whatever they claim to be', async () => {
    await expect(images.save(Buffer.from('<?php echo "hi"; ?>'))).rejects.toMatchObject({ statusCode: 415 });
    await expect(images.save(Buffer.from('GIF89a not really'))).rejects.toMatchObject({ statusCode: 415 });
  });

  it('refuses a decompression bomb (huge dimensions, few bytes)', async () => {
    const bomb = await png(8000, 6000);
    expect(bomb.length).toBeLessThan(2_000_000);
    await expect(images.save(bomb)).rejects.toMatchObject({ statusCode: 413 });
  });

  it('strips metadata such as EXIF', async () => {
    const withExif = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#000' } })
      .jpeg()
      .withExif({ IFD0: { Artist: 'Secret Location' } })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const id = await images.save(withExif);
    const meta = await sharp(path.join(dir, `${id}-320.webp`)).metadata();
    expect(meta.exif).toBeUndefined();
  });

  it('removes every width of an image', async () => {
    const id = await images.save(await png(50, 40));
    await images.remove(id);
    expect(readdirSync(dir).some((f) => f.startsWith(id))).toBe(false);
  });
});
