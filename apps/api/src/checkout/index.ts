/** Checkout's public surface: its routes (quote, order, verify), mounted by the app. */
export { default as checkoutRoutes } from './routes.ts';
/** The one way a web order is placed, for the storefront's checkout form too (storefront/checkout-form.ts). */
export { placeWebOrder } from './place-order.ts';
