/** Content routes: announcement banners, blog posts and store settings. */
import type { FastifyPluginAsync } from 'fastify';
import bannerRoutes from './banners-routes.ts';
import postRoutes from './posts-routes.ts';
import settingsRoutes from './settings-routes.ts';

const contentRoutes: FastifyPluginAsync = async (app) => {
  await app.register(bannerRoutes);
  await app.register(postRoutes);
  await app.register(settingsRoutes);
};

export default contentRoutes;
