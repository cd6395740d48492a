/**
 * The sale on the till's screen, worked out on the device (offline) in integer kobo: its
 * lines (a discount in kobo per unit, or a price override), the tenders taken, what is still
 * due and the change. Pure functions: the screen keeps the state (till-store.ts).
 */
import type { SyncLine, SyncTender, TenderType } from '@shop/shared/pos-till';

export interface CartLine {
  variantId: string;
  productId: string;
  /** What the receipt calls it: the product's name with its size and colour. */
  title: string;
  sku: string;
  /** Kobo per unit: the variant's price after its markdown (the catalogue's salePrice). */
  listPrice: number;
  quantity: number;
  /** Kobo per unit off the price: a till discount. */
  discount?: number;
  /** Kobo per unit: a price override, in place of listPrice. */
  unitPrice?: number;
}

export interface Tender {
  type: TenderType;
  /** Kobo of the sale this tender pays (cash: net of change). */
  amount: number;
  /** Kobo handed over, for cash. */
  tendered?: number;
  reference?: string;
}

/** Kobo per unit the line sells at: its override or its price, less its discount, never below zero. */
export function netUnitPrice(line: CartLine): number {
  return Math.max(0, (line.unitPrice ?? line.listPrice) - (line.discount ?? 0));
}

export function lineTotal(line: CartLine): number {
  return netUnitPrice(line) * line.quantity;
}

export interface CartTotals {
  /** At the catalogue's prices (after markdowns). */
  subtotal: number;
  /** What the till took off or added (discounts and overrides): subtotal − total. */
  tillAdjustment: number;
  total: number;
  items: number;
}

export function cartTotals(lines: CartLine[]): CartTotals {
  let subtotal = 0;
  let total = 0;
  let items = 0;
  for (const line of lines) {
    subtotal += line.listPrice * line.quantity;
    total += lineTotal(line);
    items += line.quantity;
  }
  return { subtotal, tillAdjustment: subtotal - total, total, items };
}

export interface Payment {
  paid: number;
  /** Still to pay (0 once paid in full). */
  due: number;
  /** Cash handed back: cash tendered beyond what the cash tenders pay. */
  change: number;
}

export function payment(total: number, tenders: Tender[]): Payment {
  const paid = tenders.reduce((sum, t) => sum + t.amount, 0);
  const change = tenders.reduce((sum, t) => sum + (t.type === 'cash' && t.tendered ? t.tendered - t.amount : 0), 0);
  return { paid, due: Math.max(0, total - paid), change };
}

/**
 * The tender for `received` kobo of `type` toward `due`: cash pays at most what is due, the
 * rest is change; other tenders pay exactly what they say (never more than due).
 */
export function makeTender(type: TenderType, received: number, due: number, reference?: string): Tender | string {
  if (!Number.isInteger(received) || received <= 0) return 'Enter an amount above ₦0';
  if (due <= 0) return 'The sale is paid';
  if (type === 'cash') return { type, amount: Math.min(received, due), tendered: received };
  if (received > due) return 'That is more than is due';
  const ref = reference?.trim();
  if (type === 'card' && !ref) return "Enter the terminal's reference";
  return ref ? { type, amount: received, reference: ref } : { type, amount: received };
}

/** The lines as the sync sends them (kobo per unit). */
export function syncLines(lines: CartLine[]): SyncLine[] {
  return lines.map((line) => ({
    variantId: line.variantId,
    quantity: line.quantity,
    ...(line.unitPrice !== undefined ? { unitPrice: line.unitPrice } : {}),
    ...(line.discount ? { discount: line.discount } : {}),
  }));
}

export function syncTenders(tenders: Tender[]): SyncTender[] {
  return tenders.map((t) => ({ ...t }));
}

/** Adds one of a variant: a line already in the sale gets one more. */
export function addLine(lines: CartLine[], line: Omit<CartLine, 'quantity'>): CartLine[] {
  const found = lines.find((l) => l.variantId === line.variantId);
  if (found) return lines.map((l) => (l === found ? { ...l, quantity: l.quantity + 1 } : l));
  return [...lines, { ...line, quantity: 1 }];
}

/** Naira typed by the cashier ("12,500.50") to kobo; NaN when it is not an amount. */
export function parseNaira(text: string): number {
  const clean = text.replace(/[₦,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return Number.NaN;
  return Math.round(Number(clean) * 100);
}
