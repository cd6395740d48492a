import 'fake-indexeddb/auto';
import type { SyncBody, SyncResult } from '@shop/shared/pos-till';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SYNC_BATCH, syncSales } from './sync-queue.ts';
import { ApiError } from '@/lib/api-client.ts';
import { type DrawerOp, type StoredSale, TillDatabase } from './till-db.ts';
import { outboxWaiting, syncTill, type TillApi } from './till-outbox.ts';

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

const at = (second: number) => new Date(Date.UTC(2026, 10, 26, 9, 0, second)).toISOString();
const drawerA = '00000000-0000-4000-8000-00000000000a';
const drawerB = '00000000-0000-4000-8000-00000000000b';

/** A waiting sale made into a drawer (its time: second n). */
const inDrawer = (n: number, drawerId: string): StoredSale => {
  const made = sale(n);
  return { ...made, sale: { ...made.sale, drawerId } };
};
const open = (drawerId: string, minute: number): DrawerOp => ({
  kind: 'open',
  drawerId,
  createdAt: at(minute),
  status: 'waiting',
  body: { id: drawerId, float: 0 },
});
const close = (drawerId: string, minute: number): DrawerOp => ({
  kind: 'close',
  drawerId,
  createdAt: at(minute),
  status: 'waiting',
  body: { counted: 1000 },
});

/** The calls in order; `refuse` answers a 409 to closes (and `refuseOpen` to opens), `down` throws a network error from the n-th call on. */
function outboxServer({
  refuse = false,
  refuseOpen = false,
  down,
}: {
  refuse?: boolean;
  refuseOpen?: boolean;
  down?: number;
} = {}) {
  const calls: string[] = [];
  const call = async <T>(name: string, answer: T): Promise<T> => {
    calls.push(name);
    if (down !== undefined && calls.length >= down) throw new TypeError('Failed to fetch');
    return answer;
  };
  const api: TillApi = {
    sales: (body) =>
      call(`sales ${body.sales.map((s) => s.receiptNumber).join(',')}`, {
        results: body.sales.map((s) => ({ id: s.id, status: 'recorded' as const })),
      }),
    openDrawer: async (body) => {
      if (!refuseOpen) return call(`open ${body.id.slice(-1)}`, {} as never);
      calls.push(`open ${body.id.slice(-1)}`);
      throw new ApiError(409, 'This till already has an open drawer: close it first');
    },
    moveCash: (id) => call(`move ${id.slice(-1)}`, {}),
    closeDrawer: async (id, body) => {
      if (refuse) {
        calls.push(`close ${id.slice(-1)}`);
        throw new ApiError(409, 'This drawer is closed already');
      }
      return call(`close ${id.slice(-1)}`, { expected: 900, counted: body.counted, overShort: 100, drawer: {} as never });
    },
    giveBack: (body) => call(`return ${body.saleId.slice(-1)}`, {} as never),
  };
  return { api, calls };
}

describe("the till's outbox", () => {
  it('opens each drawer before its sales, and syncs the sales made before a close first, across two drawers made offline', async () => {
    await db.drawerOps.bulkAdd([open(drawerA, 0), close(drawerA, 2), open(drawerB, 3), close(drawerB, 5)]);
    await db.sales.bulkPut([inDrawer(1, drawerA), inDrawer(4, drawerB)]);
    await db.setMeta('drawer', {
      id: drawerB,
      float: 0,
      openedAt: at(3),
      payIns: 0,
      payOuts: 0,
      closed: { counted: 1000, at: at(5) },
    });
    const { api, calls } = outboxServer();

    await syncTill(db, api);
    expect(calls).toEqual(['open a', 'sales T2-000001', 'close a', 'open b', 'sales T2-000004', 'close b']);
    expect(await outboxWaiting(db)).toBe(0);
    // The last drawer's figures as the server answered them.
    expect((await db.getMeta<{ closed: object }>('drawer'))?.closed).toMatchObject({ expected: 900, overShort: 100 });
  });

  it('stops at a network failure and sends the rest, and only the rest, next time', async () => {
    await db.drawerOps.bulkAdd([open(drawerA, 0), close(drawerA, 2)]);
    await db.sales.put(inDrawer(1, drawerA));
    const first = outboxServer({ down: 2 });
    await expect(syncTill(db, first.api)).rejects.toThrow('Failed to fetch');
    expect(await outboxWaiting(db)).toBe(1);

    const second = outboxServer();
    await syncTill(db, second.api);
    expect(second.calls).toEqual(['sales T2-000001', 'close a']);
  });

  it('keeps a refusal with its reason and never sends it again', async () => {
    await db.drawerOps.bulkAdd([open(drawerA, 0), close(drawerA, 2)]);
    const first = outboxServer({ refuse: true });
    await syncTill(db, first.api);
    const ops = await db.drawerOps.toArray();
    expect(ops.map((o) => [o.kind, o.status, o.message])).toEqual([
      ['open', 'sent', undefined],
      ['close', 'refused', 'This drawer is closed already'],
    ]);
    const second = outboxServer();
    await syncTill(db, second.api);
    expect(second.calls).toEqual([]);
  });

  it('records the sales of a drawer the server refused to open without it, rather than losing them to a conflict', async () => {
    await db.drawerOps.add(open(drawerA, 0));
    await db.setMeta('drawer', { id: drawerA, float: 0, openedAt: at(0), payIns: 0, payOuts: 0 });
    await db.sales.put(inDrawer(1, drawerA));
    const { api, calls } = outboxServer({ refuseOpen: true });
    const sent: SyncBody[] = [];
    const sales = (body: SyncBody) => {
      sent.push(body);
      return api.sales(body);
    };
    await syncTill(db, { ...api, sales });
    expect(calls).toEqual(['open a', 'sales T2-000001']);
    expect(sent[0]?.sales[0]?.drawerId).toBeUndefined();
    expect((await db.sales.toArray()).map((s) => s.status)).toEqual(['recorded']);
    // No later sale goes into it: the till shows it refused, not open.
    expect(await db.getMeta('drawer')).toMatchObject({ refused: 'This till already has an open drawer: close it first' });
  });
});
