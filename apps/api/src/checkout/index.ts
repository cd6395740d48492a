/** Checkout's public surface: its routes (quote, order, verify), mounted by the app. */
export { default as checkoutRoutes } from './routes.ts';
