/**
 * The till's state on screen and its actions. Everything it sells from is read from the
 * device (till-db.ts) when the page starts, so the till works after a reload with no
 * network; the network is only used to prepare the till, refresh its catalogue and sync its
 * sales (sync-queue.ts), and a failure of either changes nothing on the device.
 */
import type { RefundTo, TillSaleView } from '@shop/shared/pos-drawers';
import type { PosTillSettings, SyncApproval, TenderType, TillCustomer, TillStaff, TillVariant } from '@shop/shared/pos-till';
import { create } from 'zustand';
import { addLine, type CartLine, cartTotals, payment, syncLines, syncTenders, type Tender } from './cart.ts';
import { type CatalogueIndex, loadIndex, storeCatalogue, variantTitle } from './catalogue.ts';
import { fetchCatalogue, refusedForGood, registerTill, searchSales } from './till-api.ts';
import { type DrawerOp, type StoredReturn, type StoredSale, type TillDevice, type TillDrawer, tillDb } from './till-db.ts';
import { findLocalSales, goodsValue, localSaleView, withWaitingReturns } from './till-returns.ts';
import { outboxWaiting, syncTill, tillApi } from './till-outbox.ts';
import { warmImages } from './warm-images.ts';

type Phase = 'loading' | 'unprepared' | 'ready';

export interface TillState {
  phase: Phase;
  device: TillDevice | null;
  index: CatalogueIndex;
  staff: TillStaff[];
  settings: PosTillSettings | undefined;
  cashierId: string | null;
  lines: CartLine[];
  customer: TillCustomer | null;
  tenders: Tender[];
  approvals: SyncApproval[];
  /** The sales kept on the device, newest first. */
  sales: StoredSale[];
  parkedCount: number;
  lastSyncAt: string | null;
  syncing: boolean;
  syncError: string | null;
  /** The sale just made: its receipt shows until the next sale starts. */
  receipt: StoredSale | null;
  /** The drawer open on this till, or the last one closed (with its figures once synced). */
  drawer: TillDrawer | null;
  /** Drawer changes and returns not yet sent. */
  outboxWaiting: number;
  /** The returns taken on this till, newest first. */
  returns: StoredReturn[];

  load(): Promise<void>;
  prepare(name: string, memberId: string | undefined): Promise<void>;
  refreshCatalogue(): Promise<void>;
  sync(): Promise<void>;
  add(variant: TillVariant): void;
  updateLine(variantId: string, change: Partial<Pick<CartLine, 'quantity' | 'discount' | 'unitPrice'>>): void;
  removeLine(variantId: string): void;
  setCustomer(customer: TillCustomer | null): void;
  addTender(tender: Tender): void;
  removeTender(index: number): void;
  addApproval(approval: SyncApproval): void;
  complete(): Promise<StoredSale>;
  park(): Promise<void>;
  resume(id: string): Promise<void>;
  switchCashier(id: string): Promise<void>;
  newSale(): void;
  openDrawer(float: number): Promise<void>;
  moveCash(kind: 'pay_in' | 'pay_out', amount: number, reason: string): Promise<void>;
  closeDrawer(counted: number, note?: string): Promise<void>;
  /** Sales to take goods back from: the server's, or this till's own when offline. */
  findSales(query: string): Promise<TillSaleView[]>;
  /** Keeps the return on the device (sent at once when online) and answers it as it stands. */
  giveBack(input: ReturnInput): Promise<StoredReturn>;
}

export interface ReturnInput {
  sale: TillSaleView;
  /** Units coming back by line id, and whether each line's go back on sale. */
  quantities: Record<string, number>;
  restock: Record<string, boolean>;
  refundTo: RefundTo;
  approvals: SyncApproval[];
  /** An exchange: the items taken instead, and the tender that pays what the returned goods do not. */
  exchange?: { lines: { variantId: string; quantity: number }[]; paidBy: Exclude<TenderType, 'store_credit'> };
}

