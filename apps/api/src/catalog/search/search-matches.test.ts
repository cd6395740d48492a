import { describe, expect, it } from 'vitest';
import {
  applyChanges,
  type Changes,
  createSearchMatches,
  inOrderOf,
  MAX_MATCHES,
  type Match,
  type MatchSource,
  pageOf,
} from './search-matches.ts';

const ids = (n: number, prefix = 'p') => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
/** Newest first, then the id backwards: the `latest` sort. */
const newestFirst = (a: Match, b: Match) =>
  (b.key ?? -Infinity) - (a.key ?? -Infinity) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * A catalogue in memory: each product's sort key and whether it matches the search, with a
 * change log per version, and what the kept matches asked of it.
 */
function catalogue(products: Record<string, { key: number; matches: boolean }>) {
  const log = new Map<number, string[]>();
  const asked = { finds: 0, changes: [] as [number, number][] };
  const matching = () =>
    Object.entries(products)
      .filter(([, p]) => p.matches)
      .map(([id, p]) => ({ id, key: p.key }));
  const changes = async (from: number, to: number): Promise<Changes | undefined> => {
    asked.changes.push([from, to]);
    const changed = new Set<string>();
    for (let v = from + 1; v <= to; v++) {
      const step = log.get(v);
      if (!step) return undefined;
      for (const id of step) changed.add(id);
    }
    return { changed: [...changed], now: matching().filter((m) => changed.has(m.id)) };
  };
  const source = (ordered = true): MatchSource => ({
    find: async () => {
      asked.finds += 1;
      return matching().sort(newestFirst);
    },
    ...(ordered && { incremental: { changes, compare: newestFirst } }),
  });
  return { products, log, asked, source };
}

