import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = `http://localhost:${process.env.API_PORT ?? 3000}`;

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
    closeBundle() {
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
  };
}

/**
 * Two builds (`npm run build`): the browser's app in dist/, and the server-side renderer
 * (src/entry-server.tsx) in dist-server/, which the API imports. npm packages stay
 * external in the server build; the workspace's TypeScript (@shop/shared) is bundled.
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), ...(isSsrBuild ? [] : [precompress()])],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
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
        // index.html loads src/boot.ts, which starts the app (src/main.tsx, its own entry)
        // when the page needs it; the server names the app's file (from the manifest).
        rollupOptions: { input: { index: 'index.html', main: 'src/main.tsx' } },
      },
}));
