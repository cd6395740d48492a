import { act } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProductImage } from './product-image.tsx';

const PHOTO = '/uploads/abc-640.webp';

describe('ProductImage', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    vi.restoreAllMocks();
  });

  it('sends a photo below the fold without its address, so it does not take bandwidth from the main image', () => {
    const html = renderToString(<ProductImage url={PHOTO} alt="Adire wrap" sizes="50vw" />);
    const img = new DOMParser().parseFromString(html, 'text/html').querySelector('img')!;
    expect(img.getAttribute('src')).toMatch(/^data:image\/gif/);
    expect(img.getAttribute('data-src')).toBe(PHOTO);
    expect(img.getAttribute('data-srcset')).toContain('/uploads/abc-1280.webp 1280w');
    expect(img.getAttribute('alt')).toBe('Adire wrap');
    // Without JavaScript the page shows the <noscript> copy, with its address.
    expect(html).toMatch(/<noscript><img src="\/uploads\/abc-640.webp"/);
  });

  it('sends the main photo with its address and high priority', () => {
    const html = renderToString(<ProductImage url={PHOTO} alt="Adire wrap" sizes="50vw" priority />);
    const img = new DOMParser().parseFromString(html, 'text/html').querySelector('img')!;
    expect(img.getAttribute('src')).toBe(PHOTO);
    expect(img.getAttribute('fetchpriority')).toBe('high');
    expect(img.hasAttribute('data-src')).toBe(false);
  });

  it('gives a held-back photo its address once the page is hydrated, without a hydration mismatch', async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const errors = vi.spyOn(console, 'error');
    const element = <ProductImage url={PHOTO} alt="Adire wrap" sizes="50vw" />;
    const container = document.createElement('div');
    container.innerHTML = renderToString(element);
    document.body.append(container);
    await act(async () => {
      hydrateRoot(container, element);
    });
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe(PHOTO);
    expect(img.getAttribute('srcset')).toContain('/uploads/abc-320.webp 320w');
    expect(errors).not.toHaveBeenCalled();
  });

  it('shows a photo at once when the app renders the page itself, and the new one when the card changes product', async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    await act(async () => root.render(<ProductImage url={PHOTO} alt="Adire wrap" sizes="50vw" />));
    expect(container.querySelector('img')!.getAttribute('src')).toBe(PHOTO);
    await act(async () => root.render(<ProductImage url="/uploads/def-640.webp" alt="Gele" sizes="50vw" />));
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/uploads/def-640.webp');
    expect(img.getAttribute('srcset')).toContain('/uploads/def-1280.webp 1280w');
    root.unmount();
  });
});
