// Registers the app's service worker (src/sw.ts, /sw.js, scope '/') once the page has loaded, so
// storefront pages are kept for repeat visits and offline (decision 0032). A worker already
// registered is left alone: the till's (`/sw.js?till`, which precaches the till) must not be
// swapped for the storefront's, and the browser checks a registered worker for updates itself.
// The till registers its own (features/pos-till/register-sw.ts). Its own small file: nothing is
// added to the entry script, and the CSP allows no inline script.
if ('serviceWorker' in navigator && !/^\/pos(\/|$)/.test(location.pathname)) {
  const sw = navigator.serviceWorker;
  const register = () =>
    sw
      .getRegistration('/')
      .then((found) => found || sw.register('/sw.js', { scope: '/' }))
      .catch(() => undefined);
  if (document.readyState === 'complete') register();
  else addEventListener('load', register, { once: true });
}
