/**
 * Standing rules for every change (issue 27, "Files a reader can hold"): no file under
 * apps/api/src over 450 lines, except tests, the seed's data and migrations; no component
 * (*.tsx) under apps/web/src over 350 lines, except tests. A file that grows past its limit
 * is split by job (see docs/architecture.md), not exempted here.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    return statSync(full).isDirectory() ? files(full) : [full];
  });
}

const lines = (file: string) => readFileSync(file, 'utf8').split('\n').length - 1;

function over(dir: string, limit: number, keep: (rel: string) => boolean): string[] {
  return files(path.join(root, dir))
    .map((file) => path.relative(root, file).split(path.sep).join('/'))
    .filter(keep)
    .flatMap((rel) => {
      const n = lines(path.join(root, rel));
      return n > limit ? [`${rel}: ${n} lines`] : [];
    });
}

it('keeps every API source file to 450 lines (tests, seed data and migrations aside)', () => {
  const long = over(
    'apps/api/src',
    450,
    (rel) =>
      /\.tsx?$/.test(rel) &&
      !/\.test\.tsx?$/.test(rel) &&
      !rel.includes('/db/migrations/') &&
      rel !== 'apps/api/src/seed/catalogue-data.ts',
  );
  expect(long).toEqual([]);
});

it('keeps every web component to 350 lines (tests aside)', () => {
  const long = over('apps/web/src', 350, (rel) => rel.endsWith('.tsx') && !rel.endsWith('.test.tsx'));
  expect(long).toEqual([]);
});
