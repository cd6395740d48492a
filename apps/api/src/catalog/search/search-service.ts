/**
 * Suggestions while the shopper types (GET /api/search/suggest): products with a thumbnail
 * and their price, categories and brands. When nothing matches the words as typed, the words
 * are corrected (search-query.ts) and the suggestions are those of the correction, which the
 * answer names. At most three statements: the search, the correction, the corrected search.
 */
import { koboToNaira, normaliseSearchText, type SuggestResponse } from '@shop/shared';
import type { Db } from '../../db/client.ts';
import { IMAGE_WIDTHS, type ImageService } from '../../media/index.ts';
import { correctSearch, findSuggestions, type SuggestedProduct, type SuggestionRows } from './search-query.ts';

/** The suggestions' thumbnails: the smallest rendition. */
const THUMBNAIL_WIDTH = IMAGE_WIDTHS[0];

const isEmpty = (rows: SuggestionRows) => rows.products.length + rows.categories.length + rows.brands.length === 0;

export function createSearchService(db: Db, images: ImageService) {
  const toSuggestion = (row: SuggestedProduct): SuggestResponse['products'][number] => ({
    id: row.id,
    title: row.title,
    brand: row.brand,
    imageUrl: row.image ? images.url(row.image, THUMBNAIL_WIDTH) : null,
    price: koboToNaira(row.minSalePrice),
    // The struck-through price, as a product card shows it: only when the lowest price is the marked-down one.
    oldPrice:
      row.discount > 0 && row.minSalePrice >= row.salePrice && row.price > row.minSalePrice ? koboToNaira(row.price) : null,
  });

  return {
    async suggest(q: string, limit: number): Promise<SuggestResponse> {
      const query = normaliseSearchText(q);
      let found = await findSuggestions(db, query, limit);
      let correctedQuery: string | null = null;
      if (isEmpty(found)) {
        const corrected = await correctSearch(db, query);
        const retried = corrected ? await findSuggestions(db, corrected, limit) : undefined;
        if (retried && !isEmpty(retried)) {
          found = retried;
          correctedQuery = corrected;
        }
      }
      return {
        query,
        correctedQuery,
        products: found.products.map(toSuggestion),
        categories: found.categories,
        brands: found.brands,
      };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
