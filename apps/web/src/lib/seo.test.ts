import type { ProductDetail } from '@shop/shared/catalog';
import { DEFAULT_STORE_SETTINGS, type Post } from '@shop/shared/content';
import type { Review } from '@shop/shared/reviews';
import type { VariantView } from '@shop/shared/variants';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeProduct } from '@/test/products.ts';
import { setPublicOrigin } from './public-origin.ts';
import {
  blogPostingJsonLd,
  breadcrumbJsonLd,
  DEFAULT_SHOP_NAME,
  headTags,
  listingPage,
  postPage,
  productJsonLd,
  productPage,
  productTrail,
  serializeJsonLd,
  shopJsonLd,
} from './seo.ts';

const ORIGIN = 'https://adire.ng';

beforeEach(() => setPublicOrigin(ORIGIN));

const variant = (size: string, sku: string, salePrice: number, counter: number, price = salePrice): VariantView => ({
  id: `v-${size}`,
  sku,
  size,
  color: 'Indigo',
  price,
  discount: price - salePrice,
  salePrice,
  priceOverride: null,
  discountOverride: null,
  counter,
  stockVersion: 1,
  availability: counter > 0 ? 'In Stock' : 'Out of Stock',
  imageUrls: [],
});

/** An indigo wrap dress sold in one size, in Women › Dresses. */
function dress(overrides: Partial<ProductDetail> = {}): ProductDetail {
  return {
    ...makeProduct(1, {
      id: 'p1',
      title: 'Adire wrap dress',
      heading: 'Hand-dyed indigo, from Abeokuta',
      description: 'A wrap dress in  indigo adire.\nCotton, made by hand in Lagos.',
      brand: 'Lagos Loom',
      price: 15000,
      salePrice: 15000,
      priceFrom: 15000,
      priceTo: 15000,
      counter: 4,
      Category: { id: 'c1', name: 'Women' },
      Sub: { id: 's1', name: 'Dresses' },
      imageUrls: ['/uploads/dress-640.webp', '/uploads/dress-back-640.webp'],
      imageUrl: '/uploads/dress-640.webp',
    }),
    variants: [variant('one size', 'LL-WRAP-1', 15000, 4)],
    ...overrides,
  };
}

const review = (n: number, rating: number, author: string, comment = ''): Review => ({
  id: `r${n}`,
  rating,
  comment,
  author,
  createdAt: `2024-03-0${n}T10:00:00.000Z`,
  updatedAt: `2024-03-0${n}T10:00:00.000Z`,
});

const RETURNS = {
  '@type': 'MerchantReturnPolicy',
  applicableCountry: 'NG',
  returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
  merchantReturnDays: 14,
};

type Json = Record<string, unknown>;

/**
 * What Google's merchant listing rules find wrong with a Product: the required properties
 * (name, image, offers with a price above 0 and its currency), the recommended ones we can
 * give (description, brand, SKU on the product or every offer, availability and condition
 * as schema.org URLs, a return policy with its country and category), and a rating and
 * reviews that are complete when present.
 */
