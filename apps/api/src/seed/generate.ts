/**
 * Turns the words of catalogue-data.ts into product rows. Shared by the demo catalogue
 * (200 products with exact proportions) and the bulk generator (any number, random
 * proportions), so both look alike.
 */
import type { Size } from '@shop/shared';
import type { products, productVariants } from '../db/schema/index.ts';
import { CATEGORIES, type SubSpec } from './catalogue-data.ts';
import type { ArtKind } from './art.ts';
import { createRandom, type Random } from './random.ts';

export type NewProduct = typeof products.$inferInsert;

/** What is on sale of a generated product: one size in one colour, its stock and pictures (by key). */
export interface VariantDraft {
  size: string;
  color: string;
  counter: number;
  pictures: string[];
}

/** A generated product before it is written: its pictures named by key, not yet by id, and its variants. */
export type ProductDraft = Omit<NewProduct, 'images'> & { pictures: string[]; variants: VariantDraft[] };

/** A generated variant ready to insert, once its product has an id. */
export type NewVariant = Omit<typeof productVariants.$inferInsert, 'productId'>;

export interface Named {
  id: string;
  name: string;
}

/** The seeded taxonomy, by the names used in catalogue-data.ts. */
export interface Taxonomy {
  categories: Map<string, Named>;
  subs: Map<string, Named>;
  subsubs: Map<string, Named>;
  brands: Map<string, Named>;
}

/**
 * A picture of the catalogue: an art kind of a category, drawn in a colour. Products name
 * their pictures by key; the seed renders each key once and stores the ids (catalogue.ts).
 */
export function pictureKey(category: string, kind: ArtKind, colour: string): string {
  return `${category}|${kind}|${colour}`;
}

export function parsePictureKey(key: string): { category: string; kind: ArtKind; colour: string } {
  const [category = '', kind = 'texture', colour = ''] = key.split('|');
  return { category, kind: kind as ArtKind, colour };
}

/** Picture ids by key. */
export type PictureIds = Record<string, string>;

const CLOTHING_SIZES: Size[] = ['small', 'medium', 'large', 'extra-large'];
const DAY_MS = 24 * 60 * 60 * 1000;

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A naira amount rounded to `step`, in kobo. */
const koboBetween = (rng: Random, [min, max]: [number, number], step = 500) =>
  rng.int(Math.ceil(min / step), Math.floor(max / step)) * step * 100;

export interface GenerateOptions {
  rng: Random;
  sub: SubSpec;
  taxonomy: Taxonomy;
  /** Start the title with the colour ("Emerald Adire Silk Maxi Dress"), for more varied bulk titles. */
  colourInTitle?: boolean;
  onSale: boolean;
  outOfStock: boolean;
  /** Creation time, spread back from `now` over `spreadDays`. */
  now: number;
  spreadDays: number;
}

/** How many colours each kind of item is stocked in (a shop carries a style in a few colours, not all). */
const COLOURS_PER_KIND = 3;

/**
 * The colours a kind of item comes in: COLOURS_PER_KIND of its category's colours, a
 * different run of them for each kind. Keeps the pictures to draw (one per kind and colour)
 * to about a hundred.
 */
export function stockedColours(colours: string[], kind: ArtKind): string[] {
  if (colours.length <= COLOURS_PER_KIND) return colours;
  const start = [...kind].reduce((sum, ch) => sum + ch.charCodeAt(0), 0) % colours.length;
  return Array.from({ length: COLOURS_PER_KIND }, (_, i) => colours[(start + i) % colours.length] as string);
}

