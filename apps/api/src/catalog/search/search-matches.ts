/**
 * The products a title search matches, in each sort's order, kept between catalogue changes
 * that cannot alter them, and brought up to date after those that can (issue 15's cold path).
 *
 * A search's page needs every match: the trigram index finds them in no useful order, so the
 * page sorts them all and the total counts them all, each reading every matching product
 * (1,689 for "berry" at 100,000 products: about 4 ms apiece). Yet most catalogue changes are
 * sales and stock counts, which change neither what a search matches nor the order: only new
 * or deleted products and edits of the title, heading, brand name, price, discount or creation
 * time do. Those bump the catalogue's `search` version and log the products they changed under
 * it (migration 0016, in the writing transaction, like every cache version):
 * - at the same `search` version, a search reads its 48 products by id, as fresh as the
 *   list's, and takes its total from here;
 * - at a later one, it reads which products changed since (the log), checks only those
 *   against its words, and moves them in or out of its matches in the sort's order. The
 *   title sort is found again instead: its order is the database's collation, which this
 *   process cannot reproduce;
 * - when the log cannot say (a truncate, more than MAX_CHANGES products, or versions already
 *   pruned), every search is found again, as after a restart.
 *
 * Only a search with no other filter is kept (the others' matches move with stock). A search
 * matching more than MAX_MATCHES products is not kept: it is answered as before, and the
 * plain list's index serves its page.
 */

/** The matches a search may have and still be kept (a uuid is about 50 bytes kept). */
export const MAX_MATCHES = 20_000;
/** The matches kept in all, across searches: about 10 MB. */
const MAX_KEPT = 200_000;
/** The changed products a step between versions may have and still be applied, not found again. */
export const MAX_CHANGES = 1_000;

/** A matching product and its value for the sort (created_at in µs, or the sale price in kobo). */
export interface Match {
  id: string;
  key: number | null;
}

/** What changed after one version, up to a later one: the products, and those of them that match now. */
export interface Changes {
  changed: string[];
  now: Match[];
}

/** How one search (one sort of one set of words) finds its matches. */
export interface MatchSource {
  /** Every match in the sort's order, at most MAX_MATCHES + 1. */
  find(): Promise<Match[]>;
  /**
   * How its matches are brought from one version to a later one; none: found again (the title
   * sort, whose order is the database's collation).
   */
  incremental?: {
    /** The changes after `from` up to `to`; `undefined` when the log cannot tell (see above). */
    changes(from: number, to: number): Promise<Changes | undefined>;
    /** The sort's order, as the database sorts. */
    compare(a: Match, b: Match): number;
  };
}

/** A search's matches, each id once, in order (`undefined`: too many to keep). */
interface Found {
  matches: Match[];
  ids: string[];
}

/** Work done once, when first asked for. */
interface Lazy<T> {
  readonly started: boolean;
  get(): Promise<T>;
}

function lazy<T>(make: () => Promise<T>): Lazy<T> {
  let work: (() => Promise<T>) | undefined = make;
  let made: Promise<T> | undefined;
  return {
    get started() {
      return work === undefined;
    },
    get() {
      if (work) {
        made = work();
        // Let go of the work and what it holds (an earlier version's matches).
        work = undefined;
      }
      return made!;
    },
  };
}

interface Entry {
  source: MatchSource;
  /** This search's matches at the current version. */
  matches: Lazy<Found | undefined>;
  /** What `matches` will be worked out from, until it starts: an earlier version's matches. */
  basis?: { version: number; matches: Lazy<Found | undefined> };
  /** Ids counted against MAX_KEPT: those of `matches` once worked out, those of `basis` until then. */
  size: number;
  settled: boolean;
}

export type SearchMatches = ReturnType<typeof createSearchMatches>;

function found(matches: Match[]): Found | undefined {
  return matches.length > MAX_MATCHES ? undefined : { matches, ids: matches.map((m) => m.id) };
}

/** `before` with `changed` taken out and `now` (those of them that match now) put in, in order. */
export function applyChanges(before: Match[], { changed, now }: Changes, compare: (a: Match, b: Match) => number): Match[] {
  const gone = new Set(changed);
  const after = before.filter((m) => !gone.has(m.id));
  for (const match of now) {
    let low = 0;
    let high = after.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compare(after[middle]!, match) < 0) low = middle + 1;
      else high = middle;
    }
    after.splice(low, 0, match);
  }
  return after;
}

export function createSearchMatches({ maxKept = MAX_KEPT } = {}) {
  let version: number | undefined;
  let kept = new Map<string, Entry>();
  let total = 0;

  function forget(key: string, entry: Entry) {
    if (kept.get(key) !== entry) return;
    kept.delete(key);
    total -= entry.size;
  }

  /** Matches at `to` from those at `basis`: one query for what changed between, and the merge. */
  function broughtUp(source: MatchSource, basis: NonNullable<Entry['basis']>, to: number) {
    const { incremental } = source;
    return lazy(async () => {
      // An earlier request's failure is not this one's: found again.
      const earlier = basis.matches.get().catch(() => undefined);
      const [was, changes] = await Promise.all([earlier, incremental!.changes(basis.version, to)]);
      if (!was || !changes) return found(await source.find());
      if (changes.changed.length === 0) return was;
      return found(applyChanges(was.matches, changes, incremental!.compare));
    });
  }

  /**
   * Moves to a later `search` version: each kept search becomes the work of bringing it up
   * to date, done when it is next asked for. A search not asked for since an earlier move is
   * brought from the version it was last worked out at, in one step.
   */
  function advance(to: number) {
    const from = version;
    const before = kept;
    version = to;
    kept = new Map();
    total = 0;
    if (from === undefined) return;
    for (const [key, entry] of before) {
      if (!entry.source.incremental) continue;
      const basis = entry.matches.started ? { version: from, matches: entry.matches } : entry.basis;
      if (!basis) continue;
      kept.set(key, {
        source: entry.source,
        matches: broughtUp(entry.source, basis, to),
        basis,
        size: entry.size,
        settled: false,
      });
      total += entry.size;
    }
  }

  return {
    /**
     * The ids `source` matches for this search at this `search` version, worked out once per
     * version (concurrent requests share it); `undefined`: too many to keep.
     */
    async ids(searchVersion: number, key: string, source: MatchSource): Promise<string[] | undefined> {
      if (version === undefined || searchVersion > version) advance(searchVersion);
      else if (searchVersion < version) {
        // A request that read its versions before another moved them on: answered, not kept.
        return found(await source.find())?.ids;
      }
      let entry = kept.get(key);
      if (!entry) {
        entry = { source, matches: lazy(async () => found(await source.find())), size: 0, settled: false };
        kept.set(key, entry);
      }
      let result: Found | undefined;
      try {
        result = await entry.matches.get();
      } catch (error) {
        forget(key, entry);
        throw error;
      }
      if (!entry.settled && kept.get(key) === entry) {
        entry.settled = true;
        delete entry.basis;
        const size = Math.max(1, result?.ids.length ?? 0);
        total += size - entry.size;
        entry.size = size;
        // Map keeps insertion order: the oldest searches go first.
        for (const [oldKey, old] of kept) {
          if (total <= maxKept || oldKey === key) break;
          forget(oldKey, old);
        }
      }
      return result?.ids;
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
