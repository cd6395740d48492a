// Registers the app's service worker (src/sw.ts, /sw.js, scope '/') once the page has loaded, so
// storefront pages are kept for repeat visits and offline (decision 0032). Its own small file:
// nothing is added to the entry script, and the CSP allows no inline script.
if ('serviceWorker' in navigator) {
  const register = () => navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else addEventListener('load', register, { once: true });
}
