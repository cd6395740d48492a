/**
 * The image pipeline: decode (which proves the bytes are an image, whatever the name or
 * MIME type said), refuse decompression bombs, drop metadata (EXIF, GPS), and store WebP
 * renditions at four widths under a content-hashed id, so pages can use srcset and the
 * files can be cached forever.
 *
 * Beside them, one JPEG rendition for sharing (issue 31): 1200 px wide, at most 300 KB, which
 * the catalogue feeds and the product page's og:image use. Meta documents JPEG and PNG for
 * catalogues, and WhatsApp's link previews drop WebP and large images. Images stored before
 * it, or before the 480 px width, get them from `ensureRenditions` (npm run images:renditions,
 * at start, and for a local disk's 480 px file when it is first asked for: plugins/images.ts).
 */
import { createHash } from 'node:crypto';
import type sharpType from 'sharp';
import { HttpError } from '../lib/http-error.ts';
import type { ImageStorage } from './storage.ts';

/**
 * 480 px since 2026-11-29 (decision 0006): a listing's card is 158–184 px wide on most phones,
 * which at 2–2.75× needs 320–480 px, and 320 px was too small, so they took the 640 px file.
 */
export const IMAGE_WIDTHS = [320, 480, 640, 1280] as const;
const WEBP_QUALITY = 78;
/** Widths added after images were first stored: an older image may lack them (ensureRenditions). */
export const ADDED_WIDTHS = [480] as const;
/** The width used for the plain `imageUrl(s)` fields of the API. */
export const DEFAULT_WIDTH = 640;
/** The sharing rendition: Facebook's recommended 1200 px, and the most it may weigh. */
export const SHARE_WIDTH = 1200;
export const SHARE_MAX_BYTES = 300 * 1024;
/** JPEG qualities tried in turn until the rendition fits SHARE_MAX_BYTES (photos fit at the first). */
const SHARE_QUALITIES = [82, 72, 62, 50, 38];
/** Sizes of sharing renditions read, kept per process (their names are content hashes: never stale). */
const MAX_SIZES_KEPT = 10_000;
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

/** The width and height a baseline or progressive JPEG says it has (its SOF segment), or undefined. */
export function jpegSize(bytes: Buffer): { width: number; height: number } | undefined {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    // SOF0–SOF15 but DHT (C4), JPG (C8) and DAC (CC) carry the frame's size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    }
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  return undefined;
}

/**
 * The sharing rendition of decoded pixels: SHARE_WIDTH wide (never enlarged), on white, at
 * most SHARE_MAX_BYTES: lower qualities are tried in turn, and only an image that is still too
 * heavy at the lowest (noise, not a photo) is made narrower.
 */
async function shareJpeg(decoded: sharpType.Sharp): Promise<Buffer> {
  const sharp = await loadSharp();
  const flat = await decoded.clone().flatten({ background: '#ffffff' }).raw().toBuffer({ resolveWithObject: true });
  let width = Math.min(SHARE_WIDTH, flat.info.width);
  for (;;) {
    const resized = await sharp(flat.data, { raw: flat.info }).resize({ width }).raw().toBuffer({ resolveWithObject: true });
    for (const quality of SHARE_QUALITIES) {
      const out = await sharp(resized.data, { raw: resized.info }).jpeg({ quality, mozjpeg: true, progressive: true }).toBuffer();
      if (out.length <= SHARE_MAX_BYTES || width <= 200) return out;
    }
    width = Math.round(width * 0.8);
  }
}

