/** Products: the hooks for the listing and one product (options and keys in product-queries.ts). */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ProductFilters, productListOptions, productOptions } from './product-queries.ts';

export { type ProductFilters, productKeys, productListOptions, productOptions } from './product-queries.ts';

export function useProducts(filters: ProductFilters, { keepPrevious = false, enabled = true } = {}) {
  return useQuery({ ...productListOptions(filters), placeholderData: keepPrevious ? keepPreviousData : undefined, enabled });
}

export function useProduct(id: string) {
  return useQuery(productOptions(id));
}
