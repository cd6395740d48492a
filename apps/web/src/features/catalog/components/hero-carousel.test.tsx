import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HERO_ROTATION_MS, HERO_WIDTHS } from '@shop/shared/constants';
import { act, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiteProvider } from '@/lib/lite-mode.tsx';
import { HERO_SLIDES, HeroCarousel } from './hero-carousel.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const current = (container: HTMLElement) =>
  [...container.querySelectorAll('[aria-current]')].findIndex((el) => el.getAttribute('aria-current') === 'true');

describe('HeroCarousel', () => {
  it.each([
    [false, 1],
    [true, 0],
  ])('lite %s: after one rotation the slide shown is %i (lite mode does not autoplay)', (lite, expected) => {
    const { container } = render(
      <MemoryRouter>
        <LiteProvider lite={lite}>
          <HeroCarousel />
        </LiteProvider>
      </MemoryRouter>,
    );
    expect(current(container)).toBe(0);
    act(() => vi.advanceTimersByTime(HERO_ROTATION_MS + 10));
    expect(current(container)).toBe(expected);
  });

  const photos = (container: HTMLElement) => [...container.querySelectorAll('img')].map((img) => img.getAttribute('src'));

  it("loads the first slide's photo and the next one on a first view, and a slide's photo only as the carousel nears it", () => {
    const { container } = render(
      <MemoryRouter>
        <HeroCarousel />
      </MemoryRouter>,
    );
    expect(photos(container)).toEqual(['/img/hero-adire-800.webp', '/img/hero-beauty-800.webp']);
    expect(container.querySelector('img')?.getAttribute('srcset')).toContain('/img/hero-adire-560.webp 560w');
    // AVIF first, where the browser takes it (40 % fewer bytes for the page's main image).
    const avif = container.querySelector('picture > source[type="image/avif"]');
    expect(avif?.getAttribute('srcset')).toBe(
      '/img/hero-adire-400.avif 400w, /img/hero-adire-560.avif 560w, /img/hero-adire-800.avif 800w',
    );
    expect(avif?.getAttribute('sizes')).toBe(container.querySelector('img')?.getAttribute('sizes'));
    act(() => vi.advanceTimersByTime(HERO_ROTATION_MS + 10));
    expect(photos(container)).toHaveLength(3);
  });

  it('in lite mode, shows the smallest photo, with no larger one to choose', () => {
    const { container } = render(
      <MemoryRouter>
        <LiteProvider lite>
          <HeroCarousel />
        </LiteProvider>
      </MemoryRouter>,
    );
    expect(photos(container)[0]).toBe('/img/hero-adire-400.webp');
    expect(container.querySelector('img')?.hasAttribute('srcset')).toBe(false);
    expect(container.querySelector('source')).toBeNull();
  });

  it('has every photo it offers in public/img, in both formats (scripts/hero-avif.mjs makes the AVIF)', () => {
    const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../../public/img');
    const missing = HERO_SLIDES.flatMap((slide) =>
      HERO_WIDTHS.flatMap((w) => ['webp', 'avif'].map((format) => `${slide.image}-${w}.${format}`)),
    ).filter((file) => !existsSync(path.join(dir, file)));
    expect(missing).toEqual([]);
  });
});
