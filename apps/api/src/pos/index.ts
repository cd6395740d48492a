/** The point of sale: its routes, and selling at the counter (the old clients' admin purchases sell through it too). */
export { pruneCatalogueRemovals } from './catalogue.ts';
export { default as posRoutes } from './routes.ts';
export { sellAtPos } from './service.ts';
export { resolveTill, type TillIdentity, tillGuard } from './till-auth.ts';
