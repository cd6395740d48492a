/**
 * What the till keeps on the device (IndexedDB, through Dexie), so it sells with no network
 * and after a reload: its registration (id, prefix, device token), the catalogue it sells
 * (products, variants, customers, the staff allowed on it with their PINs' slow hashes, the
 * settings it follows offline), the sales it made with their sync status, and parked sales.
 * Nothing here is cleared by the app: a sale leaves only once the server has recorded it,
 * and even then stays for the day's list.
 */
import type { DrawerCloseBody, DrawerMovementBody, DrawerOpenBody } from '@shop/shared/pos-drawers';
import type {
  PosTillSettings,
  SyncSale,
  SyncStatus,
  TillCustomer,
  TillProduct,
  TillReturnBody,
  TillStaff,
  TillVariant,
} from '@shop/shared/pos-till';
import Dexie, { type EntityTable } from 'dexie';
import type { CartLine, Tender } from './cart.ts';
import { formatReceiptNumber } from './receipt-number.ts';

export interface TillDevice {
  tillId: string;
  prefix: string;
  deviceToken: string;
  name: string;
}

/** What the receipt shows, kept with the sale so it prints offline. */
export interface SaleReceipt {
  lines: CartLine[];
  tenders: Tender[];
  total: number;
  subtotal: number;
  change: number;
  customerName: string | null;
  cashierName: string;
}

export interface StoredSale {
  id: string;
  receiptNumber: string;
  createdAt: string;
  /** Exactly what the sync sends. */
  sale: SyncSale;
  receipt: SaleReceipt;
  /** waiting: not yet recorded by the server (sent again at the next sync). */
  status: 'waiting' | SyncStatus;
  message?: string;
  orderId?: string;
}

export interface ParkedSale {
  id: string;
  parkedAt: string;
  lines: CartLine[];
  customerId: string | null;
}

/** The till's cash drawer as the device knows it (kobo); the server's answer at closing once synced. */
export interface TillDrawer {
  id: string;
  float: number;
  openedAt: string;
  payIns: number;
  payOuts: number;
  closed?: { counted: number; at: string; expected?: number; overShort?: number; message?: string };
  /** Why the server would not open it: no sale goes into it any more. */
  refused?: string;
}

/**
 * A drawer change made on the till, kept until the server has it: sent with the device
 * token, in the order made (seq), at the same moments as the sales.
 */
export type DrawerOp = {
  seq?: number;
  drawerId: string;
  createdAt: string;
  /** waiting: not yet sent; sent: the server has it; refused: the server said no (with why; never sent again). */
  status: 'waiting' | 'sent' | 'refused';
  message?: string;
} & (
  | { kind: 'open'; body: DrawerOpenBody }
  | { kind: 'movement'; body: DrawerMovementBody }
  | { kind: 'close'; body: DrawerCloseBody }
);

/** A return taken at the till, kept until the server has recorded it (as a sale). */
export interface StoredReturn {
  id: string;
  createdAt: string;
  receiptNumber: string;
  body: TillReturnBody;
  /** Kobo: the goods' value as the till worked it out. */
  goods: number;
  /** Kobo: the items taken in exchange, at the till's prices (an exchange only). */
  exchangeTotal?: number;
  status: 'waiting' | 'recorded' | 'refused';
  /** Kobo given back, as the server recorded it. */
  amount?: number;
  message?: string;
}

interface Meta {
  key: string;
  value: unknown;
}

export class TillDatabase extends Dexie {
  meta!: EntityTable<Meta, 'key'>;
  products!: EntityTable<TillProduct, 'id'>;
  variants!: EntityTable<TillVariant, 'id'>;
  customers!: EntityTable<TillCustomer, 'id'>;
  staff!: EntityTable<TillStaff, 'id'>;
  sales!: EntityTable<StoredSale, 'id'>;
  parked!: EntityTable<ParkedSale, 'id'>;
  drawerOps!: EntityTable<DrawerOp, 'seq'>;
  returns!: EntityTable<StoredReturn, 'id'>;

  constructor(name = 'shop-till') {
    super(name);
    this.version(1).stores({
      meta: 'key',
      products: 'id',
      variants: 'id, productId',
      customers: 'id',
      staff: 'id',
      sales: 'id, status, createdAt',
      parked: 'id, parkedAt',
    });
    // Drawers and returns made on the till wait here, like sales, until the server has them.
    this.version(2).stores({ drawerOps: '++seq, status', returns: 'id, status, createdAt' });
  }

  async getMeta<T>(key: MetaKey): Promise<T | undefined> {
    return (await this.meta.get(key))?.value as T | undefined;
  }

  async setMeta(key: MetaKey, value: unknown): Promise<void> {
    await this.meta.put({ key, value });
  }

  /**
   * The next receipt number of this till, counted on the device in the same transaction that
   * reads the last: two sales never share one, even from two tabs.
   */
  async nextReceiptNumber(): Promise<string> {
    return this.transaction('rw', this.meta, async () => {
      const device = await this.getMeta<TillDevice>('device');
      if (!device) throw new Error('This till is not set up');
      const sequence = ((await this.getMeta<number>('sequence')) ?? 0) + 1;
      await this.setMeta('sequence', sequence);
      return formatReceiptNumber(device.prefix, sequence);
    });
  }
}

export type MetaKey = 'device' | 'catalogueVersion' | 'settings' | 'lastSyncAt' | 'sequence' | 'cashierId' | 'drawer';

export type { PosTillSettings };

let shared: TillDatabase | undefined;
/** The page's one connection. */
export function tillDb(): TillDatabase {
  shared ??= new TillDatabase();
  return shared;
}
