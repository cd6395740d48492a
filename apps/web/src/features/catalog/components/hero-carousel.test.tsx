import { HERO_ROTATION_MS } from '@shop/shared/constants';
import { act, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiteProvider } from '@/lib/lite-mode.tsx';
import { HeroCarousel } from './hero-carousel.tsx';

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
});