export function generateProduct(o: GenerateOptions): ProductDraft {
  const { rng, sub, taxonomy } = o;
  const item = rng.pick(sub.items);
  const modifier = rng.pick(sub.modifiers);
  const categorySpec = CATEGORIES.find((c) => c.name === sub.category);
  const colours = categorySpec?.colours ?? ['Natural'];
  // "Indigo Adire ..." is indigo and "Chunky Gold ..." is gold; other items come in one of
  // the colours their kind is stocked in.
  const named = colours.filter((c) => modifier.toLowerCase().includes(c.toLowerCase())).sort((a, b) => b.length - a.length)[0];
  const stocked = stockedColours(colours, item.art);
  // Clothes come in one to three colours, other goods in one.
  const productColours = named
    ? [named]
    : sub.clothing
      ? rng.shuffle(stocked).slice(0, rng.pick([1, 1, 2, 2, 3]))
      : [rng.pick(stocked)];
  const colour = productColours[0] ?? 'Natural';
  const brand = taxonomy.brands.get(rng.pick(sub.brands));
  const subsubName = Object.entries(sub.modifierSubsubs ?? {}).find(([word]) => modifier.includes(word))?.[1] ?? item.subsub;

  const values = { colour: colour.toLowerCase(), item: item.noun.toLowerCase(), brand: brand?.name ?? 'our studio' };
  const sentenceCount = rng.int(2, Math.min(4, sub.sentences.length));
  // The first sentence introduces the item; the others follow in a random order.
  const [lead, ...others] = sub.sentences;
  const description = [lead ?? '', ...rng.shuffle(others).slice(0, sentenceCount - 1)]
    .map((s) => capitalise(fill(s, values)))
    .join(' ');

  const price = koboBetween(rng, item.price);
  let discount = 0;
  if (o.onSale) {
    // 10–30 % off, rounded to ₦500, always less than the price.
    const percent = rng.int(10, 30);
    discount = Math.min(Math.max(50_000, Math.round((price * percent) / 100 / 50_000) * 50_000), price - 100);
  }
  // Clothes in three or four sizes; jewellery, beauty and home goods have no options.
  let sizes: string[] = [''];
  if (sub.clothing) {
    const count = rng.int(3, 4);
    const from = rng.int(0, CLOTHING_SIZES.length - count);
    sizes = CLOTHING_SIZES.slice(from, from + count);
  }
  // Uneven stock: the middle sizes sell most, and some combinations are sold out.
  const variants: VariantDraft[] = productColours.flatMap((c) =>
    sizes.map((size) => {
      const popular = size === 'medium' || size === 'large' || size === '';
      const counter = o.outOfStock || rng.chance(0.18) ? 0 : popular ? rng.int(4, 40) : rng.int(1, 12);
      return {
        size,
        color: c,
        counter,
        pictures: [pictureKey(sub.category, item.art, c), pictureKey(sub.category, 'texture', c)],
      };
    }),
  );
  if (!o.outOfStock && variants.every((v) => v.counter === 0) && variants[0]) variants[0].counter = rng.int(2, 20);
  const createdAt = new Date(o.now - Math.floor(rng.next() * o.spreadDays * DAY_MS));

  return {
    title: o.colourInTitle && !named ? `${colour} ${modifier} ${item.noun}` : `${modifier} ${item.noun}`,
    heading: capitalise(fill(rng.pick(sub.headings), values)),
    description,
    price,
    discount,
    color: colour,
    brandId: brand?.id ?? null,
    brandName: brand?.name ?? '',
    categoryId: taxonomy.categories.get(sub.category)?.id ?? null,
    subId: taxonomy.subs.get(sub.name)?.id ?? null,
    subsubId: subsubName ? (taxonomy.subsubs.get(subsubName)?.id ?? null) : null,
    // For each colour, the item in it, then a close-up of the category's print or material in it.
    pictures: variants.flatMap((v) => v.pictures).filter((key, i, all) => all.indexOf(key) === i),
    variants,
    createdAt,
    updatedAt: createdAt,
  };
}

const SIZE_CODES: Record<string, string> = { small: 'S', medium: 'M', large: 'L', 'extra-large': 'XL', 'one size': 'OS' };

/** A generated SKU: PREFIX-000042-M-MUSTARD (a prefix per generator keeps them unique in the shop). */
export function generatedSku(prefix: string, n: number, size: string, color: string): string {
  const parts = [`${prefix}-${String(n).padStart(6, '0')}`];
  if (size) parts.push(SIZE_CODES[size] ?? size.toUpperCase());
  const colour = color
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase()
    .slice(0, 12);
  if (colour) parts.push(colour);
  return parts.join('-');
}

const pictureIds = (keys: string[], ids: PictureIds) =>
  keys.map((key) => {
    const id = ids[key];
    if (!id) throw new Error(`picture ${key} was not rendered`);
    return id;
  });

/** The product row to insert: the draft with its pictures' ids (every key must have been drawn). */
export function withPictureIds({ pictures, variants: _variants, ...draft }: ProductDraft, ids: PictureIds): NewProduct {
  return { ...draft, images: pictureIds(pictures, ids) };
}

/**
 * A demo variant's cost price: 40 to 65 % of the product's price, to ₦50, drawn from its SKU's
 * own generator (the catalogue's draws stay as they were), so the reports show a true margin.
 */
export function demoCost(sku: string, price: number): number {
  const percent = createRandom(`cost:${sku}`).int(40, 65);
  return Math.round((price * percent) / 100 / 5_000) * 5_000;
}

/** The variant rows of a draft, numbered `n` for their SKUs. */
export function draftVariants(draft: ProductDraft, ids: PictureIds, skuPrefix: string, n: number): NewVariant[] {
  return draft.variants.map((v, position) => {
    const sku = generatedSku(skuPrefix, n, v.size, v.color);
    return {
      sku,
      size: v.size,
      color: v.color,
      counter: v.counter,
      cost: demoCost(sku, draft.price),
      position,
      images: pictureIds(v.pictures, ids),
    };
  });
}
