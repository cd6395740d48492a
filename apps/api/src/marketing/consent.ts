/**
 * Marketing consent and the suppression list (issue 31). A consent is given by ticking the
 * unticked box (checkout, registration, /account, an alert's form) and kept with its time and
 * source; an unsubscribe puts the address on the suppression list and withdraws its consent.
 * A marketing message may go only when its consent, or for an alert the request itself, came
 * after the address's last unsubscribe: the outbox's worker asks `mayReceiveMarketing` as it
 * sends, so a message queued before an unsubscribe is dropped.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { isUuid, type MarketingConsentSource, type MarketingConsentView } from '@shop/shared';
import type { Db, Tx } from '../db/client.ts';
import { marketingConsents, marketingSuppressions, stockAlerts, users } from '../db/schema/index.ts';

const normal = (email: string) => email.trim().toLowerCase();

async function emailOf(db: Db | Tx, userIdOrEmail: string): Promise<string | undefined> {
  if (!isUuid(userIdOrEmail)) return normal(userIdOrEmail);
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userIdOrEmail));
  return user && normal(user.email);
}

/** The address's open consent, if any, and when it last unsubscribed. */
async function standing(db: Db | Tx, email: string) {
  const [consent] = await db
    .select({ grantedAt: marketingConsents.grantedAt, source: marketingConsents.source })
    .from(marketingConsents)
    .where(and(eq(marketingConsents.email, email), isNull(marketingConsents.withdrawnAt)));
  const [suppression] = await db
    .select({ suppressedAt: marketingSuppressions.suppressedAt })
    .from(marketingSuppressions)
    .where(eq(marketingSuppressions.email, email));
  return {
    grantedAt: consent?.grantedAt ?? null,
    source: consent?.source ?? null,
    suppressedAt: suppression?.suppressedAt ?? null,
  };
}

/**
 * Whether marketing e-mail may go to this account (its id) or address: a consent given and not
 * withdrawn, after its last unsubscribe. For every marketing message that needs consent.
 */
export async function hasMarketingConsent(db: Db | Tx, userIdOrEmail: string): Promise<boolean> {
  const email = await emailOf(db, userIdOrEmail);
  if (!email) return false;
  const { grantedAt, suppressedAt } = await standing(db, email);
  return grantedAt !== null && (suppressedAt === null || grantedAt > suppressedAt);
}

/** The consent as /account shows it. */
export async function consentOf(db: Db | Tx, email: string): Promise<MarketingConsentView> {
  const { grantedAt, source, suppressedAt } = await standing(db, normal(email));
  const open = grantedAt !== null && (suppressedAt === null || grantedAt > suppressedAt);
  return { consent: open, grantedAt: open ? grantedAt.toISOString() : null, source: open ? source : null };
}

/** Records a consent (kept as first given while it stays open). */
export async function grantConsent(
  db: Db | Tx,
  consent: { email: string; userId?: string | null; source: MarketingConsentSource },
): Promise<void> {
  await db
    .insert(marketingConsents)
    .values({ email: normal(consent.email), userId: consent.userId ?? null, source: consent.source })
    .onConflictDoNothing();
}

/** The account page's box unticked: the open consent ends, its row kept with the time. */
export async function withdrawConsent(db: Db | Tx, email: string): Promise<void> {
  await db
    .update(marketingConsents)
    .set({ withdrawnAt: sql`now()` })
    .where(and(eq(marketingConsents.email, normal(email)), isNull(marketingConsents.withdrawnAt)));
}

/**
 * An unsubscribe (the e-mail's one-click or its page): the address goes on the suppression
 * list (its time moved on when it was there already), its consent ends and its open
 * back-in-stock alerts are cancelled. Marketing already queued for it is dropped when due.
 */
export async function unsubscribe(db: Db, email: string): Promise<void> {
  const address = normal(email);
  await db.transaction(async (tx) => {
    await tx
      .insert(marketingSuppressions)
      .values({ email: address })
      .onConflictDoUpdate({ target: marketingSuppressions.email, set: { suppressedAt: sql`now()` } });
    await withdrawConsent(tx, address);
    await tx
      .update(stockAlerts)
      .set({ cancelledAt: sql`now()` })
      .where(and(eq(stockAlerts.email, address), isNull(stockAlerts.notifiedAt), isNull(stockAlerts.cancelledAt)));
  });
}

/**
 * What the outbox asks as it sends a marketing message: `consent`, the address's consent;
 * `request`, that the shopper asked (at `askedAt`) after her last unsubscribe. Undefined when it
 * may go, else why not (recorded with the dropped message).
 */
export async function refusedMarketing(
  db: Db | Tx,
  to: string,
  rule: 'consent' | 'request',
  askedAt?: string,
): Promise<string | undefined> {
  const email = normal(to);
  if (rule === 'consent') return (await hasMarketingConsent(db, email)) ? undefined : 'No marketing consent, or unsubscribed';
  const { suppressedAt } = await standing(db, email);
  const asked = askedAt ? new Date(askedAt) : undefined;
  if (!asked || Number.isNaN(asked.getTime())) return 'No request recorded';
  return suppressedAt && suppressedAt >= asked ? 'Unsubscribed after asking' : undefined;
}
