/**
 * Where each suggestion of the header's search leads: a product to its page (productPath, in
 * @shop/shared/paths), a top category to its listing page (the header's own sections: Women
 * to /women, Home to /homedecor, ...), a sub-category to that listing filtered by it, a brand
 * to its page, and the text typed to the search page. Listings read these parameters in
 * features/catalog/listing-params.ts.
 */
import type { SuggestResponse } from '@shop/shared/search';
import { MENU_SECTIONS } from './menu.ts';

export type SuggestedCategory = SuggestResponse['categories'][number];

const withQuery = (path: string, params: Record<string, string>) => `${path}?${new URLSearchParams(params)}`;

/** The listing page of a top category, by name (any case), if the header has one. */
function listingOf(category: string): string | undefined {
  const name = category.toLowerCase();
  return MENU_SECTIONS.find((s) => s.category?.toLowerCase() === name)?.to;
}

export const brandHref = (name: string) => withQuery('/brand', { brand: name });

export const searchHref = (text: string) => withQuery('/search', { title: text.trim() });

export function categoryHref({ kind, name, parent }: SuggestedCategory): string {
  if (kind === 'category') return listingOf(name) ?? withQuery('/search', { category: name });
  if (kind === 'sub') {
    const listing = parent ? listingOf(parent) : undefined;
    if (listing) return withQuery(listing, { sub: name });
    return withQuery('/search', parent ? { category: parent, sub: name } : { sub: name });
  }
  // A sub-sub-category's parent is a sub-category, whose name may be used in more than one category.
  return withQuery('/search', { subsub: name });
}
