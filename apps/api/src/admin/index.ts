/** The back office's figures and audit log: its routes, and the audit writer the audit plugin calls. */
export { recordAudit } from './audit.ts';
export { default as adminRoutes } from './routes.ts';
