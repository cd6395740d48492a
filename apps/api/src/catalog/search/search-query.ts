/**
 * Searching as the shopper types, and correcting what finds nothing.
 *
 * Suggestions are one statement: the products whose title, heading or brand have the words
 * typed (the last one as the start of a word: productsMatching), and the categories and
 * brands whose names contain the text. Products are ranked in
 * stock first, then a word of the title starting with the text, then the title containing it,
 * then the most reviewed, then the newest. Ranking every match would read thousands of rows
 * for a common word ("dress" is in 12% of the catalogue: 40–150 ms at 100,000 products), and
 * taking the newest matches first walks products_latest_idx, which PostgreSQL may choose for a
 * word it wrongly thinks common and then reads half the table. So the ranking is of the first
 * CANDIDATES matches found, in no order: all of them for all but common words (found through
 * the full-text index, products_search_vector_idx: a word's posting list, where the trigram
 * index intersected the lists of every three letters of the text, 17 ms for a whole title at
 * 100,000 products), and for a common word the first pages of the table hold enough. Either
 * way a search reads at most a few hundred rows.
 *
 * A correction is one more statement: each word typed is replaced by the most similar word
 * (pg_trgm's `%`, similarity at least 0.3) of the shop's titles and brand names
 * (search_words, kept by trigger) or of its category and brand names ("ankra" → "ankara",
 * "aso-oke" → "aso oke", "geles" → "gele").
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { brands, categories, products, searchWords, subs, subsubs } from '../../db/schema/index.ts';
import { escapeLike } from '../../lib/like.ts';
import { rowsOf } from '../../db/client.ts';

/** Matches ranked per suggestion request: enough that the best few are among them. */
const CANDIDATES = 300;
/** Categories (of all levels) and brands suggested at most. */
const NAMES = 4;
/** Words shorter than this are left as typed: three letters are pg_trgm's unit. */
const MIN_WORD = 3;

export interface SuggestedProduct {
  id: string;
  title: string;
  brand: string;
  image: string | null;
  /** Kobo. */
  price: number;
  discount: number;
  salePrice: number;
  minSalePrice: number;
}

export interface SuggestionRows {
  products: SuggestedProduct[];
  categories: { id: string; name: string; kind: 'category' | 'sub' | 'subsub'; parent: string }[];
  brands: { id: string; name: string }[];
}

/** The words of a search: letters and digits, as search_words splits titles. */
const wordsOf = (text: string) => text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/**
 * The products a suggestion looks at: those with every word typed, the last one as the start
 * of a word ("ankara wr" finds "Ankara Wrap Dress"), through the full-text index
 * (products_search_vector_idx). After other words, a last word of one or two letters is
 * looked for in their products' text instead: as a prefix it would merge the lists of every
 * word starting with those letters, when the other words have already found few products.
 * Text with no letters or digits is looked for as it is.
 */
function productsMatching(words: string[], contains: string): SQL {
  if (words.length === 0) return sql`${products.searchText} like ${contains}`;
  const last = words.at(-1)!;
  const whole = words.slice(0, -1);
  const vector = (terms: string[]) => sql`${products.searchVector} @@ to_tsquery('simple', ${terms.join(' & ')})`;
  if (last.length >= MIN_WORD || whole.length === 0) return vector([...whole, `${last}:*`]);
  return sql`${vector(whole)} and ${products.searchText} like ${`%${escapeLike(last)}%`}`;
}

/** A POSIX regular expression matching `text` literally. */
const regexLiteral = (text: string) => text.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&');

/** `text` at the start of a word of `column`, lower-cased. */
const startsWord = (column: SQL, text: string) => sql`(lower(${column}) ~ ${`(^|[^[:alnum:]])${regexLiteral(text)}`})`;

/**
 * Products, categories and brands containing `text` (normalised: lower-case, single spaces),
 * in one statement.
 */
