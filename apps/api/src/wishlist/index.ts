/** The wishlist's public surface (issue 31): its routes. */
export { default as wishlistRoutes } from './routes.ts';
