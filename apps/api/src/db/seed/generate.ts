/**
 * Turns the words of catalogue-data.ts into product rows. Shared by the demo catalogue
 * (200 products with exact proportions) and the bulk generator (any number, random
 * proportions), so both look alike.
 */
import type { Size } from '@shop/shared';
import type { products } from '../schema/index.ts';
import { CATEGORIES, type SubSpec } from './catalogue-data.ts';
import type { Random } from './random.ts';

export type NewProduct = typeof products.$inferInsert;

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

/** Image ids of the picture pool: category name → art kind → ids. */
export type ImagePool = Record<string, Record<string, string[]>>;

const CLOTHING_SIZES: Size[] = ['small', 'medium', 'large', 'extra-large'];
const DAY_MS = 24 * 60 * 60 * 1000;

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A naira amount rounded to `step`, in kobo. */
const koboBetween = (rng: Random, [min, max]: [number, number], step = 500) =>
  rng.int(Math.ceil(min / step), Math.floor(max / step)) * step * 100;

/** 2–4 distinct images: the product's own kind first, then close-ups, then its sub-category's other kinds. */
function pickImages(rng: Random, sub: SubSpec, art: string, pool: ImagePool): string[] {
  const category = pool[sub.category] ?? {};
  const own = rng.shuffle(category[art] ?? []);
  const textures = rng.shuffle(category.texture ?? []);
  const siblings = rng.shuffle(
    [...new Set(sub.items.map((i) => i.art))].filter((k) => k !== art).flatMap((k) => category[k] ?? []),
  );
  const [first, ...restOwn] = own;
  const candidates = [...new Set([...(first ? [first] : []), ...rng.shuffle([...restOwn, ...textures]), ...siblings])];
  return candidates.slice(0, Math.min(rng.int(2, 4), candidates.length));
}

export interface GenerateOptions {
  rng: Random;
  sub: SubSpec;
  taxonomy: Taxonomy;
  pool: ImagePool;
  /** Start the title with the colour ("Emerald Adire Silk Maxi Dress"), for more varied bulk titles. */
  colourInTitle?: boolean;
  onSale: boolean;
  outOfStock: boolean;
  /** Creation time, spread back from `now` over `spreadDays`. */
  now: number;
  spreadDays: number;
}

export function generateProduct(o: GenerateOptions): NewProduct {
  const { rng, sub, taxonomy } = o;
  const item = rng.pick(sub.items);
  const modifier = rng.pick(sub.modifiers);
  const categorySpec = CATEGORIES.find((c) => c.name === sub.category);
  const colours = categorySpec?.colours ?? ['Natural'];
  // "Indigo Adire ..." is indigo and "Chunky Gold ..." is gold; other items get a colour at random.
  const named = colours.filter((c) => modifier.toLowerCase().includes(c.toLowerCase())).sort((a, b) => b.length - a.length)[0];
  const colour = named ?? rng.pick(colours);
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
  let sizes: Size[] = ['one size'];
  if (sub.clothing) {
    const from = rng.int(0, 1);
    const to = rng.int(Math.max(from + 1, 2), CLOTHING_SIZES.length - 1);
    sizes = CLOTHING_SIZES.slice(from, to + 1);
  }
  const counter = o.outOfStock ? 0 : rng.chance(0.85) ? rng.int(3, 60) : rng.int(61, 140);
  const createdAt = new Date(o.now - Math.floor(rng.next() * o.spreadDays * DAY_MS));

  return {
    title: o.colourInTitle && !named ? `${colour} ${modifier} ${item.noun}` : `${modifier} ${item.noun}`,
    heading: capitalise(fill(rng.pick(sub.headings), values)),
    description,
    price,
    discount,
    color: colour,
    sizes,
    counter,
    availability: counter === 0 ? 'Out of Stock' : 'In Stock',
    brandId: brand?.id ?? null,
    brandName: brand?.name ?? '',
    categoryId: taxonomy.categories.get(sub.category)?.id ?? null,
    subId: taxonomy.subs.get(sub.name)?.id ?? null,
    subsubId: subsubName ? (taxonomy.subsubs.get(subsubName)?.id ?? null) : null,
    images: pickImages(rng, sub, item.art, o.pool),
    createdAt,
    updatedAt: createdAt,
  };
}
