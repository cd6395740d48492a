/**
 * Reports (issue 30): their routes, and the check of their facts. They own sales_facts, which
 * only the database's triggers write (migration 0030); everything else they read.
 */
export { default as reportRoutes } from './routes.ts';
export { type FactsCheck, verifySalesFacts } from './verify.ts';
export { changes, type Period } from './period.ts';
export { salesTotalsFor } from './sales.ts';
