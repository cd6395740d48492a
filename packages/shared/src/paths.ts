/**
 * Where a product and a post live on the storefront: every link, canonical URL, structured
 * data and sitemap entry builds them here, so they are spelled and encoded one way. The id
 * is percent-encoded (ids are UUIDs, which it leaves as they are; any other id stays one
 * path segment). The routes that answer them are in storefront-pages.ts.
 */
export const productPath = (id: string): string => `/productdetails/${encodeURIComponent(id)}`;

/**
 * A product's page with one of its variants chosen (its size and colour preselected): what the
 * catalogue feeds link to and what the page's share links send once a variant is chosen. Its
 * canonical URL stays productPath.
 */
export const productVariantPath = (id: string, variantId: string): string =>
  `${productPath(id)}?variant=${encodeURIComponent(variantId)}`;

export const postPath = (id: string): string => `/blogdetails/${encodeURIComponent(id)}`;
