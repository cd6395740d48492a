/**
 * The image pipeline: decode (which proves the bytes are an image, whatever the name or
 * MIME type said), refuse decompression bombs, drop metadata (EXIF, GPS), and store WebP
 * renditions at three widths under a content-hashed id, so pages can use srcset and the
 * files can be cached forever.
 */
import { createHash } from 'node:crypto';
import type sharpType from 'sharp';
import { HttpError } from '../lib/http-error.ts';
import type { ImageStorage } from './storage.ts';

export const IMAGE_WIDTHS = [320, 640, 1280] as const;
/** The width used for the plain `imageUrl(s)` fields of the API. */
export const DEFAULT_WIDTH = 640;
/** 40 megapixels: a real photo fits; a decompression bomb does not. */
const MAX_INPUT_PIXELS = 40_000_000;
const ID_RE = /^[a-f0-9]{24}$/;

export const unsupportedImage = () => new HttpError(415, 'Only image files (JPEG, PNG, WebP, GIF, AVIF, SVG) can be uploaded');

/** sharp (libvips) is loaded on the first upload, not at start-up: most processes never need it. */
let sharpModule: Promise<typeof sharpType> | undefined;
const loadSharp = () => {
  sharpModule ??= import('sharp').then((m) => m.default);
  return sharpModule;
};

export function createImageService(storage: ImageStorage) {
  const fileName = (id: string, width: number) => `${id}-${width}.webp`;

  return {
    /**
     * Validates and stores an uploaded image; resolves to its id. The image is decoded once
     * and the three renditions are encoded from the decoded pixels. `effort` is WebP's
     * (0 fast … 6 small): uploads use 4; generated demo art, which is flat, a cheaper 2.
     */
    async save(input: Buffer, { effort = 4 }: { effort?: number } = {}): Promise<string> {
      const sharp = await loadSharp();
      let meta: sharpType.Metadata;
      try {
        meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
      } catch (error) {
        if (error instanceof Error && /pixel limit/i.test(error.message)) {
          throw new HttpError(413, 'The image is too large (more than 40 megapixels)');
        }
        throw unsupportedImage();
      }
      if (!meta.width || !meta.height) throw unsupportedImage();
      if (meta.width * meta.height > MAX_INPUT_PIXELS) {
        throw new HttpError(413, 'The image is too large (more than 40 megapixels)');
      }
      const id = createHash('sha256').update(input).digest('hex').slice(0, 24);
      try {
        // .rotate() applies the EXIF orientation; raw pixels carry no metadata (EXIF, GPS) at all.
        const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
          .rotate()
          .raw()
          .toBuffer({ resolveWithObject: true });
        const decoded = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
        await Promise.all(
          IMAGE_WIDTHS.map(async (width) => {
            const out = await decoded
              .clone()
              .resize({ width, withoutEnlargement: true })
              .webp({ quality: 78, effort })
              .toBuffer();
            await storage.put(fileName(id, width), out, 'image/webp');
          }),
        );
      } catch (error) {
        if (error instanceof HttpError) throw error;
        throw unsupportedImage();
      }
      return id;
    },

    async remove(id: string): Promise<void> {
      if (!ID_RE.test(id)) return;
      await Promise.all(IMAGE_WIDTHS.map((w) => storage.delete(fileName(id, w))));
    },

    url(id: string, width: number = DEFAULT_WIDTH): string {
      return storage.url(fileName(id, width));
    },

    /** The id inside one of our image URLs (any width), or undefined for anything else. */
    idFromUrl(url: string): string | undefined {
      const match = /([a-f0-9]{24})-\d+\.webp(?:\?.*)?$/.exec(url);
      return match?.[1];
    },
  };
}

export type ImageService = ReturnType<typeof createImageService>;
