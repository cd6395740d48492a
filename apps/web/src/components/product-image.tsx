import { DeferredImage } from '@/lib/deferred-image.tsx';
import { uploadSrcSet } from '@/lib/images.ts';

interface ProductImageProps {
  url: string | null | undefined;
  alt: string;
  /** The `sizes` attribute: how wide the image shows at each breakpoint. */
  sizes: string;
  /** Above the fold: load now, with high priority. */
  priority?: boolean;
  className?: string;
}

/**
 * A product photo (4:5, as the API stores them) with srcset, fixed intrinsic size so the
 * page does not shift, and lazy loading below the fold (where it also waits for the page's
 * main image: lib/deferred-image.ts). Without a photo: a plain tile.
 */
export function ProductImage({ url, alt, sizes, priority = false, className = '' }: ProductImageProps) {
  if (!url) {
    return (
      <div
        role="img"
        aria-label={alt ? `${alt} (no photo yet)` : 'No photo yet'}
        className={`flex aspect-[4/5] w-full items-center justify-center bg-cream font-display text-3xl text-muted ${className}`}
      >
        A
      </div>
    );
  }
  const props = {
    sizes,
    width: 640,
    height: 800,
    decoding: 'async',
    className: `aspect-[4/5] w-full bg-cream object-cover ${className}`,
  } as const;
  if (!priority) return <DeferredImage src={url} srcSet={uploadSrcSet(url)} alt={alt} {...props} />;
  return <img src={url} srcSet={uploadSrcSet(url)} alt={alt} loading="eager" fetchPriority="high" {...props} />;
}
