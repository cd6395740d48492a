/**
 * A sale made on a till (issue 29), as orders/create.ts makes it: the id and receipt number
 * the till gave it, the till, cashier and drawer, prices changed at the counter (a price
 * override replaces the price and its markdown; a till discount is its own kind, apart from
 * markdowns and coupons), the tenders that paid it (a transfer stays owed until someone with
 * orders.record_payment confirms it) and what it does to stock.
 */
import { formatNaira, type RecordedPaymentMethod } from '@shop/shared';
import type { Tx } from '../db/client.ts';
import type { OrderRow, PosApprovalRecord, PosTenderRecord } from '../db/schema/index.ts';
import { conflict } from '../lib/http-error.ts';
import { applyPayment } from './ledger.ts';

export interface TillSale {
  number: string;
  createdAt: Date;
  tillId: string;
  cashierId: string;
  drawerId: string | null;
  offline: boolean;
  tenders: PosTenderRecord[];
  approvals: PosApprovalRecord[];
  /**
   * `take`: as any sale, never below zero (409 'Only N left'); `allow_negative`: an offline
   * sale whose goods already left the shop; `none`: held for review, stock taken when accepted.
   */
  stock: 'take' | 'allow_negative' | 'none';
  /** Per variant id: a price override and a till discount, kobo per unit. */
  prices: ReadonlyMap<string, { unitPrice?: number; discount?: number }>;
}

interface CataloguePriced {
  variantId: string;
  unitPrice: number;
  unitDiscount: number;
}

/** The lines as the till sold them: an override is the price (no markdown on it); a discount comes off what is left. */
export function tillPrices<L extends CataloguePriced>(lines: L[], sale: TillSale | undefined) {
  return lines.map((line) => {
    const set = sale?.prices.get(line.variantId);
    const override = set?.unitPrice !== undefined;
    const unitPrice = override ? set.unitPrice! : line.unitPrice;
    const unitDiscount = override ? 0 : line.unitDiscount;
    const tillDiscount = Math.min(set?.discount ?? 0, unitPrice - unitDiscount);
    return { ...line, unitPrice, unitDiscount, tillDiscount, priceOverride: override };
  });
}

/** The order's till columns. */
export const tillColumns = (sale: TillSale, tillDiscount: number) => ({
  number: sale.number,
  createdAt: sale.createdAt,
  tillId: sale.tillId,
  cashierId: sale.cashierId,
  drawerId: sale.drawerId,
  offline: sale.offline,
  posTenders: sale.tenders,
  posApprovals: sale.approvals,
  review: sale.stock === 'none' ? ('held' as const) : null,
  tillDiscount,
});

/**
 * Records each tender but transfers as a payment of the order (409 when they do not add up to
 * its total): paid in full unless a transfer is still to be confirmed.
 */
export async function payTenders(tx: Tx, order: OrderRow, tenders: PosTenderRecord[]): Promise<OrderRow> {
  const sum = tenders.reduce((total, t) => total + t.amount, 0);
  if (sum !== order.total) {
    throw conflict(`The tenders (${formatNaira(sum)}) do not add up to the sale's total (${formatNaira(order.total)})`);
  }
  let paid = order;
  for (const tender of tenders) {
    if (tender.type === 'transfer') continue;
    paid = await applyPayment(tx, paid, {
      // A payment's method is free text; store credit is the till's own.
      method: tender.type as RecordedPaymentMethod,
      amount: tender.amount,
      reference: tender.reference,
      provider: 'pos',
    });
  }
  return paid;
}
