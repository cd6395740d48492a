/**
 * In the app, a held-back photo (lib/deferred-image.tsx) gets its address once it is within
 * half a screen of the view: the photos the shopper sees, and those just ahead either way.
 * (Before the app runs, boot.ts gives those of the first screen and a half theirs.)
 *
 * The browser's own lazy loading (`loading="lazy"`) is not enough on its own: Chromium
 * widens how far ahead it loads when it thinks the connection is slow (1,250 px on 4G,
 * 2,500 px on 3G, more on 2G), so a shopper on the slow, paid-for data this shop is built for
 * (issue 32) downloads the most photos they may never scroll to: /sales's first view went
 * from 242 KB to 284 KB. Here the distance is the same on every connection. The margin
 * applies to the page and, where the browser supports it, to a scrolling row of cards
 * (a carousel) too.
 */

/**
 * How far beyond the view a photo gets its address, in screens (of the page, or of a
 * carousel): half a screen ahead keeps a slow connection ahead of a shopper's scrolling, and
 * the first view of a listing within issue 32's 250 KB.
 */
export const NEAR_VIEW_SCREENS = 0.5;
const NEAR_VIEW_MARGIN = `${NEAR_VIEW_SCREENS * 100}%`;

/** Gives `img` the address its data attributes name. */
function revealImage(img: HTMLImageElement) {
  const { src, srcset } = img.dataset;
  if (srcset && img.getAttribute('srcset') !== srcset) img.srcset = srcset;
  if (src && img.getAttribute('src') !== src) img.src = src;
}

let observer: IntersectionObserver | undefined;

/**
 * Reveals `img` once it is within NEAR_VIEW_MARGIN of the view (at once where the browser
 * cannot tell). Returns the function that stops watching it.
 */
export function revealWhenNear(img: HTMLImageElement): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    revealImage(img);
    return () => {};
  }
  observer ??= new IntersectionObserver(
    (entries, self) => {
      for (const entry of entries) {
        if (!entry.isIntersecting || !(entry.target instanceof HTMLImageElement)) continue;
        self.unobserve(entry.target);
        revealImage(entry.target);
      }
    },
    { rootMargin: NEAR_VIEW_MARGIN, scrollMargin: NEAR_VIEW_MARGIN },
  );
  const watching = observer;
  watching.observe(img);
  return () => watching.unobserve(img);
}
