/** Reports (issue 30): their routes. They only read the orders' tables, so they own no table. */
export { default as reportRoutes } from './routes.ts';
