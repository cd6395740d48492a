import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createImageService } from './images.ts';
import { localDiskStorage } from './storage.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'images-test-'));
const images = createImageService(localDiskStorage(dir));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#b4531f' } })
    .png()
    .toBuffer();

describe('image pipeline', () => {
  it('stores three WebP widths under a content-hashed id, never enlarging', async () => {
    const id = await images.save(await png(800, 600));
    expect(id).toMatch(/^[a-f0-9]{24}$/);
    const files = readdirSync(dir)
      .filter((f) => f.startsWith(id))
      .sort();
    expect(files).toEqual([`${id}-1280.webp`, `${id}-320.webp`, `${id}-640.webp`]);
    const large = await sharp(path.join(dir, `${id}-1280.webp`)).metadata();
    expect(large.format).toBe('webp');
    expect(large.width).toBe(800);
    expect(images.url(id)).toBe(`/uploads/${id}-640.webp`);
    expect(images.idFromUrl(`http://shop.ng/uploads/${id}-320.webp`)).toBe(id);
  });

  it('gives the same id to the same bytes', async () => {
    const bytes = await png(100, 100);
    expect(await images.save(bytes)).toBe(await images.save(bytes));
  });

  it('stores the same bytes uploaded twice at once (two admins, or one double submit)', async () => {
    const bytes = await png(120, 90);
    const [a, b] = await Promise.all([images.save(bytes), images.save(bytes)]);
    expect(a).toBe(b);
    expect(readdirSync(dir).filter((f) => f.startsWith(a))).toHaveLength(3);
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