describe('the matches a search keeps', () => {
  it('finds once per version, shares a search in flight, and finds another sort on its own', async () => {
    const db = catalogue({ a: { key: 3, matches: true }, b: { key: 2, matches: true }, c: { key: 1, matches: false } });
    const kept = createSearchMatches();
    const slow: MatchSource = {
      ...db.source(),
      find: async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        return db.source().find();
      },
    };
    const [first, second] = await Promise.all([kept.ids(1, 'latest|ankara', slow), kept.ids(1, 'latest|ankara', slow)]);
    expect(first).toEqual(['a', 'b']);
    expect(second).toEqual(['a', 'b']);
    expect(await kept.ids(1, 'latest|ankara', db.source())).toEqual(['a', 'b']);
    expect(db.asked.finds).toBe(1);

    await kept.ids(1, 'price_asc|ankara', db.source());
    expect(db.asked.finds).toBe(2);
  });

  it('at a later version, checks only the products that changed and moves them in or out in order', async () => {
    const db = catalogue({
      a: { key: 30, matches: true },
      b: { key: 20, matches: true },
      c: { key: 10, matches: true },
      d: { key: 25, matches: false },
    });
    const kept = createSearchMatches();
    expect(await kept.ids(1, 'latest|ankara', db.source())).toEqual(['a', 'b', 'c']);
    expect(await kept.ids(1, 'price_asc|ankara', db.source())).toEqual(['a', 'b', 'c']);

    // Version 2: d renamed into the search, b out of it, and a new product e, the newest.
    db.products.d!.matches = true;
    db.products.b!.matches = false;
    db.products.e = { key: 40, matches: true };
    db.log.set(2, ['d', 'b', 'e']);
    expect(await kept.ids(2, 'latest|ankara', db.source())).toEqual(['e', 'a', 'd', 'c']);
    expect(db.asked.finds).toBe(2);
    expect(db.asked.changes).toEqual([[1, 2]]);
    // Each kept search reads the changes with its own words, once, when next asked.
    await kept.ids(2, 'price_asc|ankara', db.source());
    await kept.ids(2, 'price_asc|ankara', db.source());
    expect(db.asked.changes).toEqual([
      [1, 2],
      [1, 2],
    ]);
    expect(db.asked.finds).toBe(2);
  });

  it('brings a search not asked for since several moves up to date in one step', async () => {
    const db = catalogue({ a: { key: 3, matches: true }, b: { key: 2, matches: true } });
    const kept = createSearchMatches();
    await kept.ids(1, 'latest|ankara', db.source());
    await kept.ids(1, 'latest|lace', db.source());

    db.products.a!.matches = false;
    db.log.set(2, ['a']);
    await kept.ids(2, 'latest|lace', db.source()); // moves on; "ankara" is not asked at 2
    db.products.c = { key: 5, matches: true };
    db.log.set(3, ['c']);
    expect(await kept.ids(3, 'latest|ankara', db.source())).toEqual(['c', 'b']);
    expect(db.asked.finds).toBe(2);
    expect(db.asked.changes).toEqual([
      [1, 2],
      [1, 3],
    ]);
  });

  it('finds again when the log cannot tell, for the title sort, and for a request that read an older version', async () => {
    const db = catalogue({ a: { key: 3, matches: true } });
    const kept = createSearchMatches();
    await kept.ids(1, 'latest|ankara', db.source());
    await kept.ids(1, 'title|ankara', db.source(false));
    expect(db.asked.finds).toBe(2);

    // Version 2 is not in the log (pruned, or a truncate): everything is found again.
    db.products.b = { key: 4, matches: true };
    expect(await kept.ids(2, 'latest|ankara', db.source())).toEqual(['b', 'a']);
    expect(db.asked.finds).toBe(3);

    // The title sort has no order this process can keep: found again at every new version.
    db.log.set(3, ['b']);
    await kept.ids(3, 'latest|ankara', db.source());
    await kept.ids(3, 'title|ankara', db.source(false));
    expect(db.asked.finds).toBe(4);

    // A request that read version 2 after another moved on to 3 is answered, and changes nothing kept.
    expect(await kept.ids(2, 'latest|ankara', db.source())).toEqual(['b', 'a']);
    expect(db.asked.finds).toBe(5);
    await kept.ids(3, 'latest|ankara', db.source());
    expect(db.asked.finds).toBe(5);
  });

  it('finds again when the search it would be brought up from fails', async () => {
    const db = catalogue({ a: { key: 3, matches: true } });
    const kept = createSearchMatches();
    let calls = 0;
    const failingOnce: MatchSource = {
      ...db.source(),
      find: async () => {
        calls += 1;
        if (calls > 1) return db.source().find();
        await new Promise((resolve) => setTimeout(resolve, 5));
        throw new Error('connection lost');
      },
    };
    const first = kept.ids(1, 'latest|ankara', failingOnce);
    db.log.set(2, ['a']);
    const second = kept.ids(2, 'latest|ankara', db.source()); // moves on while the first is in flight
    await expect(first).rejects.toThrow('connection lost');
    expect(await second).toEqual(['a']);
  });

  it('keeps no search with more than MAX_MATCHES matches, and no failed search', async () => {
    const kept = createSearchMatches();
    const many = (n: number): MatchSource => ({
      find: async () => ids(n).map((id) => ({ id, key: 0 })),
    });
    expect(await kept.ids(1, 'latest|a', many(MAX_MATCHES + 1))).toBeUndefined();
    expect(await kept.ids(1, 'latest|a', many(MAX_MATCHES))).toBeUndefined(); // "too many" is kept too

    const failing: MatchSource = {
      find: async () => {
        throw new Error('connection lost');
      },
    };
    await expect(kept.ids(1, 'latest|kente', failing)).rejects.toThrow('connection lost');
    expect(await kept.ids(1, 'latest|kente', many(2))).toEqual(ids(2));
  });

  it('forgets the oldest searches beyond the ids it may keep', async () => {
    const kept = createSearchMatches({ maxKept: 10 });
    let finds = 0;
    const six: MatchSource = {
      find: async () => {
        finds += 1;
        return ids(6).map((id) => ({ id, key: 0 }));
      },
    };
    await kept.ids(1, 'old', six);
    await kept.ids(1, 'new', six); // 12 kept: "old" goes
    await kept.ids(1, 'new', six);
    expect(finds).toBe(2);
    await kept.ids(1, 'old', six);
    expect(finds).toBe(3);
  });

  it('puts changed products back in the sort order, ties broken by id, each id once', () => {
    const before = [
      { id: 'e', key: 9 },
      { id: 'c', key: 5 },
      { id: 'a', key: 5 },
      { id: 'b', key: 1 },
    ];
    const after = applyChanges(
      before,
      {
        changed: ['c', 'f', 'x'],
        now: [
          { id: 'c', key: 10 },
          { id: 'f', key: 5 },
        ],
      },
      newestFirst,
    );
    expect(after.map((m) => m.id)).toEqual(['c', 'e', 'f', 'a', 'b']);
  });

  it('pages through the matches, in their order whatever order the rows came in', () => {
    expect(pageOf(ids(10), 4, 8)).toEqual(['p8', 'p9']);
    expect(pageOf(ids(10), 4, 12)).toEqual([]);
    const rows = [{ id: 'p2' }, { id: 'p0' }];
    expect(inOrderOf(['p0', 'p1', 'p2'], rows)).toEqual([{ id: 'p0' }, { id: 'p2' }]);
  });
});
