/**
 * The catalogue's public surface: what other features and the app may use. Everything else
 * under this folder is the catalogue's own (lint refuses imports of it from outside), in a
 * sub-folder per part: products/ (the products table, its routes and form), variants/ (the
 * variants and their stock), taxonomy/ (categories, subs, subsubs, brands), search/ (title
 * search, suggestions and facet counts) and csv/ (the spreadsheet's export and import);
 * routes.ts mounts their routes.
 */
export { default as catalogRoutes } from './routes.ts';
export { findProductIdsByTitle } from './products/product-query.ts';
export { lockProducts, setRatingFigures } from './products/product-service.ts';
export { returnStock, type StockLine, type StockUnits, type TakenStock, takeStock } from './variants/stock.ts';
export { colorKey, optionKey, sameOption, sizeKey } from './variants/option-key.ts';
export { activeVariants, costNow } from './variants/variants.ts';
export { variantImage, variantPricing } from './variants/pricing.ts';
