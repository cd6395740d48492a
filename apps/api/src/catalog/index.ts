/**
 * The catalogue's public surface: what other features and the app may use. Everything else
 * in this folder is the catalogue's own (lint refuses imports of it from outside).
 */
export { default as catalogRoutes } from './routes.ts';
export { findProductIdsByTitle } from './product-query.ts';
export { lockProducts, setRatingFigures } from './product-service.ts';
export { returnStock, type StockLine, type StockUnits, type TakenStock, takeStock } from './stock.ts';
export { activeVariants } from './variants.ts';
