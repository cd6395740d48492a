/**
 * Images below the fold of a server-rendered page wait for its main image.
 *
 * On a phone's slow connection every image the page names at once shares the bandwidth
 * with the main one (the home page's hero, a listing's first photos), so the photos further
 * down (category tiles, carousel cards) are sent without their address: a blank image holds
 * their place and `data-src`/`data-srcset` name the photo. boot.ts asks for them once the
 * main image is on screen (or the shopper touches the page); the app renders the real
 * addresses once it has hydrated, and at once on a page it renders itself. Without
 * JavaScript a <noscript> copy shows instead (index.css hides the blank one).
 */
import { type ImgHTMLAttributes, useSyncExternalStore } from 'react';

/** A 1×1 transparent GIF (the CSP allows data: images). */
export const BLANK_IMAGE = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

const noChanges = () => () => {};

type DeferredImageProps = { src: string; srcSet: string | undefined; alt: string } & Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'alt' | 'loading'
>;

/** An image below the fold: without its address on the server and while hydrating. */
export function DeferredImage({ src, srcSet, alt, ...props }: DeferredImageProps) {
  const rendered = useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
  const source = rendered ? { src, srcSet } : { src: BLANK_IMAGE, 'data-src': src, 'data-srcset': srcSet };
  return (
    <>
      <img {...source} alt={alt} loading="lazy" {...props} />
      {!rendered && (
        <noscript>
          <img src={src} srcSet={srcSet} alt={alt} loading="lazy" {...props} />
        </noscript>
      )}
    </>
  );
}