function merchantListingProblems(product: Json): string[] {
  const problems: string[] = [];
  const need = (ok: unknown, what: string) => ok || problems.push(what);
  need(product['@context'] === 'https://schema.org' && product['@type'] === 'Product', 'a schema.org Product');
  need(typeof product.name === 'string' && product.name !== '', 'name');
  need(Array.isArray(product.image) && product.image.length > 0, 'image');
  for (const url of (product.image as string[] | undefined) ?? []) need(url.startsWith(`${ORIGIN}/`), `absolute image ${url}`);
  need(typeof product.description === 'string' && product.description !== '', 'description');
  need((product.brand as Json | undefined)?.name, 'brand.name');
  const offers = [product.offers].flat() as Json[];
  need(offers.length > 0 && offers.every(Boolean), 'offers');
  for (const offer of offers) {
    need(offer['@type'] === 'Offer', 'an Offer (merchant listings take no AggregateOffer)');
    need(typeof offer.price === 'number' && offer.price > 0, 'offers.price above 0');
    need(offer.priceCurrency === 'NGN', 'offers.priceCurrency NGN');
    need(/^https:\/\/schema\.org\/(InStock|OutOfStock)$/.test(String(offer.availability)), 'offers.availability');
    need(offer.itemCondition === 'https://schema.org/NewCondition', 'offers.itemCondition');
    need(String(offer.url).startsWith(`${ORIGIN}/`), 'offers.url');
    const policy = offer.hasMerchantReturnPolicy as Json | undefined;
    need(policy?.applicableCountry && policy.returnPolicyCategory, 'hasMerchantReturnPolicy');
    need(product.sku || offer.sku, 'sku');
  }
  if (offers.length > 1) need(new Set(offers.map((o) => o.sku)).size === offers.length, 'a SKU per variant');
  const rating = product.aggregateRating as Json | undefined;
  if (rating) need(Number(rating.ratingValue) > 0 && Number(rating.reviewCount) > 0, 'aggregateRating values');
  for (const r of (product.review as Json[] | undefined) ?? []) {
    need((r.author as Json | undefined)?.name, 'review.author.name');
    need((r.reviewRating as Json | undefined)?.ratingValue, 'review.reviewRating.ratingValue');
    need(r.datePublished, 'review.datePublished');
  }
  return problems;
}

