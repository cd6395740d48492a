/**
 * Messages the shop sends (e-mails to shoppers and to the shop), as the back office lists
 * them, and the password-reset requests. A message is queued in the same transaction as its
 * event and sent by a worker; see apps/api/src/messages/.
 */
import { z } from 'zod';

export const MESSAGE_TEMPLATES = [
  'welcome',
  'password-reset',
  'password-changed',
  'staff-invitation',
  'order-received',
  'payment-received',
  'order-shipped',
  'order-delivered',
  'order-cancelled',
  'order-refunded',
  'till-receipt',
  'shop-new-order',
  'shop-low-stock',
  'shop-payment-problem',
  'shop-bank-account-changed',
  'back-in-stock',
  'price-drop',
  'cart-recovery',
  'transfer-reminder',
] as const;
export type MessageTemplate = (typeof MESSAGE_TEMPLATES)[number];

/**
 * queued: waiting (maybe for a retry); sending: claimed by a worker; sent; failed: gave up after
 * the last retry; dropped: a marketing message not sent because, when its time came, the address
 * had unsubscribed or had no consent (issue 31).
 */
export const MESSAGE_STATUSES = ['queued', 'sending', 'sent', 'failed', 'dropped'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** After the 1st, 2nd, 3rd and 4th failure, the next try waits this long; the 5th failure gives up. */
export const MESSAGE_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000] as const;

export const messageView = z.object({
  id: z.string(),
  template: z.enum(MESSAGE_TEMPLATES),
  to: z.string(),
  subject: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
  /** The order it is about, if any (its number, for the list). */
  orderNumber: z.string().nullable(),
});
export type MessageView = z.infer<typeof messageView>;

/** One message with what it says, rendered as it is (or was) sent. */
export const messageDetail = messageView.extend({ html: z.string(), text: z.string() });
export type MessageDetail = z.infer<typeof messageDetail>;

export const MESSAGE_PAGE_SIZE = 20;
export const messageListQuery = z.object({
  status: z.enum(MESSAGE_STATUSES).optional(),
  /** Part of the recipient or the subject, any case. */
  search: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(MESSAGE_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type MessageListQuery = z.infer<typeof messageListQuery>;

// ── Password reset ──────────────────────────────────────────────────────────────────────

/** A reset link works this long, once. */
export const RESET_TOKEN_TTL_MINUTES = 60;

export const RESET_MESSAGES = {
  /** The same answer whether or not the address has an account. */
  sent: 'If an account exists for that address, we have sent it a link to choose a new password. It works for 60 minutes.',
  invalid: 'This link is not valid. Ask for a new one.',
  expired: 'This link has expired. Ask for a new one.',
  used: 'This link has already been used. Ask for a new one if you need to.',
  done: 'Your password has been changed. Sign in with the new one.',
} as const;

export const forgotPasswordBody = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('Enter a valid email address').max(254)),
});
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;

export const resetPasswordBody = z.object({
  token: z.string().min(20, RESET_MESSAGES.invalid).max(200, RESET_MESSAGES.invalid),
  password: z.string().min(8, 'Password must be at least 8 characters').max(200),
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;
