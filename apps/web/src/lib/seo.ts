/**
 * What a page says about itself to search engines and to apps a link is pasted in: the
 * head tags (title, description, robots, canonical link, Open Graph, Twitter card) and the
 * JSON-LD (schema.org Product, BreadcrumbList, Organization and WebSite, BlogPosting).
 * Pure builders; components/seo.tsx renders them, and only page modules import either, so
 * none of it is in the storefront's entry bundle.
 *
 * The Product markup follows Google's merchant listing rules: name, image, an Offer per
 * thing for sale with its price in NGN, availability from its stock and item condition;
 * brand, SKU, description, the return policy the shop states; the rating and reviews only
 * when there are reviews. A product sold in sizes or colours has one Offer per variant, each
 * with its own SKU, price and availability, rather than an AggregateOffer (schema.org's type
 * for one product sold by several sellers; a price range Google reads for product snippets):
 * merchant listings want an Offer with a price, Google's variant guidance asks for an
 * identifier per variant, and a price range could not say which size is sold out. No shippingDetails: its rate is required and depends
 * on the delivery zone and method chosen at checkout, which the product page does not know.
 */
import type { ProductDetail } from '@shop/shared/catalog';
import { BLOG_EXCERPT_CHARS, CURRENCY } from '@shop/shared/constants';
import type { Post } from '@shop/shared/content';
import { formatNairaAmount } from '@shop/shared/money';
import { postPath, productPath } from '@shop/shared/paths';
import type { Review } from '@shop/shared/reviews';
import { truncate } from '@shop/shared/text';
import { FALLBACK_IMAGE, UPLOAD_WIDTHS } from './images.ts';
import { canonicalUrl } from './canonical-url.ts';
import { absoluteUrl } from './public-origin.ts';

/**
 * The shop's name until its settings are loaded: DEFAULT_STORE_SETTINGS.storeName, written
 * here because that module defines zod schemas too (seo.test.ts checks they agree).
 */
export const DEFAULT_SHOP_NAME = 'Adire';

/** What the home page, and the index.html every other page starts from, say the shop is. */
export const SHOP_DESCRIPTION = 'Fashion, beauty, jewellery and home decor, delivered across Nigeria.';

/** The picture a shared link shows when the page has none of its own (1280 × 720). */
export const DEFAULT_SHARE_IMAGE = '/img/banner-dresses-1280.webp';

/** The shop's mark, for Organization.logo. */
const LOGO = '/favicon.svg';

/** Search engines show about this much of a description. */
export const DESCRIPTION_MAX = 160;

/** Returns within 14 days of delivery, as the footer promises every shopper. */
export const RETURN_WINDOW_DAYS = 14;

const SCHEMA = 'https://schema.org';

// ---------------------------------------------------------------- head tags

export type PageType = 'website' | 'product' | 'article';

export interface PageInfo {
  /** The document's <title>; left out where a component of the page renders its own. */
  title?: string;
  /** What a shared link shows as the page's name (og:title); the title by default. */
  name?: string;
  description?: string;
  /** The page's path ('/women') and query ('?sort=latest&sub=Dresses'): its canonical URL. */
  path?: string;
  search?: string;
  /** Keep the page out of search results (cart, account pages, search results, back office). */
  noindex?: boolean;
  type?: PageType;
  /**
   * The picture a shared link shows: an upload (its 1280 px variant is used) or one of ours;
   * with its size, a sharing JPEG (ShareImage) used as it is, with og:image:width and height.
   */
  image?: { url: string; alt: string; width?: number; height?: number } | null;
  siteName?: string;
  /** Naira, on product pages: what it sells for (the lowest of its variants). */
  price?: number;
}

export type HeadTag =
  | { tag: 'meta'; name: string; content: string }
  | { tag: 'meta'; property: string; content: string }
  | { tag: 'link'; rel: 'canonical'; href: string };

/** An image's largest variant, absolute: '/uploads/a-640.webp' → 'https://adire.ng/uploads/a-1280.webp'. */
export function shareImageUrl(url: string): string {
  const largest = UPLOAD_WIDTHS.at(-1)!;
  return absoluteUrl(url.replace(new RegExp(`-(${UPLOAD_WIDTHS.join('|')})\\.webp$`), `-${largest}.webp`));
}

