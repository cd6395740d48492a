/**
 * The wishlist's public surface (issue 31): its routes, and the price-drop sweep the server's
 * sweeper runs, with what it needs from marketing (consent) and the outbox (the notifier).
 */
import type { FastifyInstance } from 'fastify';
import { hasMarketingConsent } from '../marketing/index.ts';
import { type PriceDropDeps, sweepPriceDrops } from './price-drop.ts';

export { type PriceDropAlert, type PriceDropDeps, sweepPriceDrops } from './price-drop.ts';
export { default as wishlistRoutes } from './routes.ts';

/** The sweep's consent check (marketing's) and its outbox (the app's notifier). */
export const priceDropDeps = (app: Pick<FastifyInstance, 'messages'>): PriceDropDeps => ({
  hasConsent: (tx, userId) => hasMarketingConsent(tx, userId),
  queue: (tx, alert) => app.messages.notifier.priceDrop(tx, alert),
});

/** One sweep of the app's database: the alerts due now. */
export const sweepAppPriceDrops = (app: Pick<FastifyInstance, 'db' | 'messages'>, now?: Date) =>
  sweepPriceDrops(app.db, priceDropDeps(app), now);
