import { BANNER_ROTATION_MS } from '@shop/shared/constants';
import { useEffect, useState } from 'react';
import { FrameIcon } from '@/components/frame-icons.tsx';
import { REDUCED_MOTION, useMediaQuery } from '@/lib/use-media-query.ts';
import { bannersOptions } from '@/lib/api/banners.ts';
import { settingsOptions } from '@/lib/api/settings.ts';
import { useCachedQuery } from '@/lib/use-cached-query.ts';

const FALLBACK = 'Free delivery across Lagos on orders over ₦50,000';

/**
 * The announcement bar on every page but the blog: rotates the active banners (every
 * 3000 ms unless the settings say otherwise), wraps, pauses while hovered or focused, and
 * does not move on its own when the shopper prefers reduced motion.
 */
export default function AnnouncementBanner() {
  const banners = useCachedQuery(bannersOptions);
  const settings = useCachedQuery(settingsOptions);
  const reducedMotion = useMediaQuery(REDUCED_MOTION);
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const titles = banners && banners.length > 0 ? banners.map((b) => b.title) : banners ? [FALLBACK] : [];
  const count = titles.length;
  const rotationMs = settings?.bannerRotationMs ?? BANNER_ROTATION_MS;
  const paused = hovered || focused || reducedMotion;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new banner (also one chosen by hand) restarts the wait
  useEffect(() => {
    if (paused || count < 2) return;
    const timer = setTimeout(() => setIndex((i) => (i + 1) % count), rotationMs);
    return () => clearTimeout(timer);
  }, [paused, count, rotationMs, index]);

  const current = count > 0 ? titles[index % count] : '';
  const step = (by: number) => setIndex((i) => (i + by + count) % count);
  return (
    <section
      aria-label="Announcements"
      aria-roledescription="carousel"
      className="bg-ink text-white"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setFocused(false);
      }}
    >
      <div className="mx-auto flex h-9 max-w-7xl items-center justify-between gap-2 px-2 text-[0.7rem] tracking-wider sm:text-[0.8rem]">
        <button
          type="button"
          aria-label="Previous announcement"
          className="flex size-7 shrink-0 items-center justify-center rounded-full hover:bg-white/15 disabled:invisible"
          disabled={count < 2}
          onClick={() => step(-1)}
        >
          <FrameIcon name="chevronLeft" size={16} />
        </button>
        <p
          aria-live={paused ? 'polite' : 'off'}
          className="line-clamp-2 min-w-0 flex-1 text-center leading-tight"
          data-testid="announcement"
        >
          <span key={index} className="inline-block motion-safe:animate-[fade-in_400ms_ease-out]">
            {current}
          </span>
        </p>
        <button
          type="button"
          aria-label="Next announcement"
          className="flex size-7 shrink-0 items-center justify-center rounded-full hover:bg-white/15 disabled:invisible"
          disabled={count < 2}
          onClick={() => step(1)}
        >
          <FrameIcon name="chevronRight" size={16} />
        </button>
      </div>
    </section>
  );
}