/**
 * The tags a page puts in <head> besides its title. A page kept out of search results
 * needs only its robots tag; any other page gets its canonical link and what a shared link
 * shows (Open Graph, read by WhatsApp, Instagram, Facebook and X; X's card type).
 */
export function headTags(page: PageInfo): HeadTag[] {
  const tags: HeadTag[] = [];
  const meta = (name: string, content: string | undefined) => content && tags.push({ tag: 'meta', name, content });
  const og = (property: string, content: string | undefined) => content && tags.push({ tag: 'meta', property, content });

  meta('description', page.description);
  if (page.noindex) {
    meta('robots', 'noindex');
    return tags;
  }
  const url = page.path === undefined ? undefined : canonicalUrl(page.path, page.search);
  if (url) tags.push({ tag: 'link', rel: 'canonical', href: url });
  og('og:type', page.type ?? 'website');
  og('og:site_name', page.siteName ?? DEFAULT_SHOP_NAME);
  og('og:title', page.name ?? page.title);
  og('og:description', page.description);
  og('og:url', url);
  if (page.image) {
    const { url, alt, width, height } = page.image;
    og('og:image', width && height ? absoluteUrl(url) : shareImageUrl(url));
    if (width && height) {
      og('og:image:width', String(width));
      og('og:image:height', String(height));
    }
    og('og:image:alt', alt);
  }
  if (page.price !== undefined) {
    og('product:price:amount', page.price.toFixed(2));
    og('product:price:currency', CURRENCY);
  }
  meta('twitter:card', page.image ? 'summary_large_image' : 'summary');
  return tags;
}

/** Text as one line: runs of spaces and line breaks become one space. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Sentences joined: a full stop between them unless the first already ends one. */
function sentences(parts: string[]): string {
  return parts
    .map(oneLine)
    .filter(Boolean)
    .reduce((text, part) => (text ? `${text}${/[.!?…]$/.test(text) ? '' : '.'} ${part}` : part), '');
}

// ---------------------------------------------------------------- products

/** What a product sells for, as a shopper reads it: "₦15,000.00", or "from ₦12,000.00" when its sizes cost differently. */
export function productPriceLabel(product: Pick<ProductDetail, 'priceFrom' | 'priceTo'>): string {
  const amount = formatNairaAmount(product.priceFrom);
  return product.priceFrom < product.priceTo ? `from ${amount}` : amount;
}

/** The product's photos, the first the main one. */
const productImages = (product: ProductDetail) =>
  product.imageUrls.length > 0 ? product.imageUrls : product.imageUrl ? [product.imageUrl] : [];

/**
 * The product page's head: "<title> — <brand> | Adire", its heading and description cut to fit
 * with the price, its photo (its sharing JPEG, with its size, when it has one) and price for
 * shared links. With a variant chosen (`?variant=`, the link a feed or a share sends), that
 * variant's colour photo and price; the canonical URL stays the product's.
 */
export function productPage(product: ProductDetail, shopName = DEFAULT_SHOP_NAME, variantId?: string | null): PageInfo {
  const variant = variantId ? product.variants.find((v) => v.id === variantId) : undefined;
  const label = product.brand ? `${product.title} — ${product.brand}` : product.title;
  const priceText = ` — ${variant ? formatNairaAmount(variant.salePrice) : productPriceLabel(product)}`;
  const text =
    sentences([product.heading, product.description]) || `${product.title}${product.brand ? ` by ${product.brand}` : ''}`;
  const image = (variant?.imageUrls.length ? variant.imageUrls : productImages(product))[0];
  const share = image ? product.shareImages?.[image] : undefined;
  return {
    title: `${label} | ${shopName}`,
    name: label,
    description: `${truncate(text, DESCRIPTION_MAX - priceText.length - 3)}${priceText}`,
    path: productPath(product.id),
    type: 'product',
    image: share ? { ...share, alt: product.title } : image ? { url: image, alt: product.title } : null,
    siteName: shopName,
    price: variant ? variant.salePrice : product.priceFrom,
  };
}

const availability = (inStock: boolean) => `${SCHEMA}/${inStock ? 'InStock' : 'OutOfStock'}`;

const returnPolicy = {
  '@type': 'MerchantReturnPolicy',
  applicableCountry: 'NG',
  returnPolicyCategory: `${SCHEMA}/MerchantReturnFiniteReturnWindow`,
  merchantReturnDays: RETURN_WINDOW_DAYS,
} as const;

