// Shipped as written, so its explanation is in docs/decisions/0032-storefront-service-worker.md.
if ('serviceWorker' in navigator && !/^\/pos(\/|$)/.test(location.pathname)) {
  const sw = navigator.serviceWorker;
  const register = () =>
    sw
      .getRegistration('/')
      .then((found) => found || sw.register('/sw-storefront.js', { scope: '/' }))
      .catch(() => undefined);
  if (document.readyState === 'complete') register();
  else addEventListener('load', register, { once: true });
}
