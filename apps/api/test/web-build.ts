/**
 * A small stand-in for the web app's build (apps/web/dist and dist-server) with the same
 * layout: index.html as Vite writes it, a manifest with the two entries (src/boot.ts from
 * index.html, and the app, src/main.tsx) and two pages' code, and optionally a renderer.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="The shop's own words." />
    <title>Adire</title>
    <script type="module" crossorigin src="/assets/boot-abc123.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-6.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

const MANIFEST = {
  'index.html': { file: 'assets/boot-abc123.js', isEntry: true, css: ['assets/index-6.css'] },
  'src/main.tsx': { file: 'assets/main-5.js', isEntry: true, imports: ['_react.js'] },
  '_react.js': { file: 'assets/react-1.js' },
  'src/app/routes/storefront/listings.tsx': { file: 'assets/listings-2.js', imports: ['_react.js', '_card.js'] },
  '_card.js': { file: 'assets/card-3.js' },
  'src/app/routes/storefront/product-details.tsx': { file: 'assets/product-4.js', imports: ['_card.js'] },
};

/**
 * Writes the build into `dir` and returns the web root (`dir/dist`). `renderer` is the
 * source of `dir/dist-server/entry-server.js`, the server-side renderer, if any.
 */
export function writeWebBuild(dir: string, renderer?: string): string {
  const dist = path.join(dir, 'dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(dist, 'assets', 'boot-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'assets', 'logo-abc123.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(dist, 'register-sw.js'), 'navigator.serviceWorker?.register("/sw-storefront.js")');
  writeFileSync(path.join(dist, 'sw.js'), 'self.skipWaiting()');
  writeFileSync(path.join(dist, 'sw-storefront.js'), 'self.skipWaiting()');
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  if (renderer !== undefined) {
    mkdirSync(path.join(dir, 'dist-server'));
    writeFileSync(path.join(dir, 'dist-server', 'entry-server.js'), renderer);
  }
  return dist;
}
