import { describe, expect, it } from 'vitest';
import { refundableAmount } from './order-money.ts';
import { paymentForm, refundForm, refundFormValues } from './payment-forms.ts';

const order = {
  amountPaid: 45500,
  amountRefunded: 5000,
  refunds: [
    { amount: 5000, status: 'processed' as const },
    { amount: 500.5, status: 'pending' as const },
    { amount: 9000, status: 'failed' as const },
  ],
  lines: [
    { id: 'l1', quantity: 2 },
    { id: 'l2', quantity: 1 },
  ],
} as unknown as Parameters<typeof refundForm>[0];

const values = refundFormValues(order);

describe('refund form', () => {
  it('counts what is still refundable: paid, less processed and pending refunds (a failed one gave nothing back)', () => {
    expect(refundableAmount(order)).toBe(39999.5);
  });

  it('sends no amount for everything left, the confirmed figure when lines are named, and the typed amount', () => {
    const schema = refundForm(order);
    expect(schema.parse({ ...values, reason: ' Damaged ' })).toEqual({ reason: 'Damaged', restock: false });
    expect(
      schema.parse({ ...values, reason: 'Cap back', restock: true, lines: [values.lines[0]!, { lineId: 'l2', quantity: '1' }] }),
    ).toEqual({ reason: 'Cap back', restock: true, lines: [{ lineId: 'l2', quantity: 1 }], amount: 39999.5 });
    expect(schema.parse({ ...values, reason: 'Half', mode: 'amount', amount: '₦20,000' })).toEqual({
      reason: 'Half',
      restock: false,
      amount: 20000,
    });
  });

  it('names the field at fault: a quantity above what was sold, an amount above what is left, no reason', () => {
    const issues = (input: object) =>
      refundForm(order)
        .safeParse(input)
        .error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ ...values, reason: 'x', lines: [{ lineId: 'l1', quantity: '3' }, values.lines[1]] })).toEqual([
      ['lines.0.quantity', 'Enter a whole number from 0 to 2'],
    ]);
    expect(issues({ ...values, reason: 'x', mode: 'amount', amount: '40000' })).toEqual([
      ['amount', 'Only ₦39,999.50 can still be refunded on this order'],
    ]);
    expect(issues({ ...values, reason: 'x', mode: 'amount', amount: '1.234' })).toEqual([
      ['amount', 'The amount can have at most 2 decimals'],
    ]);
    expect(issues({ ...values, reason: '  ' })).toEqual([['reason', 'Say why it is refunded']]);
  });
});

describe('payment form', () => {
  it('turns the typed amount into naira and asks for a method', () => {
    expect(paymentForm.parse({ method: 'cash', amount: '12,500.50', reference: ' POS-1 ' })).toEqual({
      method: 'cash',
      amount: 12500.5,
      reference: 'POS-1',
    });
    expect(paymentForm.safeParse({ method: '', amount: '0', reference: '' }).error?.issues.map((i) => i.message)).toEqual([
      'Choose how it was paid',
      'The amount must be more than ₦0',
    ]);
  });
});
