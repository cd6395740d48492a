import { FALLBACK_IMAGE, FALLBACK_SRCSET, uploadSrcSet } from '@/lib/images.ts';

/** A post's picture (16:9), or the shop's own when the post has none. */
export function PostImage({ url, sizes, priority = false }: { url: string | null; sizes: string; priority?: boolean }) {
  return (
    <img
      src={url ?? FALLBACK_IMAGE}
      srcSet={url ? uploadSrcSet(url) : FALLBACK_SRCSET}
      sizes={sizes}
      width={1280}
      height={720}
      alt=""
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      className="aspect-video w-full bg-cream object-cover"
    />
  );
}
