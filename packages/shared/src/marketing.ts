/**
 * Marketing e-mail (issue 31): consent, unsubscribing, and back-in-stock alerts. Marketing
 * messages (back in stock, and later price drops, wishlist reminders, cart recovery) go only
 * with consent, and every one carries a one-click unsubscribe (RFC 8058).
 */
import { z } from 'zod';

/** Where a consent was given: the box at checkout, at registration, on /account, or on an alert's form. */
export const MARKETING_CONSENT_SOURCES = ['checkout', 'registration', 'account', 'alert'] as const;
export type MarketingConsentSource = (typeof MARKETING_CONSENT_SOURCES)[number];

/** Open alerts one address may have at once. */
export const MAX_OPEN_STOCK_ALERTS = 20;

const email = z.string().trim().toLowerCase().pipe(z.email('Enter a valid email address').max(254));

/** POST /api/alerts/stock: a guest gives her e-mail; a signed-in shopper's is her account's. */
export const stockAlertBody = z.object({
  variantId: z.uuid('Choose a size'),
  email: email.optional(),
  /** The form's box: consent to the rest of the shop's marketing too (the alert itself needs none). */
  marketingConsent: z.boolean().optional(),
});
export type StockAlertBody = z.infer<typeof stockAlertBody>;

export const stockAlertResponse = z.object({
  variantId: z.string(),
  email: z.string(),
  createdAt: z.string(),
});

/** GET and PUT /api/account/marketing: the signed-in shopper's consent. */
export const marketingConsentView = z.object({
  consent: z.boolean(),
  /** Since when (null without consent). */
  grantedAt: z.string().nullable(),
  source: z.enum(MARKETING_CONSENT_SOURCES).nullable(),
});
export type MarketingConsentView = z.infer<typeof marketingConsentView>;
export const marketingConsentBody = z.object({ consent: z.boolean() });

/** POST /api/marketing/unsubscribe: JSON from the page, or the RFC 8058 one-click form. */
export const unsubscribeBody = z.object({
  token: z.string().max(600).optional(),
  'List-Unsubscribe': z.literal('One-Click').optional(),
});
export const unsubscribeQuery = z.object({ token: z.string().max(600).optional() });
export const unsubscribeResponse = z.object({ email: z.string(), unsubscribed: z.literal(true) });

export const MARKETING_MESSAGES = {
  badToken: 'This unsubscribe link is not valid.',
  tooManyAlerts: `You are already waiting for ${MAX_OPEN_STOCK_ALERTS} items: we will e-mail you when they are back. Ask again for this one once one of them has arrived.`,
  inStock: 'This size is in stock: you can buy it now.',
  noVariant: 'That size does not exist.',
  emailRequired: 'Enter your e-mail address',
  unsubscribed: 'You will get no more marketing e-mails from us. Order e-mails (receipts, delivery) still come.',
} as const;
