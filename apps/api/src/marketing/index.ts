/**
 * Marketing e-mail's public surface (issue 31): consent (for every marketing message; the
 * wishlist's and cart recovery's ask `hasMarketingConsent`, and the outbox checks again as it
 * sends), the unsubscribe token the outbox puts in each marketing e-mail, and the routes.
 */
export { consentOf, grantConsent, hasMarketingConsent, refusedMarketing, unsubscribe, withdrawConsent } from './consent.ts';
export { default as marketingRoutes } from './routes.ts';
export { addressOfToken, unsubscribeToken } from './token.ts';
