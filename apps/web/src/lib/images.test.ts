import { describe, expect, it } from 'vitest';
import { staticSrcSet, uploadSrcSet } from './images.ts';

describe('image srcset helpers', () => {
  it('lists the four stored widths of an upload', () => {
    expect(uploadSrcSet('/uploads/abc-640.webp')).toBe(
      '/uploads/abc-320.webp 320w, /uploads/abc-480.webp 480w, /uploads/abc-640.webp 640w, /uploads/abc-1280.webp 1280w',
    );
  });
  it('gives no srcset for a URL it does not know', () => {
    expect(uploadSrcSet('https://example.com/a.jpg')).toBeUndefined();
    expect(uploadSrcSet(null)).toBeUndefined();
  });
  it('names the static art by width', () => {
    expect(staticSrcSet('hero', [400, 800])).toBe('/img/hero-400.webp 400w, /img/hero-800.webp 800w');
  });
});
