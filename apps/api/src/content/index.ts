/** Banners, blog posts and the store settings: their routes, and the settings every feature reads. */
export { default as contentRoutes } from './routes.ts';
export { getSettings, settingsDefaults, updateSettings } from './settings-service.ts';
