/**
 * Responsive images. The API stores every upload at 320, 480, 640 and 1280 px wide and names
 * the 640 px file in its JSON ('/uploads/<id>-640.webp'); the other widths sit beside it
 * (IMAGE_WIDTHS, apps/api/src/media/images.ts).
 */
const UPLOAD_WIDTH = /-(320|480|640|1280)\.webp$/;

export const UPLOAD_WIDTHS = [320, 480, 640, 1280] as const;

/** `srcset` for one of our uploaded images, or undefined for any other URL. */
export function uploadSrcSet(url: string | null | undefined): string | undefined {
  if (!url || !UPLOAD_WIDTH.test(url)) return undefined;
  return UPLOAD_WIDTHS.map((w) => `${url.replace(UPLOAD_WIDTH, `-${w}.webp`)} ${w}w`).join(', ');
}

/**
 * `srcset` for the static art in /public/img, named '<name>-<width>.webp' (the hero's photos
 * also '<name>-<width>.avif': scripts/hero-avif.mjs).
 */
export function staticSrcSet(name: string, widths: readonly number[], format: 'webp' | 'avif' = 'webp'): string {
  return widths.map((w) => `/img/${name}-${w}.${format} ${w}w`).join(', ');
}

/** The shop's own image for a blog post or product without one. */
export const FALLBACK_IMAGE = '/img/post-fallback-640.webp';
export const FALLBACK_SRCSET = staticSrcSet('post-fallback', [640, 1280]);
