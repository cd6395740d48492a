/** sitemap.xml and robots.txt: their routes. */
export { default as seoRoutes } from './routes.ts';