export async function findSuggestions(db: Db, text: string, limit: number): Promise<SuggestionRows> {
  const contains = `%${escapeLike(text)}%`;
  const words = wordsOf(text);
  // A name matches the text as typed, or its words in a row whatever is between them
  // ("aso-oke" finds "Aso Oke Wrappers").
  const spaced = `%${escapeLike(words.join(' '))}%`;
  const nameMatches = (name: SQL) =>
    words.length === 0
      ? sql`lower(${name}) like ${contains}`
      : sql`(lower(${name}) like ${contains} or regexp_replace(lower(${name}), '[^[:alnum:]]+', ' ', 'g') like ${spaced})`;
  const result = await rowsOf<Partial<SuggestionRows>>(
    db,
    sql`
    with hits as (
      select ${products.id} as id, ${products.title} as title, ${products.brandName} as brand, ${products.images}[1] as image,
        ${products.price} as price, ${products.discount} as discount, ${products.salePrice} as sale_price,
        ${products.minSalePrice} as min_sale_price, ${products.availability} as availability,
        ${products.ratingCount} as rating_count, ${products.createdAt} as created_at
      from ${products}
      where ${productsMatching(words, contains)}
      limit ${CANDIDATES}
    ),
    ranked as (
      select id, title, brand, image, price, discount, sale_price as "salePrice", min_sale_price as "minSalePrice"
      from hits
      order by (availability = 'In Stock') desc, ${startsWord(sql`title`, text)} desc, (lower(title) like ${contains}) desc,
        rating_count desc, created_at desc nulls last, id desc
      limit ${limit}
    ),
    names as (
      select id, name, 'category' as kind, '' as parent, 1 as level
      from ${categories} where ${nameMatches(sql`name`)}
      union all
      select sub.id, sub.name, 'sub', coalesce(parent.name, ''), 2
      from ${subs} sub left join ${categories} parent on parent.id = sub.category_id where ${nameMatches(sql`sub.name`)}
      union all
      select subsub.id, subsub.name, 'subsub', coalesce(parent.name, ''), 3
      from ${subsubs} subsub left join ${subs} parent on parent.id = subsub.sub_id where ${nameMatches(sql`subsub.name`)}
    )
    select
      (select coalesce(json_agg(ranked), '[]') from ranked) as products,
      (select coalesce(json_agg(n), '[]') from (
        select id, name, kind, parent from names order by ${startsWord(sql`name`, text)} desc, level, lower(name) limit ${NAMES}
      ) n) as categories,
      (select coalesce(json_agg(b), '[]') from (
        select id, name from ${brands}
        where ${nameMatches(sql`name`)}
        order by ${startsWord(sql`name`, text)} desc, lower(name) limit ${NAMES}
      ) b) as brands`,
  );
  const row = result[0];
  return { products: row?.products ?? [], categories: row?.categories ?? [], brands: row?.brands ?? [] };
}

/**
 * The search corrected word by word ("ankra" → "ankara", "aso-oke" → "aso oke"), or null
 * when no word has a better spelling in the shop. `text` is normalised (lower-case).
 */
export async function correctSearch(db: Db, text: string): Promise<string | null> {
  const words = wordsOf(text);
  const toCorrect = words.filter((w) => w.length >= MIN_WORD);
  if (toCorrect.length === 0) return null;
  // The shop's words: its titles' and brands' (search_words), and its category names'.
  const nameWords = sql`
    select w from (
      select name from ${categories} union all select name from ${subs} union all select name from ${subsubs}
      union all select name from ${brands}
    ) names cross join lateral product_search_words(names.name, '') as w`;
  const result = await rowsOf<{ typed: string; word: string }>(
    db,
    sql`
    select typed.word as typed, best.word
    from unnest(array[${sql.join(
      toCorrect.map((w) => sql`${w}`),
      sql`, `,
    )}]::text[]) as typed(word)
    cross join lateral (
      select candidate.word from (
        select ${searchWords.word} as word from ${searchWords} where ${searchWords.word} % typed.word
        union
        select name_word.w from (${nameWords}) name_word where name_word.w % typed.word
      ) candidate
      order by similarity(candidate.word, typed.word) desc, abs(length(candidate.word) - length(typed.word)), candidate.word
      limit 1
    ) best`,
  );
  const best = new Map(result.map((r) => [r.typed, r.word]));
  const corrected = words.map((w) => best.get(w) ?? w).join(' ');
  return corrected === text ? null : corrected;
}
