import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers.ts';
import { IMAGE_WIDTHS } from '../media/index.ts';
import { demoPictureKeys, ensurePictures } from './catalogue.ts';

const folders: string[] = [];
const folder = (name: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), `picture-cache-${name}-`));
  folders.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

describe('the demo pictures cache (DEMO_PICTURES_CACHE)', () => {
  it('lets an empty data folder copy the pictures drawn before instead of drawing them, the same files under the same ids', async () => {
    const keys = demoPictureKeys().slice(0, 3);
    const cache = folder('cache');
    const first = { database: await createTestDatabase(), uploads: folder('uploads-a'), lines: [] as string[] };
    const second = { database: await createTestDatabase(), uploads: folder('uploads-b'), lines: [] as string[] };
    try {
      const drawn = await ensurePictures(first.database.db, first.uploads, (l) => first.lines.push(l), keys, cache);
      expect(first.lines.join('\n')).toMatch(/^3 demo pictures drawn in /);

      const copied = await ensurePictures(second.database.db, second.uploads, (l) => second.lines.push(l), keys, cache);
      expect(second.lines.join('\n')).toMatch(/^0 demo pictures drawn, 3 copied from .* in /);
      expect(copied).toEqual(drawn);
      for (const id of Object.values(copied)) {
        for (const width of IMAGE_WIDTHS) {
          const name = `${id}-${width}.webp`;
          expect(readFileSync(path.join(second.uploads, name))).toEqual(readFileSync(path.join(first.uploads, name)));
        }
      }
      expect(readdirSync(second.uploads).sort()).toEqual(readdirSync(first.uploads).sort());

      // A picture the cache lacks is drawn, and kept for the next one.
      const more = demoPictureKeys().slice(0, 4);
      const third = { database: await createTestDatabase(), uploads: folder('uploads-c'), lines: [] as string[] };
      try {
        await ensurePictures(third.database.db, third.uploads, (l) => third.lines.push(l), more, cache);
        expect(third.lines.join('\n')).toMatch(/^1 demo pictures drawn, 3 copied from /);
      } finally {
        await third.database.close();
      }
      const kept = JSON.parse(readFileSync(path.join(cache, 'demo_pictures_v2', 'pictures.json'), 'utf8'));
      expect(Object.keys(kept).sort()).toEqual([...more].sort());
    } finally {
      await first.database.close();
      await second.database.close();
    }
  }, 60_000);

  it('is not used unless set: the pictures are drawn and nothing is written beside them', async () => {
    const database = await createTestDatabase();
    const uploads = folder('uploads-d');
    const lines: string[] = [];
    try {
      await ensurePictures(database.db, uploads, (l) => lines.push(l), demoPictureKeys().slice(0, 1));
      expect(lines.join('\n')).toMatch(/^1 demo pictures drawn in /);
      expect(existsSync(path.join(uploads, 'demo_pictures_v2'))).toBe(false);
    } finally {
      await database.close();
    }
  });
});