describe('product pages', () => {
  it('have a title with the brand, a description with the price, a canonical link and the tags a shared link shows', () => {
    expect(headTags(productPage(dress()))).toEqual([
      {
        tag: 'meta',
        name: 'description',
        content: 'Hand-dyed indigo, from Abeokuta. A wrap dress in indigo adire. Cotton, made by hand in Lagos. — ₦15,000.00',
      },
      { tag: 'link', rel: 'canonical', href: `${ORIGIN}/productdetails/p1` },
      { tag: 'meta', property: 'og:type', content: 'product' },
      { tag: 'meta', property: 'og:site_name', content: 'Adire' },
      { tag: 'meta', property: 'og:title', content: 'Adire wrap dress — Lagos Loom' },
      {
        tag: 'meta',
        property: 'og:description',
        content: 'Hand-dyed indigo, from Abeokuta. A wrap dress in indigo adire. Cotton, made by hand in Lagos. — ₦15,000.00',
      },
      { tag: 'meta', property: 'og:url', content: `${ORIGIN}/productdetails/p1` },
      { tag: 'meta', property: 'og:image', content: `${ORIGIN}/uploads/dress-1280.webp` },
      { tag: 'meta', property: 'og:image:alt', content: 'Adire wrap dress' },
      { tag: 'meta', property: 'product:price:amount', content: '15000.00' },
      { tag: 'meta', property: 'product:price:currency', content: 'NGN' },
      { tag: 'meta', name: 'twitter:card', content: 'summary_large_image' },
    ]);
    expect(productPage(dress()).title).toBe('Adire wrap dress — Lagos Loom | Adire');
    expect(productPage(dress(), 'Adire Lagos').title).toBe('Adire wrap dress — Lagos Loom | Adire Lagos');
    expect(productPage(dress({ brand: '' })).title).toBe('Adire wrap dress | Adire');
  });

  it('cut a long description to 160 characters, keeping the price', () => {
    const long = productPage(dress({ heading: '', description: 'Soft hand-dyed cotton. '.repeat(20) })).description!;
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long).toMatch(/^Soft hand-dyed cotton\. .*\.\.\. — ₦15,000\.00$/);
    // Nothing written about it: its name and brand.
    expect(productPage(dress({ heading: '', description: '' })).description).toBe('Adire wrap dress by Lagos Loom — ₦15,000.00');
  });

  it('describe a product without reviews as a Product with one Offer (no rating, no review)', () => {
    const data = productJsonLd(dress());
    expect(data).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Adire wrap dress',
      description: 'A wrap dress in indigo adire. Cotton, made by hand in Lagos.',
      image: [`${ORIGIN}/uploads/dress-1280.webp`, `${ORIGIN}/uploads/dress-back-1280.webp`],
      url: `${ORIGIN}/productdetails/p1`,
      sku: 'LL-WRAP-1',
      brand: { '@type': 'Brand', name: 'Lagos Loom' },
      offers: {
        '@type': 'Offer',
        url: `${ORIGIN}/productdetails/p1`,
        price: 15000,
        priceCurrency: 'NGN',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/NewCondition',
        hasMerchantReturnPolicy: RETURNS,
      },
    });
    expect(merchantListingProblems(data)).toEqual([]);
  });

  it('add the rating and the reviews shown when there are reviews', () => {
    const reviewed = dress({ ratingAverage: 4.666666, ratingCount: 3 });
    const data = productJsonLd(reviewed, [
      review(3, 5, 'Chioma E.', ' Beautiful indigo, fits well. '),
      review(2, 4, 'Tunde A.'),
      review(1, 5, 'Ngozi O.', 'Lovely'),
    ]);
    expect(data.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.67,
      reviewCount: 3,
      bestRating: 5,
      worstRating: 1,
    });
    expect(data.review).toEqual([
      {
        '@type': 'Review',
        author: { '@type': 'Person', name: 'Chioma E.' },
        datePublished: '2024-03-03T10:00:00.000Z',
        reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 },
        reviewBody: 'Beautiful indigo, fits well.',
      },
      {
        '@type': 'Review',
        author: { '@type': 'Person', name: 'Tunde A.' },
        datePublished: '2024-03-02T10:00:00.000Z',
        reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5, worstRating: 1 },
      },
      {
        '@type': 'Review',
        author: { '@type': 'Person', name: 'Ngozi O.' },
        datePublished: '2024-03-01T10:00:00.000Z',
        reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 },
        reviewBody: 'Lovely',
      },
    ]);
    expect(merchantListingProblems(data)).toEqual([]);
    // No reviews: neither.
    expect(Object.keys(productJsonLd(dress(), []))).not.toContain('aggregateRating');
    expect(Object.keys(productJsonLd(dress(), []))).not.toContain('review');
  });

  it('give each variant its own Offer with its SKU, price and stock when sizes are priced differently', () => {
    const sized = dress({
      priceFrom: 12000,
      priceTo: 15000,
      counter: 11,
      variants: [
        variant('small', 'LL-WRAP-S', 12000, 9),
        variant('medium', 'LL-WRAP-M', 13500, 2, 15000),
        variant('large', 'LL-WRAP-L', 15000, 0),
      ],
    });
    const data = productJsonLd(sized);
    const offer = (sku: string, price: number, stock: string) => ({
      '@type': 'Offer',
      sku,
      url: `${ORIGIN}/productdetails/p1`,
      price,
      priceCurrency: 'NGN',
      availability: `https://schema.org/${stock}`,
      itemCondition: 'https://schema.org/NewCondition',
      hasMerchantReturnPolicy: RETURNS,
    });
    expect(data.offers).toEqual([
      offer('LL-WRAP-S', 12000, 'InStock'),
      offer('LL-WRAP-M', 13500, 'InStock'),
      offer('LL-WRAP-L', 15000, 'OutOfStock'),
    ]);
    // The SKUs are the offers': none on the product itself.
    expect(data).not.toHaveProperty('sku');
    expect(merchantListingProblems(data)).toEqual([]);

    const page = productPage(sized);
    expect(page.description).toMatch(/ — from ₦12,000\.00$/);
    expect(headTags(page)).toContainEqual({ tag: 'meta', property: 'product:price:amount', content: '12000.00' });
  });

  it('say OutOfStock when nothing is left, or the product is off sale', () => {
    const soldOut = productJsonLd(dress({ counter: 0, variants: [variant('one size', 'LL-WRAP-1', 15000, 0)] }));
    expect(soldOut.offers).toMatchObject({ availability: 'https://schema.org/OutOfStock' });
    const paused = productJsonLd(
      dress({ variants: [{ ...variant('one size', 'LL-WRAP-1', 15000, 3), availability: 'Out of Stock' }] }),
    );
    expect(paused.offers).toMatchObject({ availability: 'https://schema.org/OutOfStock' });
    expect(merchantListingProblems(soldOut)).toEqual([]);
  });

  it('sit in their category and sub-category: Home › Women › Dresses › the product', () => {
    const listingPath = (category: string) => ({ Women: '/women', Men: '/men' })[category];
    expect(breadcrumbJsonLd(productTrail(dress(), listingPath))).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${ORIGIN}/` },
        { '@type': 'ListItem', position: 2, name: 'Women', item: `${ORIGIN}/women` },
        { '@type': 'ListItem', position: 3, name: 'Dresses', item: `${ORIGIN}/women?sub=Dresses` },
        { '@type': 'ListItem', position: 4, name: 'Adire wrap dress', item: `${ORIGIN}/productdetails/p1` },
      ],
    });
    // A category without a listing page of its own: straight from Home to the product.
    expect(productTrail(dress({ Category: { id: 'c9', name: 'Gifts' } }), listingPath).map((c) => c.name)).toEqual([
      'Home',
      'Adire wrap dress',
    ]);
  });
});

describe('JSON-LD in a script tag', () => {
  const attack = 'Wrap </script><script>alert(1)</script> & <!-- more';

  it('cannot be closed or commented out by what a product is called, and reads back as written', () => {
    const text = serializeJsonLd(productJsonLd(dress({ title: attack })));
    expect(text).not.toMatch(/[<>&]/);
    expect(text).not.toMatch(/<\/script/i);
    expect(text).toContain('Wrap \\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e \\u0026 \\u003c!-- more');
    expect(JSON.parse(text).name).toBe(attack);
  });

  it('stays one script in a page parsed by the browser', () => {
    const doc = new DOMParser().parseFromString(
      `<html><head></head><body><script type="application/ld+json">${serializeJsonLd({ name: attack })}</script><p>after</p></body></html>`,
      'text/html',
    );
    const scripts = doc.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(JSON.parse(scripts[0]!.textContent!)).toEqual({ name: attack });
  });

  it('escapes the line and paragraph separators JavaScript once read as line ends', () => {
    expect(serializeJsonLd({ a: 'x\u2028y\u2029z' })).toBe('{"a":"x\\u2028y\\u2029z"}');
  });
});

describe('the home page', () => {
  it('names the shop and its search: a SearchAction on the search page’s ?title= parameter', () => {
    expect(shopJsonLd({ name: 'Adire', phone: '+234 801 234 5678' })).toEqual({
      '@context': 'https://schema.org',
      '@graph': [
        {
          '@type': 'Organization',
          '@id': `${ORIGIN}/#organization`,
          name: 'Adire',
          url: `${ORIGIN}/`,
          logo: `${ORIGIN}/favicon.svg`,
          telephone: '+234 801 234 5678',
        },
        {
          '@type': 'WebSite',
          '@id': `${ORIGIN}/#website`,
          name: 'Adire',
          url: `${ORIGIN}/`,
          publisher: { '@id': `${ORIGIN}/#organization` },
          potentialAction: {
            '@type': 'SearchAction',
            target: { '@type': 'EntryPoint', urlTemplate: `${ORIGIN}/search?title={search_term_string}` },
            'query-input': 'required name=search_term_string',
          },
        },
      ],
    });
  });
});