export function createImageService(storage: ImageStorage) {
  const fileName = (id: string, width: number) => `${id}-${width}.webp`;
  const shareName = (id: string) => `${id}-${SHARE_WIDTH}.jpg`;
  const shareSizes = new Map<string, { width: number; height: number }>();
  const inFlight = new Map<string, Promise<boolean>>();

  async function makeMissing(id: string): Promise<boolean> {
    // Asked of every image at every start: whether each is there, not its bytes.
    const [share, ...widths] = await Promise.all([
      storage.exists(shareName(id)),
      ...ADDED_WIDTHS.map((width) => storage.exists(fileName(id, width))),
    ]);
    const missing = ADDED_WIDTHS.filter((_, i) => !widths[i]);
    if (share && missing.length === 0) return false;
    const largest = await storage.get(fileName(id, IMAGE_WIDTHS.at(-1)!));
    if (!largest) return false;
    const sharp = await loadSharp();
    const decoded = sharp(largest, { limitInputPixels: MAX_INPUT_PIXELS });
    await Promise.all([
      ...missing.map(async (width) => {
        const out = await decoded
          .clone()
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: WEBP_QUALITY, effort: 4 })
          .toBuffer();
        await storage.put(fileName(id, width), out, 'image/webp');
      }),
      share ? undefined : shareJpeg(decoded).then((out) => storage.put(shareName(id), out, 'image/jpeg')),
    ]);
    return true;
  }

  return {
    /**
     * Validates and stores an uploaded image; resolves to its id. The image is decoded once
     * and the renditions are encoded from the decoded pixels. `effort` is WebP's
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
        await Promise.all([
          ...IMAGE_WIDTHS.map(async (width) => {
            const out = await decoded
              .clone()
              .resize({ width, withoutEnlargement: true })
              .webp({ quality: WEBP_QUALITY, effort })
              .toBuffer();
            await storage.put(fileName(id, width), out, 'image/webp');
          }),
          shareJpeg(decoded).then((out) => storage.put(shareName(id), out, 'image/jpeg')),
        ]);
      } catch (error) {
        if (error instanceof HttpError) throw error;
        throw unsupportedImage();
      }
      return id;
    },

    async remove(id: string): Promise<void> {
      if (!ID_RE.test(id)) return;
      await Promise.all([...IMAGE_WIDTHS.map((w) => storage.delete(fileName(id, w))), storage.delete(shareName(id))]);
    },

    url(id: string, width: number = DEFAULT_WIDTH): string {
      return storage.url(fileName(id, width));
    },

    /** The sharing rendition's URL (JPEG, SHARE_WIDTH wide), as storage serves it (a path on local disk). */
    shareUrl(id: string): string {
      return storage.url(shareName(id));
    },

    /**
     * The sharing rendition's URL and size, read from the file once per process; undefined
     * while it has not been made (an image stored before renditions existed).
     */
    async shareImage(id: string): Promise<{ url: string; width: number; height: number } | undefined> {
      if (!ID_RE.test(id)) return undefined;
      let size = shareSizes.get(id);
      if (!size) {
        const bytes = await storage.get(shareName(id));
        size = bytes && jpegSize(bytes);
        if (!size) return undefined;
        if (shareSizes.size >= MAX_SIZES_KEPT) shareSizes.delete(shareSizes.keys().next().value!);
        shareSizes.set(id, size);
      }
      return { url: storage.url(shareName(id)), ...size };
    },

    /**
     * Makes the renditions an image stored before them lacks (the sharing JPEG, the widths
     * added since: ADDED_WIDTHS), from its largest WebP (the original is not kept). True when
     * it made any; false when it had them all or the image is gone. Idempotent, and one image
     * is made once however many ask at the same time: what the one-off job runs for every image.
     */
    ensureRenditions(id: string): Promise<boolean> {
      if (!ID_RE.test(id)) return Promise.resolve(false);
      let making = inFlight.get(id);
      if (!making) {
        making = makeMissing(id).finally(() => inFlight.delete(id));
        inFlight.set(id, making);
      }
      return making;
    },

    /** The id inside one of our image URLs (any width), or undefined for anything else. */
    idFromUrl(url: string): string | undefined {
      const match = /([a-f0-9]{24})-\d+\.webp(?:\?.*)?$/.exec(url);
      return match?.[1];
    },
  };
}

export type ImageService = ReturnType<typeof createImageService>;
