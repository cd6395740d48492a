/** Product reviews: their routes. */
export { default as reviewRoutes } from './routes.ts';
