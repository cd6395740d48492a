/**
 * The products a title search matches, in each sort's order, kept between catalogue changes
 * that cannot alter them (issue 15's cold path).
 *
 * A search's page needs every match: the trigram index finds them in no useful order, so the
 * page sorts them all and the total counts them all, each reading every matching product
 * (1,689 for "berry" at 100,000 products: about 4 ms apiece). Yet most catalogue changes are
 * sales and stock counts, which change neither what a search matches nor the order: only new
 * or deleted products and edits of the title, heading, brand name, price or discount do.
 * Those bump the catalogue's `search` version (migration 0015, in the writing transaction,
 * like every cache version), and the matches are kept per version: after any other change a
 * search reads its 48 products by id, as fresh as the list's, and takes its total from here.
 *
 * Only a search with no other filter is kept (the others' matches move with stock). A search
 * matching more than MAX_MATCHES products is not kept: it is answered as before, and the
 * plain list's index serves its page.
 */

/** The matches a search may have and still be kept (a uuid is about 50 bytes kept). */
export const MAX_MATCHES = 20_000;
/** The matches kept in all, across searches: about 10 MB. */
const MAX_KEPT = 200_000;

/** The ids a search matches in a sort's order; `undefined`: too many to keep. */
type Matches = string[] | undefined;

export type SearchMatches = ReturnType<typeof createSearchMatches>;

export function createSearchMatches({ maxKept = MAX_KEPT } = {}) {
  let version: number | undefined;
  const kept = new Map<string, Promise<Matches>>();
  const sizes = new Map<string, number>();
  let total = 0;

  function forget(key: string) {
    kept.delete(key);
    total -= sizes.get(key) ?? 0;
    sizes.delete(key);
  }

  return {
    /**
     * The ids `find` answers for this search at this `search` version, found once per version
     * (concurrent requests share the query). `find` lists at most MAX_MATCHES + 1 ids.
     */
    async ids(searchVersion: number, key: string, find: () => Promise<string[]>): Promise<Matches> {
      if (searchVersion !== version) {
        // What searches match has changed since these were found: they can never be used again.
        kept.clear();
        sizes.clear();
        total = 0;
        version = searchVersion;
      }
      const known = kept.get(key);
      if (known) return known;
      const found = find().then((ids) => (ids.length > MAX_MATCHES ? undefined : ids));
      kept.set(key, found);
      let ids: Matches;
      try {
        ids = await found;
      } catch (error) {
        if (kept.get(key) === found) forget(key);
        throw error;
      }
      if (kept.get(key) === found) {
        sizes.set(key, ids?.length ?? 0);
        total += ids?.length ?? 0;
        // Map keeps insertion order: the oldest searches go first.
        for (const oldKey of kept.keys()) {
          if (total <= maxKept) break;
          if (oldKey !== key) forget(oldKey);
          else break;
        }
      }
      return ids;
    },
  };
}

/** A page of `ids`: the slice the list's offset and limit name. */
export function pageOf(ids: string[], limit: number, offset: number): string[] {
  return ids.slice(offset, offset + limit);
}

/** `rows` in the order of `ids` (an `IN` list answers in any order). */
export function inOrderOf<T extends { id: string }>(ids: string[], rows: T[]): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
