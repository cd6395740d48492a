/** The account's public surface: a shopper's address book routes (its service is the account's own). */
export { default as accountRoutes } from './routes.ts';
