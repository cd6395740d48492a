/**
 * Sends the till's waiting sales to the server (POST /api/pos/sales/sync), oldest first, in
 * batches. Each sale keeps the status the server gave it: `recorded` or `duplicate` (it is
 * on the server: never sent again) or `conflict` (refused, with why: never sent again, the
 * manager sees it). A batch that fails (no network, a server error) changes nothing, so the
 * next sync sends again exactly what is not yet recorded; the server records each sale once
 * by its id, however often it comes.
 */
import type { SyncAnswer, SyncBody, SyncResult } from '@shop/shared/pos-till';
import type { StoredSale, TillDatabase, TillDevice } from './till-db.ts';

export const SYNC_BATCH = 50;

/** The sales to send: those the server has not answered for, oldest first. */
export function waitingSales(sales: StoredSale[]): StoredSale[] {
  return sales.filter((s) => s.status === 'waiting').sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** The sales updated by the server's answer; a sale it did not answer for stays waiting. */
export function applyResults(sales: StoredSale[], results: SyncResult[]): StoredSale[] {
  const byId = new Map(results.map((r) => [r.id, r]));
  return sales.map((sale) => {
    const result = byId.get(sale.id);
    if (!result) return sale;
    return {
      ...sale,
      status: result.status,
      ...(result.orderId ? { orderId: result.orderId } : {}),
      ...(result.message ? { message: result.message } : {}),
    };
  });
}

export interface SyncOutcome {
  sent: number;
  recorded: number;
  conflicts: number;
}

/**
 * One sync: every waiting sale, batch by batch, each batch's answer stored before the next is
 * sent. Throws what the first failing batch threw (the sales before it stay recorded).
 */
export async function syncSales(
  db: TillDatabase,
  send: (body: SyncBody) => Promise<SyncAnswer>,
  now: () => Date = () => new Date(),
  /** Only the sales made before this time (a drawer closed then counts them). */
  before?: string,
): Promise<SyncOutcome> {
  const device = await db.getMeta<TillDevice>('device');
  if (!device) return { sent: 0, recorded: 0, conflicts: 0 };
  const waiting = waitingSales(await db.sales.where('status').equals('waiting').toArray()).filter(
    (s) => before === undefined || s.createdAt < before,
  );
  const outcome: SyncOutcome = { sent: 0, recorded: 0, conflicts: 0 };
  for (let i = 0; i < waiting.length; i += SYNC_BATCH) {
    const batch = waiting.slice(i, i + SYNC_BATCH);
    const answer = await send({ tillId: device.tillId, sales: batch.map((s) => s.sale) });
    const updated = applyResults(batch, answer.results);
    await db.transaction('rw', db.sales, db.meta, async () => {
      await db.sales.bulkPut(updated);
      await db.setMeta('lastSyncAt', now().toISOString());
    });
    outcome.sent += batch.length;
    outcome.recorded += updated.filter((s) => s.status === 'recorded' || s.status === 'duplicate').length;
    outcome.conflicts += updated.filter((s) => s.status === 'conflict').length;
  }
  if (waiting.length === 0) await db.setMeta('lastSyncAt', now().toISOString());
  return outcome;
}
