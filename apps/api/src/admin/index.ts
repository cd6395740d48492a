/**
 * The back office's figures and audit trail: its routes (the trail, its CSV, an order's and a
 * product's history), the table of what each staff write records, and the writers the audit
 * plugin and the routes that record their own entries call.
 */
export { recordAudit, type AuditInput } from './audit.ts';
export { type ResolvedAudit, ROUTE_AUDIT, type RouteAudit, routeAudit } from './audit-actions.ts';
export { type AuditContext, auditActor, recordChange } from './audit-change.ts';
export { default as adminRoutes } from './routes.ts';
