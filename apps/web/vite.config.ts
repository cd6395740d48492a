import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build, defineConfig, type Plugin, type Rolldown } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** React Router's production build (see resolve.alias below). */
const reactRouterProduction = fileURLToPath(
  import.meta.resolve('react-router').replace(/\/development\/[^/]+$/, '/production/index.mjs'),
);
const apiTarget = `http://localhost:${process.env.API_PORT ?? 3000}`;
const webOutDir = fileURLToPath(new URL('./dist', import.meta.url));

/**
 * Writes .br and .gz next to every text asset of the build, once, at maximum compression,
 * so the API serves them precompressed (@fastify/static `preCompressed`) at no CPU cost.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After the other plugins' (sequential, 'post'): the service worker is written by then.
    closeBundle: {
      sequential: true,
      order: 'post',
      handler() {
        const walk = (dir: string): string[] =>
          readdirSync(dir).flatMap((name) => {
            const file = path.join(dir, name);
            return statSync(file).isDirectory() ? walk(file) : [file];
          });
        for (const file of walk(outDir)) {
          if (!/\.(js|css|html|svg|json|txt)$/.test(file) || statSync(file).size < 1024) continue;
          const source = readFileSync(file);
          writeFileSync(`${file}.br`, brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
          writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
        }
      },
    },
  };
}

/**
 * The app's service worker (src/sw.ts, served as /sw.js, scope '/'), with the build's code and
 * styles listed for the till's precache (the storefront's worker precaches nothing). The till's page is the server's HTML for /pos (index.html
 * with the app's script, plugins/page-hints.ts), not a file: index.html's entry is renamed
 * /pos, with a revision made of every precached file's, so a build that changes any of them
 * changes the page kept offline too (and the worker installs again).
 */
function serviceWorker() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src',
    filename: 'sw.ts',
    // Registered by the storefront's pages (public/register-sw.js, loaded by index.html) and by
    // the till (features/pos-till/register-sw.ts, as `/sw.js?till`); only the till's precaches
    // the list below (decision 0032).
    injectRegister: false,
    manifest: false,
    injectManifest: {
      rollupFormat: 'iife',
      // The camera scanner's ZXing (.wasm, features/pos-scan) too, so the camera scans offline.
      // The shop's manifest, icons and registration script too, so a repeat visit fetches none of them.
      globPatterns: [
        'index.html',
        'favicon.svg',
        'register-sw.js',
        'manifest.webmanifest',
        'icons/*.png',
        'assets/**/*.{js,css,woff2,wasm}',
      ],
      manifestTransforms: [
        (entries) => {
          const all = createHash('sha256');
          for (const entry of entries) all.update(`${entry.url} ${entry.revision ?? ''}\n`);
          const revision = all.digest('hex').slice(0, 16);
          const tillList = entries.map((entry) => (entry.url === 'index.html' ? { ...entry, url: '/pos', revision } : entry));
          // The list is the till's alone: kept out of /sw.js, which every shopper downloads, in a
          // file the till's worker imports (src/sw.ts). Its name changes with the list, and so
          // does /sw.js, which names it: a new build installs a new worker.
          const file = `sw-till-precache-${revision}.js`;
          writeFileSync(path.join(webOutDir, file), `self.__TILL_PRECACHE=${JSON.stringify(tillList)};\n`);
          return { manifest: [{ url: file, revision: null, size: 0 }], warnings: [] };
        },
      ],
    },
  });
}

/**
 * The storefront's service worker (src/sw-storefront.ts, served as /sw-storefront.js), built on
 * its own after the app: one script, no workbox, nothing precached (decision 0032). Every
 * shopper downloads it on her first visit, so it is a few kilobytes, not the till's worker's 27.
 */
function storefrontWorker(): Plugin {
  return {
    name: 'storefront-worker',
    apply: 'build',
    // Before precompress (sequential, 'post'), which compresses it with the rest.
    closeBundle: {
      sequential: true,
      async handler() {
        await build({
          configFile: false,
          logLevel: 'warn',
          resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
          define: { 'process.env.NODE_ENV': '"production"' },
          build: {
            target: 'es2022',
            outDir: webOutDir,
            emptyOutDir: false,
            copyPublicDir: false,
            sourcemap: false,
            rollupOptions: {
              input: fileURLToPath(new URL('./src/sw-storefront.ts', import.meta.url)),
              output: { format: 'iife', entryFileNames: 'sw-storefront.js' },
            },
          },
        });
      },
    },
  };
}

/**
 * The modules the two entries (index.html's boot, and src/main.tsx) import statically, gathered
 * once the module graph is complete, for `experimentalInlineCommonChunks` below: the entry's own
 * chunks are kept as they are (inlined there, three small ones grew the entry past its budget).
 */