describe('listing pages', () => {
  it('count their products in the title and keep sorting, paging and tracking out of the canonical link', () => {
    const page = listingPage({
      heading: 'Women',
      total: 42,
      intro: 'Adire, ankara and aso-oke.',
      path: '/women',
      search: '?sort=price_asc&page=2&utm_source=whatsapp&fbclid=abc&sub=Dresses',
      image: { url: '/uploads/dress-640.webp', alt: 'Adire wrap dress' },
    });
    expect(page.title).toBe('Women (42 products) | Adire');
    expect(headTags(page)).toEqual([
      { tag: 'meta', name: 'description', content: 'Adire, ankara and aso-oke.' },
      { tag: 'link', rel: 'canonical', href: `${ORIGIN}/women?sub=Dresses` },
      { tag: 'meta', property: 'og:type', content: 'website' },
      { tag: 'meta', property: 'og:site_name', content: 'Adire' },
      { tag: 'meta', property: 'og:title', content: 'Women' },
      { tag: 'meta', property: 'og:description', content: 'Adire, ankara and aso-oke.' },
      { tag: 'meta', property: 'og:url', content: `${ORIGIN}/women?sub=Dresses` },
      { tag: 'meta', property: 'og:image', content: `${ORIGIN}/uploads/dress-1280.webp` },
      { tag: 'meta', property: 'og:image:alt', content: 'Adire wrap dress' },
      { tag: 'meta', name: 'twitter:card', content: 'summary_large_image' },
    ]);
    expect(listingPage({ heading: 'Women', sub: 'Dresses', total: 1, path: '/women' }).title).toBe(
      'Dresses — Women (1 product) | Adire',
    );
    expect(listingPage({ heading: 'Women', path: '/women' }).title).toBe('Women | Adire');
  });

  it('keep search results out of search engines', () => {
    const page = listingPage({
      heading: 'Search',
      query: 'ankara',
      total: 3,
      path: '/search',
      search: '?title=ankara',
      noindex: true,
    });
    expect(page.title).toBe('Search: “ankara” (3 products) | Adire');
    expect(headTags(page)).toEqual([
      { tag: 'meta', name: 'description', content: 'Search: “ankara” at Adire, delivered across Nigeria.' },
      { tag: 'meta', name: 'robots', content: 'noindex' },
    ]);
  });
});

