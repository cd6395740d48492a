/** Purchases, the original clients' view of orders: their routes. */
export { default as purchaseRoutes } from './routes.ts';
