/** sitemap.xml, robots.txt and the catalogue feeds: their routes; the sharing JPEGs' one-off job. */
export { default as seoRoutes } from './routes.ts';
export { makeShareRenditions } from './share-images.ts';