/** Kobo of the items taken in exchange, at the till catalogue's prices (as the server prices them). */
export function exchangeTotal(lines: { variantId: string; quantity: number }[], variants: TillVariant[]): number {
  return lines.reduce((sum, l) => sum + (variants.find((v) => v.id === l.variantId)?.salePrice ?? 0) * l.quantity, 0);
}

/** The drawer open now (not the last one closed). */
export const openDrawerOf = (drawer: TillDrawer | null) => (drawer && !drawer.closed && !drawer.refused ? drawer : null);

const emptyIndex: CatalogueIndex = { products: new Map(), variants: [], customers: [] };
const emptySale = { lines: [], customer: null, tenders: [], approvals: [] };

export const useTill = create<TillState>((set, get) => {
  const db = tillDb();

  async function readDevice() {
    const [device, index, staff, settings, cashierId, sales, parkedCount, lastSyncAt, drawer, waiting, returns] =
      await Promise.all([
        db.getMeta<TillDevice>('device'),
        loadIndex(db),
        db.staff.toArray(),
        db.getMeta<PosTillSettings>('settings'),
        db.getMeta<string>('cashierId'),
        db.sales.orderBy('createdAt').reverse().toArray(),
        db.parked.count(),
        db.getMeta<string>('lastSyncAt'),
        db.getMeta<TillDrawer>('drawer'),
        outboxWaiting(db),
        db.returns.orderBy('createdAt').reverse().toArray(),
      ]);
    set({
      returns,
      drawer: drawer ?? null,
      outboxWaiting: waiting,
      phase: device ? 'ready' : 'unprepared',
      device: device ?? null,
      index,
      staff,
      settings,
      cashierId: cashierId ?? null,
      sales,
      parkedCount,
      lastSyncAt: lastSyncAt ?? null,
    });
  }

  /** The drawer as it is now and the change that made it, kept together; sent at once when online. */
  async function keep(drawer: TillDrawer, op: DrawerOp) {
    await db.transaction('rw', db.meta, db.drawerOps, async () => {
      await db.setMeta('drawer', drawer);
      await db.drawerOps.add(op);
    });
    set({ drawer, outboxWaiting: await outboxWaiting(db) });
    if (navigator.onLine) await get().sync();
  }

  return {
    phase: 'loading',
    device: null,
    index: emptyIndex,
    staff: [],
    settings: undefined,
    cashierId: null,
    ...emptySale,
    sales: [],
    parkedCount: 0,
    lastSyncAt: null,
    syncing: false,
    syncError: null,
    receipt: null,
    drawer: null,
    outboxWaiting: 0,
    returns: [],

    load: readDevice,

    async prepare(name, memberId) {
      const created = await registerTill(name);
      const device: TillDevice = { ...created, name };
      const catalogue = await fetchCatalogue(device.deviceToken);
      await storeCatalogue(db, catalogue);
      await db.setMeta('device', device);
      // The member who prepared the till sells first (they signed in with their password).
      if (memberId && catalogue.staff.some((s) => s.id === memberId)) await db.setMeta('cashierId', memberId);
      await readDevice();
      warmImages(catalogue.products.map((p) => p.image));
    },

    async refreshCatalogue() {
      const device = get().device;
      if (!device) return;
      const since = await db.getMeta<string>('catalogueVersion');
      const catalogue = await fetchCatalogue(device.deviceToken, since);
      await storeCatalogue(db, catalogue);
      const [index, staff] = await Promise.all([loadIndex(db), db.staff.toArray()]);
      set({ index, staff, settings: catalogue.settings });
      warmImages(catalogue.products.map((p) => p.image));
    },

    async sync() {
      const device = get().device;
      if (!device || get().syncing) return;
      set({ syncing: true, syncError: null });
      try {
        await syncTill(db, tillApi(device.deviceToken));
        // Stock and PINs as the server has them now.
        await get().refreshCatalogue();
      } catch (error) {
        set({ syncError: error instanceof Error ? error.message : String(error) });
      } finally {
        const [sales, lastSyncAt, drawer, waiting, returns] = await Promise.all([
          db.sales.orderBy('createdAt').reverse().toArray(),
          db.getMeta<string>('lastSyncAt'),
          db.getMeta<TillDrawer>('drawer'),
          outboxWaiting(db),
          db.returns.orderBy('createdAt').reverse().toArray(),
        ]);
        set({
          syncing: false,
          sales,
          lastSyncAt: lastSyncAt ?? null,
          drawer: drawer ?? null,
          outboxWaiting: waiting,
          returns,
        });
      }
    },

    add(variant) {
      const product = get().index.products.get(variant.productId);
      const line = {
        variantId: variant.id,
        productId: variant.productId,
        title: variantTitle(product, variant),
        sku: variant.sku,
        listPrice: variant.salePrice,
      };
      set((s) => ({ lines: addLine(s.lines, line), tenders: [], receipt: null }));
    },

    updateLine(variantId, change) {
      set((s) => ({
        lines: s.lines.map((l) => (l.variantId === variantId ? { ...l, ...change } : l)),
        tenders: [],
        approvals: [],
      }));
    },

    removeLine(variantId) {
      set((s) => ({ lines: s.lines.filter((l) => l.variantId !== variantId), tenders: [], approvals: [] }));
    },

    setCustomer: (customer) => set({ customer }),
    addTender: (tender) => set((s) => ({ tenders: [...s.tenders, tender] })),
    removeTender: (index) => set((s) => ({ tenders: s.tenders.filter((_, i) => i !== index) })),
    addApproval: (approval) => set((s) => ({ approvals: [...s.approvals, approval] })),

    async complete() {
      const { lines, tenders, approvals, customer, cashierId, staff, drawer } = get();
      const open = openDrawerOf(drawer);
      const cashier = staff.find((s) => s.id === cashierId);
      if (!cashier) throw new Error('Choose the cashier first');
      const totals = cartTotals(lines);
      const paid = payment(totals.total, tenders);
      if (lines.length === 0 || paid.due > 0) throw new Error('The sale is not paid in full');
      const id = crypto.randomUUID();
      const receiptNumber = await db.nextReceiptNumber();
      const createdAt = new Date().toISOString();
      const stored: StoredSale = {
        id,
        receiptNumber,
        createdAt,
        sale: {
          id,
          receiptNumber,
          createdAt,
          cashierId: cashier.id,
          ...(customer ? { customerId: customer.id } : {}),
          // The drawer its cash went into (its Z-report counts the sale); none open, none named.
          ...(open ? { drawerId: open.id } : {}),
          offline: !navigator.onLine,
          lines: syncLines(lines),
          tenders: syncTenders(tenders),
          approvals,
        },
        receipt: {
          lines,
          tenders,
          total: totals.total,
          subtotal: totals.subtotal,
          change: paid.change,
          customerName: customer ? customer.firstName : null,
          cashierName: cashier.firstName,
        },
        status: 'waiting',
      };
      await db.sales.put(stored);
      set((s) => ({ ...emptySale, receipt: stored, sales: [stored, ...s.sales] }));
      if (navigator.onLine) void get().sync();
      return stored;
    },

    async park() {
      const { lines, customer } = get();
      if (lines.length === 0) return;
      await db.parked.put({
        id: crypto.randomUUID(),
        parkedAt: new Date().toISOString(),
        lines,
        customerId: customer?.id ?? null,
      });
      set({ ...emptySale, parkedCount: await db.parked.count() });
    },

    async resume(id) {
      const parked = await db.parked.get(id);
      if (!parked) return;
      await db.parked.delete(id);
      const customer = get().index.customers.find((c) => c.id === parked.customerId) ?? null;
      set({ ...emptySale, lines: parked.lines, customer, receipt: null, parkedCount: await db.parked.count() });
    },

    async switchCashier(id) {
      await db.setMeta('cashierId', id);
      set({ cashierId: id });
    },

    newSale: () => set({ ...emptySale, receipt: null }),

    async openDrawer(float) {
      const device = get().device;
      if (!device) throw new Error('This till is not set up');
      if (openDrawerOf(get().drawer)) throw new Error('A drawer is open already: close it first');
      const id = crypto.randomUUID();
      const openedAt = new Date().toISOString();
      const drawer: TillDrawer = { id, float, openedAt, payIns: 0, payOuts: 0 };
      await keep(drawer, { kind: 'open', drawerId: id, createdAt: openedAt, status: 'waiting', body: { id, float, openedAt } });
    },

    async moveCash(kind, amount, reason) {
      const drawer = openDrawerOf(get().drawer);
      if (!drawer) throw new Error('Open a drawer first');
      const createdAt = new Date().toISOString();
      const changed = kind === 'pay_in' ? { payIns: drawer.payIns + amount } : { payOuts: drawer.payOuts + amount };
      await keep(
        { ...drawer, ...changed },
        {
          kind: 'movement',
          drawerId: drawer.id,
          createdAt,
          status: 'waiting',
          body: { id: crypto.randomUUID(), kind, amount, reason, createdAt },
        },
      );
    },

    async findSales(query) {
      const { device, sales, index, returns } = get();
      if (!device) return [];
      const own = findLocalSales(
        sales.filter((s) => s.status !== 'conflict').map((s) => localSaleView(s, device.tillId, index.customers)),
        query,
      );
      let found = own;
      if (navigator.onLine) {
        try {
          const remote = await searchSales(device.deviceToken, query);
          // A sale made here and not yet synced is only on the device.
          found = [...remote, ...own.filter((s) => !remote.some((r) => r.id === s.id))];
        } catch (error) {
          if (refusedForGood(error)) throw error;
        }
      }
      return found.map((sale) => withWaitingReturns(sale, returns));
    },

    async giveBack({ sale, quantities, restock, refundTo, approvals, exchange }) {
      const { device, cashierId, index } = get();
      if (!device || !cashierId) throw new Error('Choose the cashier first');
      const lines = sale.lines
        .filter((l) => l.variantId && (quantities[l.lineId] ?? 0) > 0)
        .map((l) => ({ variantId: l.variantId!, quantity: quantities[l.lineId]!, restock: restock[l.lineId] ?? true }));
      if (lines.length === 0) throw new Error('Choose what comes back');
      const id = crypto.randomUUID();
      const goods = goodsValue(sale, quantities);
      const taken = exchange?.lines.filter((l) => l.quantity > 0) ?? [];
      const total = exchangeTotal(taken, index.variants);
      const due = Math.max(0, total - goods);
      const swap =
        exchange && taken.length > 0
          ? {
              sale: {
                id: crypto.randomUUID(),
                receiptNumber: await db.nextReceiptNumber(),
                lines: taken,
                tenders:
                  due > 0
                    ? [{ type: exchange.paidBy, amount: due, ...(exchange.paidBy === 'cash' ? { tendered: due } : {}) }]
                    : [],
              },
            }
          : undefined;
      const stored: StoredReturn = {
        id,
        createdAt: new Date().toISOString(),
        receiptNumber: sale.receiptNumber,
        body: {
          id,
          tillId: device.tillId,
          saleId: sale.id,
          lines,
          refundTo,
          cashierId,
          approvals,
          ...(swap ? { exchange: swap } : {}),
        },
        goods,
        ...(swap ? { exchangeTotal: total } : {}),
        status: 'waiting',
      };
      await db.returns.put(stored);
      set((s) => ({ returns: [stored, ...s.returns], outboxWaiting: s.outboxWaiting + 1 }));
      if (navigator.onLine) await get().sync();
      return (await db.returns.get(id)) ?? stored;
    },

    async closeDrawer(counted, note) {
      const drawer = openDrawerOf(get().drawer);
      if (!drawer) throw new Error('Open a drawer first');
      const at = new Date().toISOString();
      await keep(
        { ...drawer, closed: { counted, at } },
        { kind: 'close', drawerId: drawer.id, createdAt: at, status: 'waiting', body: { counted, ...(note ? { note } : {}) } },
      );
    },
  };
});

/** Kobo of the till's offline sales not yet synced (the till's offline limit counts them). */
export function offlineWaiting(sales: StoredSale[]): number {
  return sales.filter((s) => s.status === 'waiting' && s.sale.offline).reduce((sum, s) => sum + s.receipt.total, 0);
}
