/**
 * The demo accounts, created only by the demo seed (never in production unless
 * SEED_DEMO=always). Their passwords are published in the README on purpose.
 */
export const DEMO_ADMIN = { email: 'admin@demo.shop', password: 'demo-admin-2024', firstName: 'Ada', lastName: 'Okafor' };
export const DEMO_SHOPPER = { email: 'shopper@demo.shop', password: 'demo-shopper-2024', firstName: 'Tolu', lastName: 'Adeyemi' };
