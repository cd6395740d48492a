/**
 * The order page's two money forms as zod schemas for zodResolver: the values as the inputs
 * hold them (amounts and quantities as typed text) turned into the API's bodies and checked
 * by the shared `recordPaymentBody` and `refundBody`, so the wording is the server's.
 */
import {
  type OrderView,
  type RecordedPaymentMethod,
  type RecordPaymentBody,
  type RefundBody,
  recordPaymentBody,
  refundBody,
} from '@shop/shared/orders';
import { formatNairaAmount } from '@shop/shared/money';
import { z } from 'zod';
import { refundableAmount } from './order-money.ts';

/** Naira as typed ("25,000", "₦ 25000.50"); empty or not a number → NaN, which the schema names. */
export function typedNaira(text: string): number {
  const cleaned = text.replace(/[₦,\s]/g, '');
  return cleaned === '' ? Number.NaN : Number(cleaned);
}

// ── Record a payment ───────────────────────────────────────────────────────────────────

export interface PaymentFormValues {
  /** A recorded payment method, or '' before one is chosen. */
  method: string;
  amount: string;
  reference: string;
}

export const paymentForm = z
  .object({ method: z.string(), amount: z.string(), reference: z.string() })
  .transform(
    (v): RecordPaymentBody => ({
      method: v.method as RecordedPaymentMethod,
      amount: typedNaira(v.amount),
      reference: v.reference,
    }),
  )
  .pipe(recordPaymentBody);
export type PaymentFormBody = z.output<typeof paymentForm>;

/** What the order still owes, by the way it was to be paid (a card order paid at a terminal is picked by hand). */
export function paymentFormValues(order: Pick<OrderView, 'balanceDue' | 'paymentMethod'>): PaymentFormValues {
  const method: RecordedPaymentMethod | '' =
    order.paymentMethod === 'transfer' || order.paymentMethod === 'pod' || order.paymentMethod === 'cash'
      ? order.paymentMethod
      : '';
  return { method, amount: String(order.balanceDue), reference: '' };
}

// ── Refund ─────────────────────────────────────────────────────────────────────────────

export interface RefundFormValues {
  reason: string;
  restock: boolean;
  /** `all`: everything still refundable; `amount`: the typed amount. */
  mode: 'all' | 'amount';
  amount: string;
  /** Units of each order line coming back, as typed ('' or 0: none). */
  lines: { lineId: string; quantity: string }[];
}

export function refundFormValues(order: Pick<OrderView, 'lines'>): RefundFormValues {
  return { reason: '', restock: false, mode: 'all', amount: '', lines: order.lines.map((l) => ({ lineId: l.id, quantity: '' })) };
}

/**
 * The refund form for this order. Without lines and with "everything", no amount is sent
 * (the server refunds all that is left); with lines, the amount is sent, since the server
 * would otherwise refund only the lines' value, not the figure the admin confirmed.
 */
export function refundForm(order: Pick<OrderView, 'amountPaid' | 'amountRefunded' | 'refunds' | 'lines'>) {
  const refundable = refundableAmount(order);
  const sold = new Map(order.lines.map((l) => [l.id, l.quantity]));
  return z
    .object({
      reason: refundBody.shape.reason,
      restock: z.boolean(),
      mode: z.enum(['all', 'amount']),
      amount: z.string(),
      lines: z.array(z.object({ lineId: z.string(), quantity: z.string() })),
    })
    .superRefine((v, ctx) => {
      v.lines.forEach(({ lineId, quantity }, i) => {
        if (quantity.trim() === '') return;
        const n = Number(quantity);
        const max = sold.get(lineId) ?? 0;
        if (!Number.isInteger(n) || n < 0 || n > max) {
          ctx.addIssue({ code: 'custom', path: ['lines', i, 'quantity'], message: `Enter a whole number from 0 to ${max}` });
        }
      });
      if (v.mode === 'amount') {
        const amount = refundBody.shape.amount.safeParse(typedNaira(v.amount));
        if (!amount.success) {
          for (const issue of amount.error.issues) ctx.addIssue({ code: 'custom', path: ['amount'], message: issue.message });
        } else if ((amount.data ?? 0) > refundable) {
          ctx.addIssue({
            code: 'custom',
            path: ['amount'],
            message: `Only ${formatNairaAmount(refundable)} can still be refunded on this order`,
          });
        }
      }
    })
    .transform((v): RefundBody => {
      const lines = v.lines
        .map(({ lineId, quantity }) => ({ lineId, quantity: quantity.trim() === '' ? 0 : Number(quantity) }))
        .filter((l) => l.quantity > 0);
      const amount = v.mode === 'amount' ? typedNaira(v.amount) : lines.length > 0 ? refundable : undefined;
      return {
        reason: v.reason,
        restock: v.restock,
        ...(lines.length > 0 && { lines }),
        ...(amount !== undefined && { amount }),
      };
    })
    .pipe(refundBody);
}
export type RefundFormBody = z.output<ReturnType<typeof refundForm>>;
