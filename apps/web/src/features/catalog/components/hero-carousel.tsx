import { HERO_ROTATION_MS, HERO_WIDTHS } from '@shop/shared/constants';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { staticSrcSet } from '@/lib/images.ts';
import { useLite } from '@/lib/lite-mode.tsx';
import { REDUCED_MOTION, useMediaQuery } from '@/lib/use-media-query.ts';

interface HeroSlide {
  title: string;
  subtitle: string;
  text: string;
  image: string;
  to: string;
  cta: string;
  /** Background and text colours of the slide. */
  tone: string;
}

export const HERO_SLIDES: readonly HeroSlide[] = [
  {
    title: 'The Adire Edit',
    subtitle: 'New season · Women',
    text: 'Hand-dyed indigo, cut for the Lagos heat. Dresses, two-pieces and skirts made in small batches.',
    image: 'hero-adire',
    to: '/women',
    cta: 'Shop women',
    tone: 'bg-[#efe3d3] text-ink',
  },
  {
    title: 'Glow, Naturally',
    subtitle: 'Beauty',
    text: 'Shea butter, black soap and botanical oils from Nigerian makers, for skin that feels like yours.',
    image: 'hero-beauty',
    to: '/beauty',
    cta: 'Shop beauty',
    tone: 'bg-[#f6e5da] text-ink',
  },
  {
    title: 'Golden Hour',
    subtitle: 'Jewellery',
    text: 'Brass, gold and coral: everyday pieces with the warmth of a Lagos sunset.',
    image: 'hero-jewellery',
    to: '/jewellery',
    cta: 'Shop jewellery',
    tone: 'bg-[#1e3a34] text-[#f7efe3]',
  },
];

/** The home page's hero: three slides, advancing every 3 s and wrapping; the dots jump to a slide. */
export function HeroCarousel() {
  const [active, setActive] = useState(0);
  const [paused, setPaused] = useState(false);
  const reducedMotion = useMediaQuery(REDUCED_MOTION);
  // Lite mode (decision 0031): no autoplay; the shopper moves the slides by hand.
  const lite = useLite();
  const count = HERO_SLIDES.length;
  // Photos up to the slide after the one shown: the next one loads once the page runs (the
  // first advance is 3 s away), so it does not compete with the first slide's photo, the page's
  // main image; a slide further on loads as the carousel nears it, not on a first view.
  const [photosUpTo, setPhotosUpTo] = useState(0);
  useEffect(() => setPhotosUpTo((upTo) => Math.max(upTo, Math.min(active + 1, count - 1))), [active]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new slide (also one chosen by hand) restarts the 3 s
  useEffect(() => {
    if (paused || reducedMotion || lite) return;
    const timer = setTimeout(() => setActive((i) => (i + 1) % count), HERO_ROTATION_MS);
    return () => clearTimeout(timer);
  }, [active, paused, reducedMotion, lite, count]);

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Featured collections"
      className="relative h-[36rem] overflow-hidden sm:h-[34rem] lg:h-[38rem]"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setPaused(false);
      }}
    >
      {HERO_SLIDES.map((slide, i) => {
        const current = i === active;
        return (
          // biome-ignore lint/a11y/useSemanticElements: the APG carousel pattern: each slide is a group
          <div
            key={slide.title}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}: ${slide.title}`}
            aria-hidden={!current}
            inert={!current}
            data-active={current}
            className={`absolute inset-0 grid grid-rows-[1fr_auto] transition-opacity duration-700 sm:grid-cols-2 sm:grid-rows-1 ${slide.tone} ${
              current ? 'opacity-100' : 'pointer-events-none opacity-0'
            }`}
          >
            <div className="relative min-h-0 sm:order-2">
              {i <= photosUpTo && <HeroPhoto image={slide.image} first={i === 0} lite={lite} />}
            </div>
            <div className="flex flex-col justify-center px-6 pt-6 pb-14 sm:px-10 lg:px-20">
              <p className="text-xs font-semibold tracking-[0.25em] uppercase opacity-80">{slide.subtitle}</p>
              <h2 className="mt-3 font-display text-4xl leading-[1.05] sm:text-5xl lg:text-6xl">{slide.title}</h2>
              <p className="mt-4 max-w-md text-sm leading-relaxed opacity-90 sm:text-base">{slide.text}</p>
              <Link
                to={slide.to}
                className="mt-6 inline-flex w-fit items-center border border-current px-6 py-3 text-xs font-semibold tracking-[0.2em] uppercase transition-colors hover:bg-ink hover:text-white hover:border-ink"
              >
                {slide.cta}
              </Link>
            </div>
          </div>
        );
      })}
      <div className="absolute bottom-4 left-6 flex gap-2 sm:left-10 lg:left-20">
        {HERO_SLIDES.map((slide, i) => (
          <button
            key={slide.title}
            type="button"
            aria-label={`Show slide ${i + 1}: ${slide.title}`}
            aria-current={i === active}
            onClick={() => setActive(i)}
            className="group flex h-6 items-center"
          >
            <span
              className={`block h-1 rounded-full transition-all ${i === active ? 'w-10 bg-accent' : 'w-5 bg-ink/30 group-hover:bg-ink/60'} ${
                HERO_SLIDES[active]?.tone.includes('#1e3a34') ? (i === active ? '!bg-[#e8b04b]' : '!bg-white/50') : ''
              }`}
            />
          </button>
        ))}
      </div>
    </section>
  );
}

/** Must match the preload of the first slide's photo (apps/api/src/plugins/page-hints.ts). */
const HERO_SIZES = '(min-width: 640px) 50vw, 100vw';

/**
 * A slide's photo. In AVIF where the browser takes it (40 % fewer bytes than the WebP: the
 * first slide's is the home page's main image), in WebP otherwise. Lite mode (decision 0031):
 * the smallest WebP alone, under its 25 KB per image.
 */
function HeroPhoto({ image, first, lite }: { image: string; first: boolean; lite: boolean }) {
  const photo = (
    <img
      src={`/img/${image}-${lite ? 400 : 800}.webp`}
      srcSet={lite ? undefined : staticSrcSet(image, HERO_WIDTHS)}
      sizes={HERO_SIZES}
      width={800}
      height={1000}
      alt=""
      loading={first ? 'eager' : 'lazy'}
      fetchPriority={first ? 'high' : undefined}
      className="absolute inset-0 size-full object-cover object-[50%_25%]"
    />
  );
  if (lite) return photo;
  return (
    <picture>
      <source type="image/avif" srcSet={staticSrcSet(image, HERO_WIDTHS, 'avif')} sizes={HERO_SIZES} />
      {photo}
    </picture>
  );
}
