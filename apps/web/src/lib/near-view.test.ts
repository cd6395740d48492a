import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A stand-in for the browser's IntersectionObserver: the test says which images are near. */
class FakeObserver {
  static last: FakeObserver | undefined;
  readonly watched = new Set<Element>();
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit,
  ) {
    FakeObserver.last = this;
  }
  observe(target: Element) {
    this.watched.add(target);
  }
  unobserve(target: Element) {
    this.watched.delete(target);
  }
  disconnect() {
    this.watched.clear();
  }
  /** The browser's report: each target watched, near the view or not. */
  report(near: Element[]) {
    const entries = [...this.watched].map((target) => ({ target, isIntersecting: near.includes(target) }));
    this.callback(entries as IntersectionObserverEntry[], this as unknown as IntersectionObserver);
  }
}

function heldBack(name: string) {
  document.body.insertAdjacentHTML(
    'beforeend',
    `<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-src="/uploads/${name}-640.webp" data-srcset="/uploads/${name}-320.webp 320w" alt="">`,
  );
  return document.body.lastElementChild as HTMLImageElement;
}

describe('revealWhenNear', () => {
  beforeEach(() => {
    vi.resetModules();
    vi.stubGlobal('IntersectionObserver', FakeObserver);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it('gives a photo its address only once it is within half a screen of the view, whatever the connection', async () => {
    const { revealWhenNear } = await import('./near-view.ts');
    const near = heldBack('near');
    const far = heldBack('far');
    revealWhenNear(near);
    revealWhenNear(far);
    expect(FakeObserver.last!.options).toMatchObject({ rootMargin: '50%', scrollMargin: '50%' });

    FakeObserver.last!.report([near]);
    expect(near.getAttribute('src')).toBe('/uploads/near-640.webp');
    expect(near.getAttribute('srcset')).toBe('/uploads/near-320.webp 320w');
    expect(far.getAttribute('src')).toMatch(/^data:/);
    expect(far.hasAttribute('srcset')).toBe(false);

    // Scrolled on: the second one nears the view; the first is no longer watched.
    FakeObserver.last!.report([far]);
    expect(far.getAttribute('src')).toBe('/uploads/far-640.webp');
    expect(FakeObserver.last!.watched.size).toBe(0);
  });

  it('stops watching a photo whose card is gone', async () => {
    const { revealWhenNear } = await import('./near-view.ts');
    const gone = heldBack('gone');
    const stop = revealWhenNear(gone);
    stop();
    FakeObserver.last!.report([gone]);
    expect(gone.getAttribute('src')).toMatch(/^data:/);
  });

  it('shows the photo at once where the browser cannot tell what is in view', async () => {
    vi.unstubAllGlobals();
    vi.stubGlobal('IntersectionObserver', undefined);
    const { revealWhenNear } = await import('./near-view.ts');
    const img = heldBack('old-browser');
    revealWhenNear(img);
    expect(img.getAttribute('src')).toBe('/uploads/old-browser-640.webp');
  });
});
