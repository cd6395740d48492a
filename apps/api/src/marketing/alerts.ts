/**
 * Back-in-stock alerts (issue 31): "tell me when size 12 is back" on a sold-out variant. The
 * alert is the shopper's consent to that one message. Its message is queued by a trigger on
 * product_variants (migration 0028) when the variant's stock goes from ≤ 0 to > 0, whatever
 * changed it, in that same transaction; the alert then ends, so a later restock sends nothing
 * unless she asks again.
 */
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { MARKETING_MESSAGES, MAX_OPEN_STOCK_ALERTS } from '@shop/shared';
import type { Db } from '../db/client.ts';
import { productVariants, stockAlerts } from '../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../lib/http-error.ts';
import { grantConsent } from './consent.ts';

const open = and(isNull(stockAlerts.notifiedAt), isNull(stockAlerts.cancelledAt));

export interface NewStockAlert {
  variantId: string;
  email: string;
  userId: string | null;
  /** The form's box ticked: consent to the rest of the shop's marketing too (source alert). */
  marketingConsent: boolean;
}

/**
 * Opens an alert (asking again for one already open changes nothing): 404 for a variant that
 * is not on sale, 409 for one in stock, 409 beyond MAX_OPEN_STOCK_ALERTS open alerts for the
 * address. The address's row of open alerts is counted under an advisory lock on it, so two
 * requests at once cannot pass the cap together.
 */
export async function requestStockAlert(db: Db, alert: NewStockAlert) {
  const email = alert.email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const [variant] = await tx
      .select({ counter: productVariants.counter })
      .from(productVariants)
      .where(and(eq(productVariants.id, alert.variantId), isNull(productVariants.archivedAt)));
    if (!variant) throw notFound(MARKETING_MESSAGES.noVariant);
    if (variant.counter > 0) throw conflict(MARKETING_MESSAGES.inStock);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`stock-alerts:${email}`}))`);
    const [existing] = await tx
      .select()
      .from(stockAlerts)
      .where(and(eq(stockAlerts.variantId, alert.variantId), eq(stockAlerts.email, email), open));
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(stockAlerts)
      .where(and(eq(stockAlerts.email, email), open));
    if (!existing && n >= MAX_OPEN_STOCK_ALERTS) throw conflict(MARKETING_MESSAGES.tooManyAlerts);
    if (alert.marketingConsent) await grantConsent(tx, { email, userId: alert.userId, source: 'alert' });
    if (existing) return existing;
    const [row] = await tx.insert(stockAlerts).values({ variantId: alert.variantId, email, userId: alert.userId }).returning();
    return row!;
  });
}

/** An address the shopper did not give: a guest must give one. */
export function alertAddress(given: string | undefined, account: string | undefined): string {
  const email = account ?? given;
  if (!email) throw badRequest(MARKETING_MESSAGES.emailRequired, [{ path: 'email', message: MARKETING_MESSAGES.emailRequired }]);
  return email;
}

/** The back office's product view: how many open alerts wait on each of these variants (0s left out). */
export async function waitingAlerts(db: Db, variantIds: string[]): Promise<Record<string, number>> {
  if (variantIds.length === 0) return {};
  const rows = await db
    .select({ variantId: stockAlerts.variantId, n: count() })
    .from(stockAlerts)
    .where(and(inArray(stockAlerts.variantId, variantIds), open))
    .groupBy(stockAlerts.variantId);
  return Object.fromEntries(rows.map((r) => [r.variantId, r.n]));
}
