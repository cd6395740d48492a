/**
 * The page's first script; the server adds the app (src/main.tsx) after it.
 *
 * A server-rendered page shows without its code, so there the server does not load the app
 * at once: it names the app's code in an inert <template data-app>, and this script fetches
 * it once the page's main image (the images marked fetchpriority="high") is on screen, after
 * MAX_WAIT_MS, or as soon as the shopper touches the page, whichever comes first. On a
 * phone's slow connection the image then does not share the bandwidth with the app's
 * JavaScript, and the phone paints it before spending its CPU on hydration. The photos
 * further down the page wait for it too (lib/deferred-image.tsx) and start with the app, each
 * once it nears the view (lib/near-view.ts).
 *
 * Links work before the app does. A button pressed (or a form sent) before the app has
 * hydrated the page is pressed again once it has (RootLayout sends the event below).
 * A tab opened in the background (where frames do not run) starts at once.
 *
 * In lite mode (the server marks the page <html data-lite>: Save-Data, or the footer's switch;
 * decision 0031) the app's code, and the photos held back, wait for the shopper's first
 * interaction only: a page read without touching it costs its HTML, CSS, this loader and
 * the images in view.
 */
import './index.css';

const MAX_WAIT_MS = 2500;
/**
 * lib/near-view.ts's NEAR_VIEW_SCREENS, written again: imported, it would be a chunk of its
 * own, one more request before this script runs (boot.test.tsx checks they agree).
 */
const NEAR_VIEW_SCREENS = 0.5;
/** Time for a loaded image to reach the screen where paints are not reported. */
const AFTER_LOAD_MS = 200;
/** Sent by RootLayout once the app has hydrated the page. */
const APP_HYDRATED = 'app:hydrated';
const INTERACTIONS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Resolves once the page's main image is on screen: when the browser reports it as the
 * largest paint so far, or, where it does not report paints or something larger was
 * painted first, shortly after the marked images have loaded.
 */
