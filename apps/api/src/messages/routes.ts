/**
 * The back office's Messages screen: what the shop sent, is sending and failed to send, each
 * with a preview as it reads (a reset link's token is never shown), and sending a failed one
 * again. Admins only.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, isUuid, type MessageTemplate, messageDetail, messageListQuery, messageView } from '@shop/shared';
import { z } from 'zod';
import type { StoredProps } from './catalog.ts';
import { notFound } from '../lib/http-error.ts';
import { findMessage, type ListedMessage, listMessages, resend } from './outbox.ts';
import { prepareProps, renderMessage, shopFor } from './render.ts';
import { shopInfo } from './worker.ts';

const tags = ['messages'];
const security = [{ bearerAuth: [] }];
const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toView(m: ListedMessage) {
  return {
    id: m.id,
    template: m.template,
    to: m.to,
    subject: m.subject,
    status: m.status,
    attempts: m.attempts,
    lastError: m.lastError,
    nextAttemptAt: m.status === 'queued' ? iso(m.nextAttemptAt) : null,
    sentAt: iso(m.sentAt),
    createdAt: m.createdAt.toISOString(),
    orderNumber: m.orderNumber,
  };
}

/** Mounted at /api/messages. */
const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const params = z.object({ id: z.string().max(100) });
  const one = async (id: string) => {
    const message = isUuid(id) ? await findMessage(app.db, id) : undefined;
    if (!message) throw notFound('Message not found');
    return message;
  };

  app.get('/api/messages', {
    config: { access: 'messages.read' },
    schema: {
      tags,
      security,
      summary: 'Messages, newest first, by state or searched by recipient and subject (total in X-Total-Count)',
      querystring: messageListQuery,
      response: { 200: z.array(messageView), 400: errorResponse, 401: errorResponse, 403: errorResponse },
    },
    handler: async (request, reply) => {
      const { items, total } = await listMessages(app.db, request.query);
      reply.header('X-Total-Count', String(total));
      return items.map(toView);
    },
  });

  app.get('/api/messages/:id', {
    config: { access: 'messages.read' },
    schema: {
      tags,
      security,
      summary: 'One message with its HTML and text as it reads (a reset link shows no token)',
      params,
      response: { 200: messageDetail, 401: errorResponse, 403: errorResponse, 404: errorResponse },
    },
    handler: async (request) => {
      const message = await one(request.params.id);
      const template = message.template as MessageTemplate;
      const shop = await shopInfo(app.db, app.config.publicUrl);
      const props = prepareProps(template, message.props as StoredProps[typeof template], {
        secret: app.config.jwtSecret,
        shop,
        reveal: false,
      });
      return { ...toView(message), ...(await renderMessage(template, props, shopFor(template, shop))) };
    },
  });

  app.post('/api/messages/:id/resend', {
    config: { access: 'messages.read' },
    schema: {
      tags,
      security,
      summary: 'Send a failed message again (queued now, its tries counted afresh)',
      params,
      response: { 200: messageView, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse },
    },
    handler: async (request) => {
      await one(request.params.id);
      await resend(app.db, request.params.id);
      return toView(await one(request.params.id));
    },
  });
};

export default messageRoutes;
