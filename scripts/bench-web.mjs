// `npm run bench:web`: builds the web app and checks the storefront's entry JavaScript
// (the entry chunks: index.html's src/boot.ts and the app it starts, src/main.tsx; and
// every chunk those import statically, as listed in Vite's
// dist/.vite/manifest.json) against its budget, gzipped. Lazy chunks (pages, panels, the
// back office) are listed for information only. The three pages shoppers land on most (home,
// a listing, a product) are held to a budget of their own JavaScript too: what they load
// beyond the entry before they hydrate (zod or a form library slipping into the product page
// through a shared helper cost it 40 kB once). `--no-build` measures the current dist.
// Then the bytes a first view of the four pages transfers in a real browser, normal and lite
// mode, against issue 32's budgets (scripts/bench-bytes.mjs; skip with --no-bytes); then Lighthouse on the same four storefront pages (bench/lighthouse/lighthouse.mjs; skip with --no-lighthouse).
// Lighthouse is a package of its own (bench/lighthouse/package.json), installed there from its
// lockfile on first use, so the root `npm ci` (CI, the Docker image) does not download it.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { BUDGETS, phoneContext, runByteBudgets, seeWholePage, untilHydrated } from './bench-bytes.mjs';
import { RELAY_KINDS, startRelay } from './byte-relay.mjs';

const BUDGET_KB = 120;
/** Each landing page's own JavaScript, gzip: its module and what it imports statically beyond the entry. */
const PAGE_BUDGET_KB = 30;
const LANDING_PAGES = ['home', 'listings', 'product-details'].map((name) => `src/app/routes/storefront/${name}.tsx`);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
const manifestPath = path.join(dist, '.vite/manifest.json');

