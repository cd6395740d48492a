/** Delivery zones and methods: their routes, and pricing delivery to a state for checkout. */
export { default as deliveryRoutes } from './routes.ts';
export { createZone, deliveryConfigured, listZones, methodsForState, type PricedMethod } from './service.ts';
