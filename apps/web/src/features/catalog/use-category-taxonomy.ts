/**
 * A listing's categories: every top category (the filter offered where the page has none of
 * its own) and the sub-categories of the listing's category (its filter, and the siblings an
 * empty result points to), read from the taxonomy's cached lists.
 */
import { useQuery } from '@tanstack/react-query';
import { taxonomyListOptions } from '@/lib/api/taxonomy.ts';

export function useCategoryTaxonomy(category: string | undefined) {
  const categories = useQuery(taxonomyListOptions('category'));
  const subs = useQuery(taxonomyListOptions('sub'));
  const categoryId = category ? categories.data?.find((c) => c.name.toLowerCase() === category.toLowerCase())?.id : undefined;
  return {
    categories: categories.data ?? [],
    /** The category's id, once the categories are loaded and it is one of them. */
    categoryId,
    /** The category's sub-categories (none until it is known). */
    subs: categoryId ? (subs.data ?? []).filter((s) => s.categoryId === categoryId) : [],
  };
}