/**
 * schema.org Product for the product page: one Offer for a product without options (its
 * SKU on the product), one per variant otherwise (each with its SKU). The rating and the
 * reviews shown on the page only when there are some.
 */
export function productJsonLd(product: ProductDetail, reviews: readonly Review[] = []) {
  const url = absoluteUrl(productPath(product.id));
  const offer = (price: number, inStock: boolean, sku?: string) => ({
    '@type': 'Offer',
    ...(sku ? { sku } : {}),
    url,
    price,
    priceCurrency: CURRENCY,
    availability: availability(inStock),
    itemCondition: `${SCHEMA}/NewCondition`,
    hasMerchantReturnPolicy: returnPolicy,
  });
  const variants = product.variants;
  const offers =
    variants.length > 1
      ? variants.map((v) => offer(v.salePrice, v.availability === 'In Stock' && v.counter > 0, v.sku))
      : variants.length === 1
        ? offer(variants[0]!.salePrice, variants[0]!.availability === 'In Stock' && variants[0]!.counter > 0)
        : offer(product.salePrice, product.availability === 'In Stock' && product.counter > 0);
  const images = productImages(product).map(shareImageUrl);
  const description = oneLine(product.description) || oneLine(product.heading);
  const shown = reviews.filter((r) => r.author.trim() !== '');
  return {
    '@context': SCHEMA,
    '@type': 'Product',
    name: product.title,
    ...(description ? { description } : {}),
    ...(images.length > 0 ? { image: images } : {}),
    url,
    ...(variants.length === 1 && variants[0]!.sku ? { sku: variants[0]!.sku } : {}),
    ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand } } : {}),
    offers,
    ...(product.ratingCount > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: Math.round(product.ratingAverage * 100) / 100,
            reviewCount: product.ratingCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    ...(product.ratingCount > 0 && shown.length > 0
      ? {
          review: shown.map((r) => ({
            '@type': 'Review',
            author: { '@type': 'Person', name: r.author },
            datePublished: r.createdAt,
            reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
            ...(r.comment.trim() ? { reviewBody: r.comment.trim() } : {}),
          })),
        }
      : {}),
  };
}

// ---------------------------------------------------------------- listings

export interface ListingInfo {
  /** What the page lists: 'Women', 'Sale', a brand's name. */
  heading: string;
  /** The sub-category chosen ('Dresses'), if any. */
  sub?: string;
  /** The words searched for, on the search page. */
  query?: string;
  /** How many products match (the list's X-Total-Count); undefined while unknown. */
  total?: number;
  intro?: string;
  path: string;
  search?: string;
  /** The first product's photo, for shared links. */
  image?: { url: string; alt: string } | null;
  noindex?: boolean;
  shopName?: string;
}

/** A listing's head: "<Category> (<count> products) | Adire", its intro, the first product's photo for shared links. */
export function listingPage(listing: ListingInfo): PageInfo {
  const shopName = listing.shopName ?? DEFAULT_SHOP_NAME;
  const label = listing.query
    ? `${listing.heading}: “${oneLine(listing.query)}”`
    : listing.sub
      ? `${listing.sub} — ${listing.heading}`
      : listing.heading;
  const count = listing.total === undefined ? '' : ` (${listing.total} ${listing.total === 1 ? 'product' : 'products'})`;
  return {
    title: `${label}${count} | ${shopName}`,
    name: label,
    description: listing.intro ?? `${label} at ${shopName}, delivered across Nigeria.`,
    path: listing.path,
    search: listing.search,
    noindex: listing.noindex,
    type: 'website',
    image: listing.image ?? { url: DEFAULT_SHARE_IMAGE, alt: shopName },
    siteName: shopName,
  };
}

// ---------------------------------------------------------------- breadcrumbs

export interface Crumb {
  name: string;
  /** Path on the shop ('/women?sub=Dresses'). */
  path: string;
}

/**
 * Where a product sits: Home › its category's listing › its sub-category (and
 * sub-sub-category) › the product.
 * `listingPath` names the listing page of a category (the storefront's routes know them);
 * a category without one is left out, and so is its sub-category.
 */
