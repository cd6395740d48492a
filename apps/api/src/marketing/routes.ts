/**
 * Marketing e-mail's routes (issue 31): a back-in-stock alert (anyone, per client IP limited),
 * the signed-in shopper's consent (/account's box), the unsubscribe (the e-mail's RFC 8058
 * one-click POST and the /unsubscribe page's button; no sign-in, a signed token), and the back
 * office's count of waiting alerts per variant.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponse,
  MARKETING_MESSAGES,
  marketingConsentBody,
  marketingConsentView,
  stockAlertBody,
  stockAlertResponse,
  unsubscribeBody,
  unsubscribeQuery,
  unsubscribeResponse,
} from '@shop/shared';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { productVariants } from '../db/schema/index.ts';
import { clientOf } from '../lib/client-address.ts';
import { badRequest } from '../lib/http-error.ts';
import { alertAddress, requestStockAlert, waitingAlerts } from './alerts.ts';
import { consentOf, grantConsent, unsubscribe, withdrawConsent } from './consent.ts';
import { addressOfToken } from './token.ts';

const tags = ['marketing'];
const security = [{ bearerAuth: [] }];

const marketingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/alerts/stock', {
    config: {
      access: 'public',
      rateLimit: { ...app.config.alertRateLimit, keyGenerator: (request) => `alerts|client|${clientOf(request)}` },
    },
    onRequest: app.optionalUser,
    schema: {
      tags,
      summary: 'Ask for one e-mail when a sold-out size and colour (a variant) is back in stock',
      description:
        "A guest gives her e-mail; a signed-in shopper's is her account's. The request is consent to that one e-mail; `marketingConsent: true` (the form's box) also consents to the shop's other marketing. Asking again for an open alert changes nothing. 404: no such variant on sale; 409: the variant is in stock, or the address already has 20 open alerts. Rate-limited per client IP (ALERT_RATE_LIMIT an hour; 429 with Retry-After).",
      body: stockAlertBody,
      response: { 201: stockAlertResponse, 400: errorResponse, 404: errorResponse, 409: errorResponse, 429: errorResponse },
    },
    handler: async (request, reply) => {
      const { variantId, email, marketingConsent } = request.body;
      const alert = await requestStockAlert(app.db, {
        variantId,
        email: alertAddress(email, request.user?.email),
        userId: request.user?.id ?? null,
        marketingConsent: marketingConsent ?? false,
      });
      return reply.status(201).send({ variantId: alert.variantId, email: alert.email, createdAt: alert.createdAt.toISOString() });
    },
  });

  app.get('/api/account/marketing', {
    config: { access: 'signed-in' },
    schema: {
      tags,
      security,
      summary: 'Whether you agreed to marketing e-mail (cart reminders, items you wait for), since when and where',
      response: { 200: marketingConsentView, 401: errorResponse },
    },
    handler: async (request) => consentOf(app.db, request.user!.email),
  });

  app.put('/api/account/marketing', {
    config: { access: 'signed-in' },
    schema: {
      tags,
      security,
      summary: 'Give (source account) or withdraw your consent to marketing e-mail; order e-mails are not affected',
      body: marketingConsentBody,
      response: { 200: marketingConsentView, 400: errorResponse, 401: errorResponse },
    },
    handler: async (request) => {
      const user = request.user!;
      if (request.body.consent) await grantConsent(app.db, { email: user.email, userId: user.id, source: 'account' });
      else await withdrawConsent(app.db, user.email);
      return consentOf(app.db, user.email);
    },
  });

  app.post('/api/marketing/unsubscribe', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Unsubscribe an address from marketing e-mail, by the signed token of its e-mails (no sign-in)',
      description:
        "The e-mail's List-Unsubscribe URL: the RFC 8058 one-click POST (application/x-www-form-urlencoded body List-Unsubscribe=One-Click, the token in the query), or JSON {token} from the /unsubscribe page. The address goes on the suppression list: marketing already queued for it is dropped, its consent withdrawn and its open back-in-stock alerts cancelled. There is no GET: mail scanners follow links. 400: no token, or one this shop did not sign.",
      querystring: unsubscribeQuery,
      body: unsubscribeBody.nullish(),
      response: { 200: unsubscribeResponse, 400: errorResponse },
    },
    handler: async (request) => {
      const token = request.body?.token ?? request.query.token;
      const email = token ? addressOfToken(app.config.jwtSecret, token) : undefined;
      if (!email) throw badRequest(MARKETING_MESSAGES.badToken);
      await unsubscribe(app.db, email);
      return { email, unsubscribed: true as const };
    },
  });

  app.get('/api/admin/products/:id/stock-alerts', {
    config: { access: 'catalog.read' },
    schema: {
      tags,
      security,
      summary: "How many back-in-stock alerts wait on each of the product's variants (variants with none left out)",
      params: z.object({ id: z.uuid() }),
      response: {
        200: z.object({ waiting: z.record(z.string(), z.number()) }),
        400: errorResponse,
        401: errorResponse,
        403: errorResponse,
      },
    },
    handler: async (request) => {
      const variants = await app.db
        .select({ id: productVariants.id })
        .from(productVariants)
        .where(eq(productVariants.productId, request.params.id));
      return {
        waiting: await waitingAlerts(
          app.db,
          variants.map((v) => v.id),
        ),
      };
    },
  });
};

export default marketingRoutes;