const entryModules = new Set<string>();
function entryModuleSet(): Plugin {
  return {
    name: 'entry-module-set',
    apply: 'build',
    buildEnd() {
      entryModules.clear();
      const pending = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      while (pending.length > 0) {
        const id = pending.pop()!;
        if (entryModules.has(id)) continue;
        entryModules.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
}
/** The back office's and the till's own code: its common chunks stay files (see below). */
const backOfficeModule = /[\\/]src[\\/](features[\\/](admin-|pos-|till-)|app[\\/]routes[\\/]admin|components[\\/]admin)/;
/** What Vite's own configuration keeps out of inlining: chunks holding styles stay files. */
const styleModule = /\.(css|scss|sass|less|styl|stylus|pcss|postcss|sss)(\?|$)/;

/**
 * V8's explicit compile hint (Chrome 136 and later): a file that opens with this comment has
 * every function compiled as it downloads, on a background thread. Without it V8 compiles a
 * function the first time it is called, on the main thread: hydrating the product page
 * compiled 1,113 functions so, 117–293 ms of the main thread on this 2-core machine, four
 * times that on Lighthouse's phone (decision 0006).
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';
/** The back office's routes: what the storefront's code reaches only through them is not hinted. */
const backOfficeRoutes = /[\\/]src[\\/]app[\\/]admin-routes\.tsx$/;

/**
 * Puts COMPILE_HINT at the top of the storefront's chunks: the entries and every chunk they
 * import, statically or not, except through the back office's routes (its screens and the
 * till). A storefront page runs most of its chunks' functions as it hydrates, or as the panel
 * it opened (search, checkout) renders; the back office's chunks (charts, the barcode reader)
 * are large and run a part of themselves, so they stay compiled as called. The comment goes in
 * last, once Vite has put its own lines at the top (`__vite__mapDeps`), and the source map
 * moves down a line with it. It is not in the file's hash: a build that only changed which
 * files carry it would keep their names. `npm run bench:web` checks the entry's and the landing
 * pages' chunks carry it and the back office's routes do not.
 */
function storefrontCompileHints(): Plugin {
  return {
    name: 'storefront-compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = new Map<string, Rolldown.OutputChunk>();
        for (const file of Object.values(bundle)) if (file.type === 'chunk') chunks.set(file.fileName, file);
        const hinted = new Set<Rolldown.OutputChunk>();
        const pending = [...chunks.values()].filter((chunk) => chunk.isEntry);
        while (pending.length > 0) {
          const chunk = pending.pop()!;
          const facade = chunk.facadeModuleId ?? '';
          if (hinted.has(chunk) || backOfficeRoutes.test(facade) || backOfficeModule.test(facade)) continue;
          hinted.add(chunk);
          for (const file of [...chunk.imports, ...chunk.dynamicImports]) {
            const next = chunks.get(file);
            if (next) pending.push(next);
          }
        }
        // One line more at the top: the source map's lines move down by one (a ';' first).
        for (const chunk of hinted) {
          chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
          const map = bundle[`${chunk.fileName}.map`];
          if (map?.type === 'asset') {
            const json = JSON.parse(String(map.source)) as { mappings: string };
            map.source = JSON.stringify({ ...json, mappings: `;${json.mappings}` });
          }
        }
      },
    },
  };
}

/**
 * Two builds (`npm run build`): the browser's app in dist/, and the server-side renderer
 * (src/entry-server.tsx) in dist-server/, which the API imports. npm packages stay
 * external in the server build; the workspace's TypeScript (@shop/shared) is bundled.
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    ...(isSsrBuild ? [] : [entryModuleSet(), storefrontCompileHints(), serviceWorker(), storefrontWorker(), precompress()]),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // React Router's package points every bundler at its development build, whose only
      // difference is its warnings for developers (ENABLE_DEV_WARNINGS). The browser's build
      // takes the production one: smaller, and the phone does not run the checks. The server
      // build keeps the package as it is (external, loaded by Node).
      ...(isSsrBuild ? [] : [{ find: /^react-router$/, replacement: reactRouterProduction }]),
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/uploads': apiTarget, '/healthz': apiTarget },
  },
  ssr: { noExternal: ['@shop/shared'] },
  build: isSsrBuild
    ? { target: 'node20', sourcemap: true, outDir: 'dist-server', emptyOutDir: true, copyPublicDir: false }
    : {
        target: 'es2022',
        sourcemap: true,
        manifest: true,
        // No modulepreload polyfill in boot: every browser the app's code runs in has
        // <link rel="modulepreload"> (Chrome 66, Safari 17, Firefox 115), and one without it
        // fetches each module as it is imported, as it would with the link ignored. It was
        // 0.24 kB gzip of every page's entry JavaScript (119.47 → 119.23 kB), run before boot.
        modulePreload: { polyfill: false },
        // index.html loads src/boot.ts, which starts the app (src/main.tsx, its own entry)
        // when the page needs it; the server names the app's file (from the manifest).
        rollupOptions: {
          input: { index: 'index.html', main: 'src/main.tsx' },
          // Needed by the inlining below: the entries export nothing anyone imports.
          preserveEntrySignatures: false,
          output: {
            // Rolldown's automatic splitting made a chunk for each set of pages sharing a module,
            // so the product page loaded 33 chunks, 29 of them under 3 kB gzip: boot put 33
            // preload links in the head, and the phone fetched, compiled and linked 33 modules.
            // Common chunks under 8 kB (before minifying) are copied into the chunks that use them
            // instead, with one shared state (a registry in the runtime chunk). That needs
            // Rolldown's strict execution order: each module's body is wrapped and run in source
            // order, so boot too imports the runtime chunk (0.66 kB, which index.html preloads).
            // The product page: 12 chunks, 139.4 kB gzip against 141.4; the entry 119.81 kB. The
            // entry's own chunks and the back office's are left as files: copied into each of its
            // screens, the whole build (which the till precaches) grew from 647 to 829 kB gzip;
            // without them, 739. Decision 0006 has the measurements.
            codeSplitting: {
              experimentalInlineCommonChunks: {
                maxSize: 8192,
                exclude: [styleModule, (id: string) => entryModules.has(id), backOfficeModule],
              },
            },
          },
        },
      },
}));