export function productTrail(
  product: Pick<ProductDetail, 'id' | 'title' | 'Category' | 'Sub' | 'Subsub'>,
  listingPath: (category: string) => string | undefined,
): Crumb[] {
  const trail: Crumb[] = [{ name: 'Home', path: '/' }];
  const category = product.Category?.name;
  const categoryPath = category ? listingPath(category) : undefined;
  if (category && categoryPath) {
    trail.push({ name: category, path: categoryPath });
    const within = (filters: Record<string, string>) =>
      `${categoryPath}${categoryPath.includes('?') ? '&' : '?'}${new URLSearchParams(filters)}`;
    if (product.Sub?.name) {
      trail.push({ name: product.Sub.name, path: within({ sub: product.Sub.name }) });
      if (product.Subsub?.name) {
        trail.push({ name: product.Subsub.name, path: within({ sub: product.Sub.name, subsub: product.Subsub.name }) });
      }
    }
  }
  trail.push({ name: product.title, path: productPath(product.id) });
  return trail;
}

/** schema.org BreadcrumbList: each step named, with its absolute URL. */
export function breadcrumbJsonLd(trail: readonly Crumb[]) {
  return {
    '@context': SCHEMA,
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.name,
      item: absoluteUrl(crumb.path),
    })),
  };
}

// ---------------------------------------------------------------- the shop

/** The parameter the search page reads its words from (features/catalog/listing-params.ts: `title`). */
export const SEARCH_PATH_TEMPLATE = '/search?title={search_term_string}';

/** The home page's schema.org Organization (the shop) and WebSite, whose SearchAction is the shop's search page. */
export function shopJsonLd({ name = DEFAULT_SHOP_NAME, phone }: { name?: string; phone?: string } = {}) {
  const home = absoluteUrl('/');
  const organization = `${home}#organization`;
  return {
    '@context': SCHEMA,
    '@graph': [
      {
        '@type': 'Organization',
        '@id': organization,
        name,
        url: home,
        logo: absoluteUrl(LOGO),
        ...(phone ? { telephone: phone } : {}),
      },
      {
        '@type': 'WebSite',
        '@id': `${home}#website`,
        name,
        url: home,
        publisher: { '@id': organization },
        potentialAction: {
          '@type': 'SearchAction',
          target: { '@type': 'EntryPoint', urlTemplate: absoluteUrl(SEARCH_PATH_TEMPLATE) },
          'query-input': 'required name=search_term_string',
        },
      },
    ],
  };
}

// ---------------------------------------------------------------- the blog

/** A post's excerpt, as the blog's list shows it (its first BLOG_EXCERPT_CHARS characters). */
export const postExcerpt = (post: Pick<Post, 'text' | 'heading'>) =>
  truncate(oneLine(post.text), BLOG_EXCERPT_CHARS) || oneLine(post.heading);

/** The post page's head: its title, its excerpt, its picture (the shop's own when it has none). */
export function postPage(post: Post, shopName = DEFAULT_SHOP_NAME): PageInfo {
  return {
    title: `${post.title} | ${shopName}`,
    name: post.title,
    description: postExcerpt(post),
    path: postPath(post.id),
    type: 'article',
    image: { url: post.imageUrl ?? FALLBACK_IMAGE, alt: post.title },
    siteName: shopName,
  };
}

/** schema.org BlogPosting: written and published by the shop. */
export function blogPostingJsonLd(post: Post, shopName = DEFAULT_SHOP_NAME) {
  const url = absoluteUrl(postPath(post.id));
  const shop = { '@type': 'Organization', name: shopName, url: absoluteUrl('/') };
  return {
    '@context': SCHEMA,
    '@type': 'BlogPosting',
    headline: post.title,
    description: postExcerpt(post),
    image: [shareImageUrl(post.imageUrl ?? FALLBACK_IMAGE)],
    datePublished: post.createdAt,
    dateModified: post.updatedAt,
    author: shop,
    publisher: { ...shop, logo: { '@type': 'ImageObject', url: absoluteUrl(LOGO) } },
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    url,
  };
}

// ---------------------------------------------------------------- JSON in a script tag

/**
 * JSON that is safe as the text of a <script>: no "<" or ">" (so no "</script>" or
 * "<!--" can end it early), no "&", and no line or paragraph separator, each written as
 * its \u escape, which JSON reads back as the same character.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
