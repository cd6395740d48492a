/**
 * What the storefront's forms share (decision 0033): the form session read as the shopper's
 * bearer token, for the one request a form or a page of hers makes, and the short page a refused
 * form answers with (its status, the message, a link back).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CART_COOKIE } from '../cart/index.ts';
import { z } from 'zod';

/** The cookie that holds a shopper's form session (her bearer token, never readable by scripts). */
export const SESSION_COOKIE = 'shop_session';

/** A form's field, loose on purpose (each form checks its fields itself, so a mistake gets the form's page, not JSON). */
export const formText = (max: number) => z.string().max(max).optional();

/**
 * Sets request.user from the form session cookie (as optionalUser does from a bearer token); a
 * request with a bearer token of its own keeps it. Never refuses: an expired or revoked token
 * leaves her signed out.
 */
export function formSession(app: FastifyInstance) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token && !request.headers.authorization) request.headers.authorization = `Bearer ${token}`;
    await app.optionalUser(request, reply);
  };
}

/**
 * The headers a shopper's own page reads the API with (app.sendOwnPage): her form session as a
 * bearer token, and her cart's cookie. Nothing else of hers is passed on.
 */
export function ownPageHeaders(request: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  const token = request.cookies[SESSION_COOKIE];
  if (token) headers.authorization = `Bearer ${token}`;
  const cart = request.cookies[CART_COOKIE];
  if (cart) headers.cookie = `${CART_COOKIE}=${encodeURIComponent(cart)}`;
  return headers;
}

/** Signs her in for forms: her token in the HttpOnly, SameSite=Lax session cookie (Secure in production). */
export function startFormSession(reply: FastifyReply, token: string, secure: boolean) {
  reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A form's answer without JavaScript: a short page with its status, what happened and a link on. */
export function formAnswerPage(
  reply: FastifyReply,
  status: number,
  { title, msg, href, link }: { title: string; msg: string; href: string; link: string },
  role: 'alert' | 'status' = 'status',
) {
  return reply
    .status(status)
    .header('Cache-Control', 'private, no-store')
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><meta charset="utf-8"><title>${escapeHtml(title)}</title><p role="${role}">${escapeHtml(msg)}</p><p><a href="${escapeHtml(href)}">${escapeHtml(link)}</a></p>`,
    );
}

/** A refused form: its status and a short page with the message and a link back (nothing was changed). */
export const refusalPage = (
  reply: FastifyReply,
  status: number,
  page: { title: string; msg: string; href: string; link: string },
) => formAnswerPage(reply, status, page, 'alert');