if (!process.argv.includes('--no-build')) {
  const build = spawnSync('npm', ['run', 'build', '-w', '@shop/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
if (!existsSync(manifestPath)) {
  console.error(`No ${path.relative(root, manifestPath)}: build the web app with build.manifest enabled.`);
  process.exit(1);
}

const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const kb = (bytes) => (bytes / 1000).toFixed(2).padStart(8);
const gzipOf = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;

const entryKeys = Object.keys(manifest).filter((key) => manifest[key].isEntry);
if (entryKeys.length === 0) {
  console.error('The manifest has no entry chunk.');
  process.exit(1);
}

/** The entries and their static imports, depth first, each once. */
const entryChunks = [];
const seen = new Set();
function walk(key) {
  if (seen.has(key)) return;
  seen.add(key);
  entryChunks.push(key);
  for (const child of manifest[key].imports ?? []) walk(child);
}
for (const key of entryKeys) walk(key);

console.log('\nStorefront entry JavaScript (entries + static imports), gzip -9:');
let total = 0;
const css = new Set();
for (const key of entryChunks) {
  const chunk = manifest[key];
  const size = gzipOf(chunk.file);
  total += size;
  for (const file of chunk.css ?? []) css.add(file);
  console.log(`  ${kb(size)} kB  ${chunk.file}`);
}
console.log(`  ${kb(total)} kB  total (budget ${BUDGET_KB} kB)`);
for (const file of css) console.log(`  ${kb(gzipOf(file))} kB  ${file} (CSS, not counted)`);

console.log(`\nLanding pages' own JavaScript (the page and its static imports beyond the entry), gzip -9:`);
let pageOver = false;
const landingChunks = new Set();
for (const key of LANDING_PAGES) {
  if (!manifest[key]) {
    console.error(`  ${key} is not in the manifest: update LANDING_PAGES in scripts/bench-web.mjs.`);
    pageOver = true;
    continue;
  }
  const own = new Set();
  const visit = (chunk) => {
    if (own.has(chunk) || seen.has(chunk)) return;
    own.add(chunk);
    for (const child of manifest[chunk].imports ?? []) visit(child);
  };
  visit(key);
  for (const chunk of own) landingChunks.add(chunk);
  const size = [...own].reduce((sum, chunk) => sum + gzipOf(manifest[chunk].file), 0);
  const over = size > PAGE_BUDGET_KB * 1000;
  pageOver ||= over;
  console.log(`  ${kb(size)} kB  ${key} (budget ${PAGE_BUDGET_KB} kB)${over ? ' OVER' : ''}`);
}

// The storefront's chunks open with V8's compile hint (apps/web/vite.config.ts,
// storefrontCompileHints): without it, hydrating the product page compiled 1,113 functions on
// the main thread. The entry's chunks and the landing pages' are checked; the back office's
// must not carry it.
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
const opensWithHint = (key) => readFileSync(path.join(dist, manifest[key].file), 'utf8').startsWith(COMPILE_HINT);
const unhinted = [...entryChunks, ...landingChunks].filter((key) => manifest[key].file.endsWith('.js') && !opensWithHint(key));
const backOfficeKey = 'src/app/admin-routes.tsx';
const hintMisplaced = !manifest[backOfficeKey] || opensWithHint(backOfficeKey);
console.log(
  `\nV8's compile hint: ${unhinted.length === 0 ? 'on' : `MISSING on ${unhinted.map((key) => manifest[key].file).join(', ')}`} ` +
    `(the entry's and the landing pages' ${entryChunks.length + landingChunks.size} chunks)` +
    `${hintMisplaced ? `; ${backOfficeKey} ${manifest[backOfficeKey] ? 'carries it too' : 'is not in the manifest'}` : ''}.`,
);
const hintsWrong = unhinted.length > 0 || hintMisplaced;

const lazy = Object.entries(manifest)
  .filter(([key, chunk]) => !seen.has(key) && chunk.file.endsWith('.js'))
  .map(([key, chunk]) => ({ name: chunk.src ?? key, size: gzipOf(chunk.file) }))
  .sort((a, b) => b.size - a.size);
console.log('\nLargest lazily loaded chunks (information only):');
for (const { name, size } of lazy.slice(0, 12)) console.log(`  ${kb(size)} kB  ${name}`);

const over = total > BUDGET_KB * 1000;
console.log(`\n${over ? 'FAIL' : 'OK'}: storefront entry ${(total / 1000).toFixed(2)} kB gzip, budget ${BUDGET_KB} kB.`);
if (pageOver) console.log(`FAIL: a landing page's own JavaScript is over its ${PAGE_BUDGET_KB} kB budget (above).`);
if (hintsWrong) console.log(`FAIL: V8's compile hint is not where the build puts it (above).`);
const bytesOk = process.argv.includes('--no-bytes') || (await runByteBudgets({ more: repeatVisits }));
const lighthouseOk = process.argv.includes('--no-lighthouse') || (await runLighthouse());
process.exit(over || pageOver || hintsWrong || !bytesOk || !lighthouseOk ? 1 : 0);

/**
 * Repeat visits with the service worker (issue 32, decision 0032), in the same browser and on
 * the same server as the first views: each page's first view in a fresh context, scrolled to its
 * foot (every picture on it seen), then, once the worker is in charge, a second visit of the same
 * page, scrolled too. The bytes are counted by a relay between
 * the browser and the server (scripts/byte-relay.mjs): the worker's own requests are not the
 * page's, so the page's CDP session would miss them. Resolves to false when a second visit
 * transfers more than its budget, or a first view with the worker's script more than its page's.
 */
async function repeatVisits(browser, pages) {
  const results = [];
  for (const mode of ['normal', 'lite']) {
    for (const [name, url] of pages) {
      const target = new URL(url);
      const relay = await startRelay(new URL(target.origin));
      const context = await phoneContext(browser, mode, { baseURL: relay.origin, serviceWorkers: 'allow' });
      const page = await context.newPage();
      try {
        await page.goto(target.pathname, { waitUntil: 'load' });
        // In lite mode the app, and with it the worker's registration, waits for the shopper's
        // first touch or key (boot.ts): its first view is the page without it.
        if (mode === 'normal') await untilHydrated(page);
        else await page.waitForLoadState('networkidle');
        const firstView = relay.bytesDown;
        // A shopper who scrolls the page has touched it.
        if (mode === 'lite') await page.keyboard.press('Tab');
        await untilHydrated(page);
        await seeWholePage(page);
        await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: 30_000 });
        await page.waitForLoadState('networkidle');
        const firstVisit = relay.bytesDown;
        relay.reset();
        await page.goto(target.pathname, { waitUntil: 'load' });
        if (mode === 'lite') await page.keyboard.press('Tab');
        await untilHydrated(page);
        await seeWholePage(page);
        await page.waitForTimeout(300);
        const answers = [...relay.answers];
        results.push({ mode, name, firstView, firstVisit, total: relay.bytesDown, byKind: { ...relay.byKind }, answers });
      } finally {
        await context.close();
        relay.close();
        await relay.stop();
      }
    }
  }
  const kb = (n) => (n / 1000).toFixed(1).padStart(7);
  console.log('\nBytes from the server with the service worker (kB; scripts/byte-relay.mjs): the first view with the');
  console.log("worker's script (until the network is idle, not scrolled), the whole first visit (scrolled to the foot,");
  console.log('every picture), and the second visit by kind:');
  console.log(`  mode    page     first view  first visit  ${RELAY_KINDS.map((k) => k.padStart(7)).join('')}   total`);
  let ok = true;
  for (const r of results) {
    const over = r.total > BUDGETS.repeatVisit;
    // The worker's script is part of the first view: the page's budget holds with it.
    const firstOver = r.firstView > (r.mode === 'lite' ? BUDGETS.litePage : BUDGETS.normalPage);
    ok &&= !over && !firstOver;
    const flag = `${over ? `  OVER ${BUDGETS.repeatVisit / 1000} kB` : ''}${firstOver ? '  first view OVER its page budget' : ''}`;
    console.log(
      `  ${r.mode.padEnd(7)} ${r.name.padEnd(8)} ${kb(r.firstView).padStart(10)} ${kb(r.firstVisit).padStart(12)}  ${RELAY_KINDS.map((k) => kb(r.byKind[k])).join('')} ${kb(r.total)}${flag}`,
    );
    // What an over-budget second visit fetched, so that a failure says why.
    if (over) {
      for (const a of r.answers)
        console.log(
          `      ${a.status} ${String(a.bytes).padStart(7)} B  ${a.path}${a.continued ? ' (begun before the visit)' : ''}`,
        );
    }
  }
  console.log(
    `${ok ? 'OK' : 'FAIL'}: each first view, the worker's script included, within its page budget; a second visit of a page seen transfers ≤ ${BUDGETS.repeatVisit / 1000} kB.`,
  );
  return ok;
}

/** bench/lighthouse/lighthouse.mjs, after installing its package on first use. */
async function runLighthouse() {
  const dir = path.join(root, 'bench/lighthouse');
  if (!existsSync(path.join(dir, 'node_modules/lighthouse'))) {
    console.log('\nInstalling Lighthouse in bench/lighthouse (first use):');
    const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'inherit' });
    if (install.status !== 0) return false;
  }
  return (await import(path.join(dir, 'lighthouse.mjs'))).runLighthouse();
}
