import 'fake-indexeddb/auto';
import type { SyncBody, SyncResult } from '@shop/shared/pos-till';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SYNC_BATCH, syncSales } from './sync-queue.ts';
import { type StoredSale, TillDatabase } from './till-db.ts';

let db: TillDatabase;
beforeEach(async () => {
  db = new TillDatabase(`sync-${Math.random()}`);
  await db.setMeta('device', {
    tillId: '9b1c4c0e-0000-4000-8000-000000000001',
    prefix: 'T2',
    deviceToken: 'till_x',
    name: 'Front',
  });
});
afterEach(async () => {
  await db.delete();
});

const sale = (n: number): StoredSale => {
  const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const receiptNumber = `T2-${String(n).padStart(6, '0')}`;
  const createdAt = new Date(Date.UTC(2026, 10, 26, 9, 0, n)).toISOString();
  return {
    id,
    receiptNumber,
    createdAt,
    sale: { id, receiptNumber, createdAt, cashierId: id, offline: true, lines: [], tenders: [], approvals: [] },
    receipt: { lines: [], tenders: [], total: 1000, subtotal: 1000, change: 0, customerName: null, cashierName: 'Ada' },
    status: 'waiting',
  };
};

/** A server that records each id once and answers duplicate after; `fail` makes the n-th call throw. */
function server({ fail, conflict }: { fail?: number; conflict?: string } = {}) {
  const recorded = new Set<string>();
  const calls: string[][] = [];
  const send = async (body: SyncBody) => {
    calls.push(body.sales.map((s) => s.receiptNumber));
    if (calls.length === fail) throw new TypeError('Failed to fetch');
    const results: SyncResult[] = body.sales.map((s) => {
      if (s.receiptNumber === conflict) return { id: s.id, status: 'conflict', message: 'Your role may not give that discount' };
      if (recorded.has(s.id)) return { id: s.id, status: 'duplicate' };
      recorded.add(s.id);
      return { id: s.id, status: 'recorded', orderId: s.id };
    });
    return { results };
  };
  return { send, calls, recorded };
}

describe('the sync queue', () => {
  it('sends the waiting sales oldest first, keeps each answer and sends nothing again', async () => {
    await db.sales.bulkPut([sale(3), sale(1), sale(2)]);
    const api = server({ conflict: 'T2-000002' });
    const outcome = await syncSales(db, api.send, () => new Date('2026-11-26T10:00:00Z'));
    expect(api.calls).toEqual([['T2-000001', 'T2-000002', 'T2-000003']]);
    expect(outcome).toEqual({ sent: 3, recorded: 2, conflicts: 1 });
    const stored = await db.sales.orderBy('createdAt').toArray();
    expect(stored.map((s) => s.status)).toEqual(['recorded', 'conflict', 'recorded']);
    expect(stored[1]?.message).toBe('Your role may not give that discount');
    expect(await db.getMeta('lastSyncAt')).toBe('2026-11-26T10:00:00.000Z');

    // Nothing is waiting: nothing is sent.
    await syncSales(db, api.send);
    expect(api.calls).toHaveLength(1);
  });

  it('after a batch fails halfway, resends only the sales not yet recorded', async () => {
    const many = Array.from({ length: SYNC_BATCH + 5 }, (_, i) => sale(i + 1));
    await db.sales.bulkPut(many);
    const api = server({ fail: 2 });
    await expect(syncSales(db, api.send)).rejects.toThrow('Failed to fetch');
    expect(await db.sales.where('status').equals('waiting').count()).toBe(5);
    expect(await db.getMeta('lastSyncAt')).toBeDefined();

    await syncSales(db, api.send);
    expect(api.calls[2]).toEqual(many.slice(SYNC_BATCH).map((s) => s.receiptNumber));
    expect(api.recorded.size).toBe(SYNC_BATCH + 5);
    expect(await db.sales.where('status').equals('waiting').count()).toBe(0);
  });

  it('keeps a sale the server did not answer for waiting', async () => {
    await db.sales.bulkPut([sale(1), sale(2)]);
    await syncSales(db, async (body) => ({ results: [{ id: body.sales[0]!.id, status: 'recorded' }] }));
    expect((await db.sales.get(sale(2).id))?.status).toBe('waiting');
  });
});
