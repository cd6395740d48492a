/**
 * The messages worker, one per API process: every `intervalMs` it claims the due messages
 * (outbox.ts: FOR UPDATE SKIP LOCKED, so processes never take the same one), renders each,
 * sends it, and records the outcome. A failure is tried again later; the 5th is final.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { MessageTemplate } from '@shop/shared';
import { getSettings } from '../content/index.ts';
import type { Db } from '../db/client.ts';
import type { MessageRow } from '../db/schema/index.ts';
import { refusedMarketing, unsubscribeToken } from '../marketing/index.ts';
import { MARKETING_TEMPLATES, type ShopInfo, type StoredProps } from './catalog.ts';
import { claimDue, markDropped, markFailed, markSent } from './outbox.ts';
import { prepareProps, renderMessage, shopFor } from './render.ts';
import type { Transport } from './transport.ts';

export interface WorkerOptions {
  db: Db;
  transport: Transport;
  from: string;
  publicUrl: string;
  secret: string;
  log: FastifyBaseLogger;
  /** 0: no timer (tests call `runOnce` or `drain`). */
  intervalMs: number;
}

export async function shopInfo(db: Db, publicUrl: string): Promise<ShopInfo> {
  const s = await getSettings(db);
  return {
    name: s.storeName,
    address: s.address,
    phone: s.phone,
    url: publicUrl.replace(/\/+$/, ''),
    whatsappNumber: s.whatsappNumber,
    vatIncluded: s.vatIncluded,
  };
}

export function createMessageWorker({ db, transport, from, publicUrl, secret, log, intervalMs }: WorkerOptions) {
  const host = new URL(publicUrl).hostname || 'localhost';
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  /**
   * Sent, but not yet recorded as sent (the database was away: a restart). Recorded before
   * anything else is claimed, so a message is not sent again when its claim runs out.
   */
  const unrecorded = new Set<string>();

  async function recordSent(): Promise<void> {
    for (const id of unrecorded) {
      await markSent(db, id, new Date());
      unrecorded.delete(id);
    }
  }

  async function sendOne(message: MessageRow, shop: ShopInfo, now: Date): Promise<void> {
    try {
      const template = message.template as MessageTemplate;
      const marketing = MARKETING_TEMPLATES[template];
      let headers: Record<string, string> | undefined;
      let token: string | undefined;
      if (marketing) {
        // Checked now, as it goes: a message queued before its address unsubscribed is dropped.
        const askedAt = (message.props as { askedAt?: string }).askedAt;
        const refused = await refusedMarketing(db, message.to, marketing, askedAt);
        if (refused) {
          log.info({ messageId: message.id, reason: refused }, 'marketing message dropped');
          await markDropped(db, message.id, refused);
          return;
        }
        token = unsubscribeToken(secret, message.to);
        headers = {
          'List-Unsubscribe': `<${shop.url}/api/marketing/unsubscribe?token=${encodeURIComponent(token)}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        };
      }
      const props = prepareProps(template, message.props as StoredProps[typeof template], { secret, shop, reveal: true });
      const { html, text } = await renderMessage(template, props, shopFor(template, shop, token));
      await transport.send({
        messageId: `<${message.id}@${host}>`,
        from,
        to: message.to,
        subject: message.subject,
        html,
        text,
        headers,
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      log.warn({ messageId: message.id, attempts: message.attempts, err: reason }, 'message not sent');
      await markFailed(db, message, reason.slice(0, 500), now);
      return;
    }
    unrecorded.add(message.id);
    // While the database is away the rest of the batch still goes out; each is recorded once it is back.
    await recordSent().catch((error) => log.warn({ err: error, messageId: message.id }, 'message sent, not yet recorded'));
  }

  /** Sends what is due now; how many were tried. */
  async function runOnce(now = new Date()): Promise<number> {
    await recordSent();
    const claimed = await claimDue(db, now);
    if (claimed.length === 0) return 0;
    const shop = await shopInfo(db, publicUrl);
    for (const message of claimed) await sendOne(message, shop, now);
    return claimed.length;
  }

  /** One run at a time in this process (the timer's and a caller's never overlap). */
  function tick(now?: Date): Promise<number> {
    running ??= runOnce(now).finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    runOnce: tick,
    /** Sends until nothing is due (tests; `now` moves the clock for retries). */
    async drain(now?: Date): Promise<number> {
      let total = 0;
      for (let sent = await tick(now); sent > 0; sent = await tick(now)) total += sent;
      return total;
    },
    start() {
      if (intervalMs <= 0 || timer) return;
      timer = setInterval(() => {
        tick().catch((error) => log.error({ err: error }, 'messages worker failed'));
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => {});
      await recordSent().catch(() => {});
      transport.close();
    },
  };
}

export type MessageWorker = ReturnType<typeof createMessageWorker>;
