/**
 * Images below the fold of a server-rendered page wait for its main image.
 *
 * On a phone's slow connection every image the page names at once shares the bandwidth
 * with the main one (the home page's hero, a listing's first photos), so the photos further
 * down (category tiles, carousel cards) are sent without their address: a blank image holds
 * their place and `data-src`/`data-srcset` name the photo. boot.ts asks for them once the
 * main image is on screen (or the shopper touches the page), and only once each photo is
 * within half a screen of the view (lib/near-view.ts). In the app the element keeps those
 * attributes and a ref does the same when React commits it (hydrated, rendered or given
 * another photo): no second render after hydration, which on a listing of 48 cards would
 * lengthen hydration's long task. Without JavaScript a <noscript> copy shows instead
 * (styles/shop.css hides the blank one), lazily loaded by the browser.
 */
import { type ImgHTMLAttributes, useCallback } from 'react';
import { revealWhenNear } from './near-view.ts';

/** A 1×1 transparent GIF (the CSP allows data: images). */
export const BLANK_IMAGE = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

type DeferredImageProps = { src: string; srcSet: string | undefined; alt: string } & Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'alt' | 'loading'
>;

/** An image below the fold: its address in data attributes, set near the view by boot.ts or by its ref. */
export function DeferredImage({ src, srcSet, alt, ...props }: DeferredImageProps) {
  // Its data attributes are set before React calls the ref; a new photo is a new ref.
  // biome-ignore lint/correctness/useExhaustiveDependencies: src and srcSet name the photo the ref reveals.
  const show = useCallback((img: HTMLImageElement | null) => (img ? revealWhenNear(img) : undefined), [src, srcSet]);
  return (
    <>
      <img ref={show} src={BLANK_IMAGE} data-src={src} data-srcset={srcSet} alt={alt} loading="lazy" {...props} />
      <noscript>
        <img src={src} srcSet={srcSet} alt={alt} loading="lazy" {...props} />
      </noscript>
    </>
  );
}
