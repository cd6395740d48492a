/**
 * The page's first script; the server adds the app (src/main.tsx) after it.
 *
 * A server-rendered page shows without its code, so there the server does not load the app
 * at once: it names the app's code in an inert <template data-app>, and this script fetches
 * it when the page's main image (the images marked fetchpriority="high") has loaded, after
 * MAX_WAIT_MS, or as soon as the shopper touches the page, whichever comes first. On a
 * phone's slow connection the image then does not share the bandwidth with the app's
 * JavaScript, and the phone paints it before spending its CPU on hydration.
 *
 * Links work before the app does. A button pressed before the app listens is pressed again
 * once the app has hydrated the page (main.tsx and RootLayout send the two events below).
 * A tab opened in the background (where frames do not run) starts at once.
 */
import './index.css';

const MAX_WAIT_MS = 2500;
/** Sent by main.tsx once React listens to the page, and by RootLayout once it has hydrated it. */
const APP_LISTENING = 'app:listening';
const APP_HYDRATED = 'app:hydrated';
const INTERACTIONS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

function mainImagesLoaded(): Promise<unknown> {
  const pending = [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')].filter((img) => !img.complete);
  const loaded = pending.map(
    (img) =>
      new Promise((resolve) => {
        img.addEventListener('load', resolve, { once: true });
        img.addEventListener('error', resolve, { once: true });
      }),
  );
  return Promise.race([Promise.all(loaded), new Promise((resolve) => setTimeout(resolve, MAX_WAIT_MS))]);
}

/** Keeps the last button clicked before the app listens, and clicks it once the page is hydrated. */
function replayEarlyClicks() {
  let held: HTMLElement | null = null;
  const hold = (event: Event) => {
    held = event.target instanceof Element ? event.target.closest('button') : null;
  };
  document.addEventListener('click', hold, true);
  document.addEventListener(APP_LISTENING, () => document.removeEventListener('click', hold, true), { once: true });
  document.addEventListener(APP_HYDRATED, () => held?.isConnected && held.click(), { once: true });
}

// The server's template: data-app is the app's file, the content its code's preload links.
const code = document.querySelector('template[data-app]');
if (code instanceof HTMLTemplateElement) {
  let started = false;
  /** Fetches everything the template names at once, then runs the app. */
  const start = () => {
    if (started) return;
    started = true;
    for (const type of INTERACTIONS) document.removeEventListener(type, start, true);
    const app = code.dataset.app;
    document.head.append(code.content);
    if (app) void import(/* @vite-ignore */ app);
  };
  replayEarlyClicks();
  if (document.visibilityState === 'visible') {
    for (const type of INTERACTIONS) document.addEventListener(type, start, { capture: true, passive: true });
    // After the image, one frame so that it is painted, then the app.
    void mainImagesLoaded().then(() => requestAnimationFrame(() => setTimeout(start, 0)));
  } else {
    start();
  }
} else if (import.meta.env.DEV) {
  // The development server serves index.html as it is.
  void import('./main.tsx');
}
