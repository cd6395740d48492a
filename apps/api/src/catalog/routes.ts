/**
 * The catalogue API: /api/categories, /api/subs, /api/subsubs, /api/brands (taxonomy/), /api/products
 * (products/, csv/ and variants/ through it) and /api/search (search/); each route file
 * declares its routes' full paths.
 */
import type { FastifyInstance } from 'fastify';
import {
  createCategoryBody,
  createSubBody,
  createSubsubBody,
  taxonomyNameBody,
  updateCategoryBody,
  updateSubBody,
  updateSubsubBody,
} from '@shop/shared';
import productRoutes from './products/product-routes.ts';
import { createProductService } from './products/product-service.ts';
import searchRoutes from './search/search-routes.ts';
import { createSearchService } from './search/search-service.ts';
import taxonomyRoutes from './taxonomy/taxonomy-routes.ts';
import { createTaxonomyService } from './taxonomy/taxonomy-service.ts';

export default async function catalogRoutes(app: FastifyInstance) {
  const taxonomy = createTaxonomyService(app.db, app.images);

  await app.register(taxonomyRoutes, {
    kind: 'category',
    service: taxonomy,
    createBody: createCategoryBody,
    updateBody: updateCategoryBody,
    // Old clients delete subs and subsubs, and set brand images, through the categories paths.
    alsoDelete: ['sub', 'subsub'],
    alsoUpdate: ['brand'],
  });
  await app.register(taxonomyRoutes, {
    kind: 'sub',
    service: taxonomy,
    createBody: createSubBody,
    updateBody: updateSubBody,
  });
  await app.register(taxonomyRoutes, {
    kind: 'subsub',
    service: taxonomy,
    createBody: createSubsubBody,
    updateBody: updateSubsubBody,
  });
  await app.register(taxonomyRoutes, {
    kind: 'brand',
    service: taxonomy,
    createBody: taxonomyNameBody,
    updateBody: taxonomyNameBody,
  });

  await app.register(productRoutes, {
    service: createProductService(app.db, app.images, taxonomy),
  });
  await app.register(searchRoutes, { service: createSearchService(app.db, app.images) });
}
