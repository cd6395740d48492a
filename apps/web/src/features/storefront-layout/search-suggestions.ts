/**
 * The header search's suggestions as a list, without React: the groups in the order the
 * arrow keys go through them (products, categories, brands, then "See all results"), what a
 * screen reader hears when they change, and where a key moves the choice. The header's
 * search only (loaded with it, never in the entry).
 */
import { productPath } from '@shop/shared/paths';
import type { SuggestResponse } from '@shop/shared/search';
import { brandHref, categoryHref, searchHref } from './search-links.ts';

export type SuggestedProduct = SuggestResponse['products'][number];

/** One choice of the list: where it leads, and what it shows. */
export interface SuggestionOption {
  key: string;
  href: string;
  product?: SuggestedProduct;
  label: string;
  detail?: string;
}

export interface SuggestionGroup {
  /** '' for the last group, "See all results". */
  label: string;
  options: SuggestionOption[];
}

/** The suggestions as groups of options, in the order the arrow keys go through them. */
export function groupsOf(data: SuggestResponse | undefined, text: string): SuggestionGroup[] {
  const groups: SuggestionGroup[] = [];
  if (data?.products.length) {
    groups.push({
      label: 'Products',
      options: data.products.map((p) => ({ key: `p-${p.id}`, href: productPath(p.id), product: p, label: p.title })),
    });
  }
  if (data?.categories.length) {
    groups.push({
      label: 'Categories',
      options: data.categories.map((c) => ({
        key: `c-${c.id}`,
        href: categoryHref(c),
        label: c.name,
        detail: c.parent ? `in ${c.parent}` : 'Category',
      })),
    });
  }
  if (data?.brands.length) {
    groups.push({
      label: 'Brands',
      options: data.brands.map((b) => ({ key: `b-${b.id}`, href: brandHref(b.name), label: b.name, detail: 'Brand' })),
    });
  }
  groups.push({ label: '', options: [{ key: 'all', href: searchHref(text), label: `See all results for “${text.trim()}”` }] });
  return groups;
}

const count = (n: number, one: string, many: string) => (n === 0 ? '' : `${n} ${n === 1 ? one : many}`);

/** What a screen reader hears when the suggestions change. */
export function summaryOf(data: SuggestResponse): string {
  const parts = [
    count(data.products.length, 'product', 'products'),
    count(data.categories.length, 'category', 'categories'),
    count(data.brands.length, 'brand', 'brands'),
  ].filter(Boolean);
  const found = parts.length > 0 ? `${parts.join(', ')} suggested.` : 'No suggestions.';
  return data.correctedQuery ? `${found} Showing results for ${data.correctedQuery}.` : found;
}

/**
 * The option chosen after an arrow key, among `count`: down opens the list on the first and
 * goes round after the last; up opens it on the last and goes round before the first.
 */
export function movedChoice(key: 'ArrowDown' | 'ArrowUp', active: number, count: number, open: boolean): number {
  if (key === 'ArrowDown') return !open ? 0 : (active + 1) % count;
  return !open || active <= 0 ? count - 1 : active - 1;
}

/** What Escape does: close the list if open, else clear the text, else close the search. */
export const escapeStep = (open: boolean, text: string): 'collapse' | 'clear' | 'close' =>
  open ? 'collapse' : text ? 'clear' : 'close';
