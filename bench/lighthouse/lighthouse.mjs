// Lighthouse (mobile preset, simulated throttling) on the built app served by the real API,
// with Debian's Chromium. Used by `npm run bench:web`, which installs this folder's own package
// (Lighthouse and chrome-launcher, kept out of the root `npm ci`) on first use; once installed,
// `node bench/lighthouse/lighthouse.mjs` alone works too.
// Each page is audited LIGHTHOUSE_RUNS times (default 3) and the median run is reported,
// against the targets: performance and accessibility ≥ 95, SEO 100, largest contentful paint < 1.5 s,
// and (issue 32) the product page's total blocking time < 150 ms.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startShop } from '../../scripts/bench-shop.mjs';
const TARGET = { performance: 95, accessibility: 95, seo: 100, lcpMs: 1500 };
/** Issue 32: total blocking time on the product page (reported, as the rest; not a CI gate). */
const PRODUCT_TBT_MS = 150;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

/** One Lighthouse run. Chromium's trace occasionally comes back unusable (NO_NAVSTART, …): run it again. */
async function audit(url, port, name) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance', 'accessibility', 'seo'],
    });
    if (!result.lhr.runtimeError || attempt === 3) return result;
    console.log(`  ${name}: ${result.lhr.runtimeError.code}, running it again`);
  }
}

/** Resolves to true when every page meets both targets. */
export async function runLighthouse({ port = 3920 } = {}) {
  const { base, stop } = await startShop({ port, nodeArgs: ['--max-semi-space-size=8'] });
  let chrome;
  try {
    const [product] = await (await fetch(`${base}/api/products?limit=1`)).json();
    // LIGHTHOUSE_PAGES=home,product audits only those pages.
    const only = process.env.LIGHTHOUSE_PAGES?.split(',');
    const pages = [
      ['home', `${base}/`],
      ['listing', `${base}/women`],
      ['sales', `${base}/sales`],
      ['product', `${base}/productdetails/${product.id}`],
    ].filter(([name]) => !only || only.includes(name));
    // Steady state, as `npm run bench` measures the API: each page once before it is
    // audited, so the audit does not time the renderer's first load or a first render.
    for (const [, url] of pages) await fetch(url);
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
    console.log('\nLighthouse, mobile (simulated slow 4G, 4× CPU slowdown):');
    console.log(`  median of ${RUNS} runs per page`);
    console.log('  page      performance  accessibility  SEO  LCP      TBT      CLS  (all runs)');
    let ok = true;
    for (const [name, url] of pages) {
      // Lighthouse's own advice: runs vary, take the median of several. The run with the
      // median performance score is the one reported.
      const runs = [];
      for (let run = 0; run < RUNS; run++) runs.push(await audit(url, chrome.port, name));
      runs.sort((a, b) => a.lhr.categories.performance.score - b.lhr.categories.performance.score);
      const result = runs[Math.floor(RUNS / 2)];
      const spread = runs.map((r) => Math.round(r.lhr.categories.performance.score * 100)).join('/');
      const { categories, audits } = result.lhr;
      // LIGHTHOUSE_REPORTS=dir keeps each page's full report (open it in the Lighthouse viewer).
      if (process.env.LIGHTHOUSE_REPORTS) {
        mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
        writeFileSync(path.join(process.env.LIGHTHOUSE_REPORTS, `${name}.json`), result.report);
      }
      const perf = Math.round(categories.performance.score * 100);
      const a11y = Math.round(categories.accessibility.score * 100);
      const seo = Math.round(categories.seo.score * 100);
      const lcp = audits['largest-contentful-paint'].numericValue;
      const tbt = audits['total-blocking-time'].numericValue;
      const tbtOk = name !== 'product' || tbt < PRODUCT_TBT_MS;
      ok &&= perf >= TARGET.performance && a11y >= TARGET.accessibility && seo >= TARGET.seo && lcp < TARGET.lcpMs && tbtOk;
      // Milliseconds as measured: Lighthouse's own display rounds 1,540 ms to "1.5 s", which hides a miss.
      const ms = (value) => `${Math.round(value)} ms`.padEnd(8);
      console.log(
        `  ${name.padEnd(9)} ${String(perf).padStart(11)}  ${String(a11y).padStart(13)}  ${String(seo).padStart(3)}  ${ms(lcp)} ${ms(tbt)} ${audits['cumulative-layout-shift'].displayValue.padEnd(4)} ${spread}`,
      );
      // The SEO audits that did not pass, by name (the score alone does not say which).
      const seoMisses = categories.seo.auditRefs
        .filter((ref) => ref.weight > 0 && audits[ref.id].score !== null && audits[ref.id].score < 1)
        .map((ref) => ref.id);
      if (seoMisses.length > 0) console.log(`            SEO misses: ${seoMisses.join(', ')}`);
    }
    console.log(
      `${ok ? 'OK' : 'FAIL'}: targets performance ≥ ${TARGET.performance}, accessibility ≥ ${TARGET.accessibility}, ` +
        `SEO ≥ ${TARGET.seo}, LCP < ${TARGET.lcpMs} ms; the product page's TBT < ${PRODUCT_TBT_MS} ms.`,
    );
    return ok;
  } finally {
    await chrome?.kill();
    stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exit((await runLighthouse()) ? 0 : 1);
}