it('names the shop as its settings do until they are loaded', () => {
  expect(DEFAULT_SHOP_NAME).toBe(DEFAULT_STORE_SETTINGS.storeName);
});

describe('pages kept out of search results', () => {
  it('have a robots noindex tag and no canonical link or shared-link tags', () => {
    expect(headTags({ title: 'Your bag — Adire', noindex: true })).toEqual([{ tag: 'meta', name: 'robots', content: 'noindex' }]);
  });
});

describe('blog posts', () => {
  const post: Post = {
    id: 'b1',
    title: 'How adire is dyed',
    heading: 'A visit to Abeokuta',
    text: `Indigo, cassava paste and patience.\n\n${'The cloth goes into the vat again and again. '.repeat(8)}`,
    imageUrl: '/uploads/vat-640.webp',
    createdAt: '2024-05-01T09:00:00.000Z',
    updatedAt: '2024-05-03T12:30:00.000Z',
  };

  it('are described by their excerpt (the 200 characters the blog shows) and shared as articles', () => {
    const page = postPage(post);
    expect(page.title).toBe('How adire is dyed | Adire');
    expect(page.description).toHaveLength(203);
    expect(page.description).toMatch(/^Indigo, cassava paste and patience\. The cloth goes into the vat .*\.\.\.$/);
    expect(headTags(page)).toContainEqual({ tag: 'meta', property: 'og:type', content: 'article' });
    expect(headTags(page)).toContainEqual({ tag: 'meta', property: 'og:image', content: `${ORIGIN}/uploads/vat-1280.webp` });
  });

  it('are a BlogPosting with headline, dates, picture and the shop as author', () => {
    expect(blogPostingJsonLd(post)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: 'How adire is dyed',
      description: postPage(post).description,
      image: [`${ORIGIN}/uploads/vat-1280.webp`],
      datePublished: '2024-05-01T09:00:00.000Z',
      dateModified: '2024-05-03T12:30:00.000Z',
      author: { '@type': 'Organization', name: 'Adire', url: `${ORIGIN}/` },
      publisher: {
        '@type': 'Organization',
        name: 'Adire',
        url: `${ORIGIN}/`,
        logo: { '@type': 'ImageObject', url: `${ORIGIN}/favicon.svg` },
      },
      mainEntityOfPage: { '@type': 'WebPage', '@id': `${ORIGIN}/blogdetails/b1` },
      url: `${ORIGIN}/blogdetails/b1`,
    });
    // Without a picture of its own: the shop's, as the page shows it.
    expect(blogPostingJsonLd({ ...post, imageUrl: null }).image).toEqual([`${ORIGIN}/img/post-fallback-1280.webp`]);
  });
});
