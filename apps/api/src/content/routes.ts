/** Content routes: announcement banners, blog posts and store settings. */
import type { FastifyPluginAsync } from 'fastify';
import bannerRoutes from './banners-routes.ts';
import postRoutes from './posts-routes.ts';
import settingsRoutes, { type SettingsRoutesOptions } from './settings-routes.ts';

const contentRoutes: FastifyPluginAsync<SettingsRoutesOptions> = async (app, options) => {
  await app.register(bannerRoutes);
  await app.register(postRoutes);
  await app.register(settingsRoutes, options);
};

export default contentRoutes;
