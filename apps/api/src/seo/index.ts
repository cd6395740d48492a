/** sitemap.xml, robots.txt and the catalogue feeds: their routes; the one-off job that makes older images' missing renditions (the sharing JPEG, the 480 px WebP). */
export { default as seoRoutes } from './routes.ts';
export { makeMissingRenditions } from './renditions.ts';
