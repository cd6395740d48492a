/**
 * The catalogue feeds (issue 31): the shop's products for Google Merchant Center
 * (/feeds/google.xml: RSS 2.0 with Google's `g:` namespace) and for Meta's catalogues, which
 * Instagram and WhatsApp shops read (/feeds/meta.csv: Meta's column names). One item per
 * variant on sale, grouped by its product (`item_group_id`), with the fields both specs ask of
 * a shop like this one and no others:
 *
 * - `id` the variant's UUID, `item_group_id` the product's; `title` (150 characters at most,
 *   Google's limit) and `description` as plain text (tags dropped, entities read, 5,000
 *   characters at most), the product's heading or title when it has no description;
 * - `link` the product page with the variant chosen (`?variant=`), `image_link` the sharing
 *   JPEG of the variant's first colour photo (the product's first when its colour has none),
 *   both absolute on PUBLIC_URL (or the image bucket's URL);
 * - `availability` from the variant's stock, in each spec's words; `condition` new;
 * - `price` and `sale_price` (when marked down) as "12500.00 NGN";
 * - `brand` (the shop's name when the product has none: Google requires one), `color`, `size`;
 * - `gender`, `age_group` and `google_product_category` from the product's category, left
 *   out when the category has none.
 *
 * Left out: paused products, archived variants, and products without a photo (both
 * services refuse an item without an image). The variants of one product follow each other,
 * newest products first. Built whole per catalogue version by the read cache (seo/routes.ts):
 * a few megabytes for thousands of variants.
 */
import { productVariantPath } from '@shop/shared/paths';
import { koboToNairaText, salePrice } from '@shop/shared';
import { and, asc, desc, eq, isNull, not } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { categories, products, productVariants } from '../db/schema/index.ts';
import { csvRow } from '../lib/csv.ts';
import { escapeXml } from './sitemap-service.ts';

export const GOOGLE_FEED_TYPE = 'application/rss+xml; charset=utf-8';
export const META_FEED_TYPE = 'text/csv; charset=utf-8';

/** Google's limits (Meta's are higher: 200 and 9,999). */
export const TITLE_MAX = 150;
export const DESCRIPTION_MAX = 5000;

/** The fields of an item, in Meta's column order; Google's elements are the same names under `g:`. */
export const FEED_FIELDS = [
  'id',
  'item_group_id',
  'title',
  'description',
  'availability',
  'condition',
  'price',
  'sale_price',
  'link',
  'image_link',
  'brand',
  'color',
  'size',
  'gender',
  'age_group',
  'google_product_category',
] as const;
export type FeedField = (typeof FEED_FIELDS)[number];
export type FeedItem = Partial<Record<FeedField, string>>;

export interface FeedOptions {
  /** PUBLIC_URL, without a trailing slash. */
  publicUrl: string;
  shopName: string;
  /** The sharing JPEG's URL of an image id (a path on local disk, absolute on a bucket). */
  shareUrl: (imageId: string) => string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Text a feed may carry: tags dropped, entities read, control characters and runs of spaces made one space. */
export function plainText(text: string): string {
  return text
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
      }
      return ENTITIES[name.toLowerCase()] ?? entity;
    })
    .replace(/[<>]/g, ' ')
    .replace(/[\p{Cc}\p{Cs}\s]+/gu, ' ')
    .trim();
}

/** At most `max` characters, cut at a word when one ends near the limit, with an ellipsis. */
function cut(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  const head = chars.slice(0, max - 1).join('');
  const space = head.lastIndexOf(' ');
  return `${space > max * 0.8 ? head.slice(0, space) : head}…`;
}

const money = (kobo: number) => `${koboToNairaText(kobo)} NGN`;

/** Every item of the feeds, in order (see the module's comment). */
export async function feedItems(db: Db, options: FeedOptions): Promise<FeedItem[]> {
  const rows = await db
    .select({
      productId: products.id,
      title: products.title,
      heading: products.heading,
      description: products.description,
      price: products.price,
      discount: products.discount,
      brand: products.brandName,
      images: products.images,
      variantId: productVariants.id,
      size: productVariants.size,
      color: productVariants.color,
      variantPrice: productVariants.price,
      variantDiscount: productVariants.discount,
      counter: productVariants.counter,
      variantImages: productVariants.images,
      gender: categories.gender,
      ageGroup: categories.ageGroup,
      googleProductCategory: categories.googleProductCategory,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(and(not(products.paused), isNull(productVariants.archivedAt)))
    .orderBy(desc(products.createdAt), desc(products.id), asc(productVariants.position), asc(productVariants.id));

  const absolute = (url: string) => (url.startsWith('/') ? `${options.publicUrl}${url}` : url);
  const items: FeedItem[] = [];
  for (const row of rows) {
    const image = row.variantImages.find((id) => row.images.includes(id)) ?? row.images[0];
    if (!image) continue;
    const price = row.variantPrice ?? row.price;
    const sale = salePrice(price, row.variantDiscount ?? row.discount);
    const title = plainText(row.title);
    const description = plainText(row.description) || plainText(row.heading) || title;
    items.push({
      id: row.variantId,
      item_group_id: row.productId,
      title: cut(title, TITLE_MAX),
      description: cut(description, DESCRIPTION_MAX),
      availability: row.counter > 0 ? 'in_stock' : 'out_of_stock',
      condition: 'new',
      price: money(price),
      sale_price: sale < price ? money(sale) : undefined,
      link: `${options.publicUrl}${productVariantPath(row.productId, row.variantId)}`,
      image_link: absolute(options.shareUrl(image)),
      brand: cut(plainText(row.brand) || options.shopName, TITLE_MAX),
      color: plainText(row.color) || undefined,
      size: plainText(row.size) || undefined,
      gender: row.gender ?? undefined,
      age_group: row.ageGroup ?? undefined,
      google_product_category: row.googleProductCategory ?? undefined,
    });
  }
  return items;
}

/** Google's product data in RSS 2.0 (https://support.google.com/merchants/answer/7052112). */
export function googleFeed(items: readonly FeedItem[], options: Pick<FeedOptions, 'publicUrl' | 'shopName'>): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">',
    '<channel>',
    `<title>${escapeXml(options.shopName)}</title>`,
    `<link>${escapeXml(`${options.publicUrl}/`)}</link>`,
    `<description>${escapeXml(`The products of ${options.shopName}`)}</description>`,
  ];
  for (const item of items) {
    lines.push('<item>');
    for (const field of FEED_FIELDS) {
      const value = item[field];
      if (value !== undefined) lines.push(`<g:${field}>${escapeXml(value)}</g:${field}>`);
    }
    lines.push('</item>');
  }
  lines.push('</channel>', '</rss>', '');
  return lines.join('\n');
}

/** Meta's availability words have a space where Google's have an underscore. */
const META_AVAILABILITY: Record<string, string> = { in_stock: 'in stock', out_of_stock: 'out of stock' };

/** Meta's catalogue CSV (https://www.facebook.com/business/help/120325381656392): a header of its column names, a row per item. */
export function metaFeed(items: readonly FeedItem[]): string {
  return [
    csvRow(FEED_FIELDS),
    ...items.map((item) =>
      csvRow(FEED_FIELDS.map((field) => (field === 'availability' ? META_AVAILABILITY[item.availability!] : item[field]))),
    ),
  ].join('');
}
