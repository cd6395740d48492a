/**
 * Abandoned checkout recovery's public surface (issue 31): its routes, recording a checkout
 * (the quote's), and the sweep the server's sweeper runs, with what it needs from marketing
 * (consent), the outbox (the notifier) and the orders (their details).
 */
import type { FastifyInstance } from 'fastify';
import { hasMarketingConsent } from '../marketing/index.ts';
import { type RecoveryDeps, sweepRecovery } from './service.ts';

export { default as recoveryRoutes } from './routes.ts';
export { recordCheckout, type RecoveryDeps, type RecoverySweep, snapshotLine, sweepRecovery } from './service.ts';

export const recoveryDeps = (app: Pick<FastifyInstance, 'messages' | 'orders'>): RecoveryDeps => ({
  hasConsent: (tx, userId) => hasMarketingConsent(tx, userId),
  queueReminder: (tx, reminder) => app.messages.notifier.cartRecovery(tx, reminder),
  queueTransferReminder: (db, order) => app.messages.notifier.transferReminder(db, order),
  withLines: (rows) => app.orders.withLines(rows),
});

/** One sweep of the app's database at `now`: checkouts recorded and ended, reminders queued. */
export const sweepAppRecovery = (app: Pick<FastifyInstance, 'db' | 'messages' | 'orders'>, now?: Date) =>
  sweepRecovery(app.db, recoveryDeps(app), now);
