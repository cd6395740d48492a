/**
 * Goods brought back to the till (issue 29), worked out on the device: the sale found (by the
 * server, or among this till's own sales when the network is down), how many of each line
 * can still come back (sold − returned, the returns not yet synced counted too), and the
 * money the chosen units are worth (kobo, as charged). The server checks all of it again.
 */
import type { TillSaleView } from '@shop/shared/pos-drawers';
import type { TillCustomer } from '@shop/shared/pos-till';
import { netUnitPrice } from './cart.ts';
import type { StoredReturn, StoredSale } from './till-db.ts';

/** A till's own sale as the sale search answers one, for finding it offline. */
export function localSaleView(sale: StoredSale, tillId: string, customers: TillCustomer[]): TillSaleView {
  const customer = customers.find((c) => c.id === sale.sale.customerId);
  return {
    id: sale.id,
    receiptNumber: sale.receiptNumber,
    createdAt: sale.createdAt,
    tillId,
    customer: sale.sale.customerId
      ? {
          id: sale.sale.customerId,
          name: customer ? `${customer.firstName} ${customer.lastName}` : (sale.receipt.customerName ?? ''),
          phone: customer?.phone ?? '',
        }
      : null,
    total: sale.receipt.total,
    tenders: sale.receipt.tenders.map((t) => ({ type: t.type, amount: t.amount })),
    lines: sale.receipt.lines.map((l) => ({
      lineId: l.variantId,
      variantId: l.variantId,
      title: l.title,
      size: '',
      color: '',
      sku: l.sku,
      quantity: l.quantity,
      unitPrice: netUnitPrice(l),
      returned: 0,
    })),
  };
}

const digits = (text: string) => text.replace(/\D/g, '').slice(-10);

/** This till's sales matching the receipt number (exact), or the customer's name or phone: the offline search. */
export function findLocalSales(sales: TillSaleView[], query: string): TillSaleView[] {
  const q = query.trim().toLowerCase();
  if (q.length < 2) return [];
  const phone = digits(q);
  return sales.filter(
    (s) =>
      s.receiptNumber.toLowerCase() === q ||
      (s.customer &&
        (s.customer.name.toLowerCase().includes(q) || (phone.length >= 6 && digits(s.customer.phone).endsWith(phone)))),
  );
}

/** The sale with the units of its returns still waiting on this till counted as returned. */
export function withWaitingReturns(sale: TillSaleView, returns: StoredReturn[]): TillSaleView {
  const waiting = returns.filter((r) => r.status === 'waiting' && r.body.saleId === sale.id);
  return {
    ...sale,
    lines: sale.lines.map((line) => ({
      ...line,
      returned:
        line.returned +
        waiting.reduce((sum, r) => sum + (r.body.lines.find((l) => l.variantId === line.variantId)?.quantity ?? 0), 0),
    })),
  };
}

/** Units of the line that can still come back. */
export const returnable = (line: TillSaleView['lines'][number]) => Math.max(0, line.quantity - line.returned);

/** Kobo the chosen units are worth (what they were charged). */
export function goodsValue(sale: TillSaleView, quantities: Record<string, number>): number {
  return sale.lines.reduce((sum, line) => sum + line.unitPrice * (quantities[line.lineId] ?? 0), 0);
}
