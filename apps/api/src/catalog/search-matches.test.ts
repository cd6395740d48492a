import { describe, expect, it } from 'vitest';
import { createSearchMatches, inOrderOf, MAX_MATCHES, pageOf } from './search-matches.ts';

const ids = (n: number, prefix = 'p') => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

describe('the matches a search keeps', () => {
  it('finds once per version, shares a search in flight, and finds again when the version moves', async () => {
    const kept = createSearchMatches();
    let finds = 0;
    const find = async () => {
      finds += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return ids(3);
    };
    const [a, b] = await Promise.all([kept.ids(1, 'latest|ankara', find), kept.ids(1, 'latest|ankara', find)]);
    expect(a).toEqual(ids(3));
    expect(b).toEqual(ids(3));
    expect(await kept.ids(1, 'latest|ankara', find)).toEqual(ids(3));
    expect(finds).toBe(1);

    // Another sort is another order: found on its own.
    await kept.ids(1, 'price_asc|ankara', find);
    expect(finds).toBe(2);

    await kept.ids(2, 'latest|ankara', find);
    expect(finds).toBe(3);
  });

  it('keeps no search with more than MAX_MATCHES matches, and no failed search', async () => {
    const kept = createSearchMatches();
    expect(await kept.ids(1, 'latest|a', async () => ids(MAX_MATCHES + 1))).toBeUndefined();
    expect(await kept.ids(1, 'latest|a', async () => ids(MAX_MATCHES))).toBeUndefined(); // "too many" is kept too

    await expect(
      kept.ids(1, 'latest|kente', async () => {
        throw new Error('connection lost');
      }),
    ).rejects.toThrow('connection lost');
    expect(await kept.ids(1, 'latest|kente', async () => ids(2))).toEqual(ids(2));
  });

  it('forgets the oldest searches beyond the ids it may keep', async () => {
    const kept = createSearchMatches({ maxKept: 10 });
    let finds = 0;
    const find = (n: number) => async () => {
      finds += 1;
      return ids(n);
    };
    await kept.ids(1, 'old', find(6));
    await kept.ids(1, 'new', find(6)); // 12 kept: "old" goes
    await kept.ids(1, 'new', find(6));
    expect(finds).toBe(2);
    await kept.ids(1, 'old', find(6));
    expect(finds).toBe(3);
  });

  it('pages through the matches, in their order whatever order the rows came in', () => {
    expect(pageOf(ids(10), 4, 8)).toEqual(['p8', 'p9']);
    expect(pageOf(ids(10), 4, 12)).toEqual([]);
    const rows = [{ id: 'p2' }, { id: 'p0' }];
    expect(inOrderOf(['p0', 'p1', 'p2'], rows)).toEqual([{ id: 'p0' }, { id: 'p2' }]);
  });
});
