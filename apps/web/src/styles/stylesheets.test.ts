// @vitest-environment node
/**
 * The storefront's stylesheet (src/index.css) is built from the files outside the back office's
 * folders (its `@source not` lines); the back office's (src/admin.css) from every file, loaded
 * with app/admin-routes.tsx. A storefront file that rendered a back-office component would
 * show it without the classes only that component's folder uses, so no file outside those
 * folders imports one, except the back office's route table, which loads admin.css itself.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '..');
const read = (rel: string) => readFileSync(path.join(src, rel), 'utf8');

/** index.css's `@source not "./features/admin-*"` lines, as tests on a path under src/. */
const backOffice = [...read('index.css').matchAll(/^@source not "\.\/([^"]+)";$/gm)].map(([, glob]) => {
  const prefix = glob!.replace(/\*$/, '');
  return (rel: string) => (glob!.endsWith('*') ? rel.startsWith(prefix) : rel === prefix || rel.startsWith(`${prefix}/`));
});
const isBackOffice = (rel: string) => backOffice.some((inside) => inside(rel));

const sources = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .map((file) => file.split(path.sep).join('/'))
  .filter((rel) => /\.tsx?$/.test(rel) && !/\.test\.tsx?$/.test(rel));

/** What a file imports, as paths under src/ (the `@/` alias and relative paths; packages left out). */
function imports(rel: string): string[] {
  return [...read(rel).matchAll(/(?:from\s+|import\s*\(\s*|import\s+)'([^']+)'/g)].flatMap(([, spec]) => {
    if (spec!.startsWith('@/')) return [spec!.slice(2)];
    if (spec!.startsWith('.')) return [path.posix.normalize(path.posix.join(path.posix.dirname(rel), spec!))];
    return [];
  });
}

it('leaves the back office out of the storefront stylesheet, and only those folders', () => {
  expect(backOffice.length).toBeGreaterThan(0);
  expect(isBackOffice('features/admin-products/components/product-form.tsx')).toBe(true);
  expect(isBackOffice('app/routes/admin/layout.tsx')).toBe(true);
  expect(isBackOffice('features/catalog/components/product-details.tsx')).toBe(false);
  expect(isBackOffice('features/till-receipt/components/receipt-page.tsx')).toBe(false);
});

it('has no storefront file import a back-office one, but the route table that loads admin.css', () => {
  const crossings = sources
    .filter((rel) => !isBackOffice(rel))
    .flatMap((rel) =>
      imports(rel)
        .filter(isBackOffice)
        .map((target) => `${rel} → ${target}`),
    );
  expect(crossings.filter((crossing) => !crossing.startsWith('app/admin-routes.tsx → '))).toEqual([]);
  expect(crossings.length).toBeGreaterThan(0); // the route table's own, so the scan sees imports
  expect(imports('app/admin-routes.tsx')).toContain('admin.css');
});