function mainImageShown(): Promise<unknown> {
  const images: Element[] = [...document.querySelectorAll('img[fetchpriority="high"]')];
  const loaded = images
    .filter((img) => img instanceof HTMLImageElement && !img.complete)
    .map(
      (img) =>
        new Promise((resolve) => {
          img.addEventListener('load', resolve, { once: true });
          img.addEventListener('error', resolve, { once: true });
        }),
    );
  const signals = [wait(MAX_WAIT_MS), Promise.all(loaded).then(() => wait(AFTER_LOAD_MS))];
  if (images.length > 0 && globalThis.PerformanceObserver?.supportedEntryTypes?.includes('largest-contentful-paint')) {
    signals.push(
      new Promise((resolve) => {
        new PerformanceObserver((list, observer) => {
          const shown = list
            .getEntries()
            .some((entry) => images.includes((entry as PerformanceEntry & { element: Element }).element));
          if (!shown) return;
          observer.disconnect();
          resolve(undefined);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
    );
  }
  return Promise.race(signals);
}

/**
 * Until the app has hydrated the page, clicks are kept from it (React may be halfway
 * through) and the last button clicked, or form sent, is pressed again once it has. A form
 * is not sent meanwhile: its page would reload. Links still work: the browser follows them.
 * A size or colour ticked meanwhile (radio, checkbox) stays ticked on screen, but React
 * hydrates over it without knowing: each is clicked again, from the other state, so the
 * app's own state follows what the shopper sees before the button is pressed.
 */
function replayEarlyClicks() {
  let button: HTMLElement | null = null;
  let form: HTMLFormElement | null = null;
  const choices = new Set<HTMLInputElement>();
  const holdClick = (event: Event) => {
    event.stopPropagation();
    const target = event.target instanceof Element ? event.target : null;
    if (target instanceof HTMLInputElement && (target.type === 'radio' || target.type === 'checkbox')) {
      choices.delete(target);
      choices.add(target);
      return;
    }
    button = target?.closest('button') ?? null;
  };
  const holdSubmit = (event: Event) => {
    event.preventDefault();
    event.stopPropagation();
    form = event.target instanceof HTMLFormElement ? event.target : null;
  };
  document.addEventListener('click', holdClick, true);
  document.addEventListener('submit', holdSubmit, true);
  const replay = () => {
    document.removeEventListener('click', holdClick, true);
    document.removeEventListener('submit', holdSubmit, true);
    // What the shopper sees, read before any is replayed: a replayed click re-renders the
    // product, which sets every box to the app's state, where a choice not replayed yet is
    // unticked (a colour ticked with a size as the app took the page over was lost so: 3 times
    // in 12 on a CPU slowed 4×, none since). A radio another one replaced needs nothing: its
    // group's last choice is replayed.
    const seen = [...choices]
      .filter((input) => input.isConnected && (input.type !== 'radio' || input.checked))
      .map((input) => [input, input.checked] as const);
    for (const [input, wanted] of seen) {
      input.checked = !wanted;
      input.click();
    }
    if (button?.isConnected) button.click();
    else if (form?.isConnected) form.requestSubmit();
  };
  // The app says so from an effect, while React is still committing the page: clicks sent
  // then would have their state updates held until it is done, so the button would act on
  // the state from before the choices (a size ticked, then "Please choose a size"). A task of
  // its own, each click's updates are applied before the next click.
  document.addEventListener(APP_HYDRATED, () => setTimeout(replay, 0), { once: true });
}

/**
 * Gives the photos held back below the fold their addresses: those in view or within
 * NEAR_VIEW_SCREENS of it now, the others once the app has hydrated and each nears the view
 * (lib/near-view.ts). Left to the browser's own lazy loading, how far ahead it loads would
 * depend on how slow it thinks the connection is.
 */
function showDeferredImages() {
  // Every position read before any address is set: one layout, not one per photo.
  const near = [...document.querySelectorAll<HTMLImageElement>('img[data-src]')].filter(
    (img) => img.getBoundingClientRect().top <= (1 + NEAR_VIEW_SCREENS) * innerHeight,
  );
  for (const img of near) {
    if (img.dataset.srcset) img.srcset = img.dataset.srcset;
    img.src = img.dataset.src ?? img.src;
  }
}

/** The template's preload links put in the page per task (see appendInSteps). */
const LINKS_PER_TASK = 6;

/**
 * Puts `nodes` (the code's preload links) in the page's head a few per task. Each link starts
 * a request, and a page names 30 to 40 files: at once, on a busy phone, that held the main
 * thread for up to 60 ms (Lighthouse's product page, 4× slower CPU), where a tap waits. A
 * phone has six connections to the shop (HTTP/1.1), so six at a time lose nothing.
 */
async function appendInSteps(nodes: Node[]) {
  for (let i = 0; i < nodes.length; i += LINKS_PER_TASK) {
    if (i > 0) await wait(0);
    document.head.append(...nodes.slice(i, i + LINKS_PER_TASK));
  }
}

// The server's template: data-app is the app's file, the content its code's preload links.
const code = document.querySelector('template[data-app]');
if (code instanceof HTMLTemplateElement) {
  let started = false;
  /** Runs the app, and fetches everything else the template names (a few files per task). */
  const start = () => {
    if (started) return;
    started = true;
    for (const type of INTERACTIONS) document.removeEventListener(type, start, true);
    // The photos below the fold, held back until now (lib/deferred-image.tsx).
    showDeferredImages();
    const app = code.dataset.app;
    if (app) void import(/* @vite-ignore */ app);
    void appendInSteps([...code.content.childNodes]);
  };
  replayEarlyClicks();
  if (document.visibilityState === 'visible') {
    for (const type of INTERACTIONS) document.addEventListener(type, start, { capture: true, passive: true });
    if (!document.documentElement.hasAttribute('data-lite')) void mainImageShown().then(start);
  } else {
    start();
  }
} else if (import.meta.env.DEV) {
  // The development server serves index.html as it is.
  void import('./main.tsx');
}
