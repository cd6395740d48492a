/** The fee formulas at their edges (issue 30): Paystack's local rate and the owner's per-method rates. */
import { DEFAULT_STORE_SETTINGS } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { methodFee, paystackLocalFee, percentOf, recordedFee } from './fees.ts';

describe('paystackLocalFee', () => {
  it('is 1.5 % rounded half up below ₦2,500', () => {
    // ₦2,499.99: 3,749.985 kobo → 3,750 (₦37.50), no flat fee yet.
    expect(paystackLocalFee(249_999)).toBe(3_750);
    expect(paystackLocalFee(100)).toBe(2); // 1.5 kobo → 2
    expect(paystackLocalFee(99)).toBe(1); // 1.485 → 1
    expect(paystackLocalFee(0)).toBe(0);
  });

  it('adds ₦100 from ₦2,500', () => {
    // ₦2,500: ₦37.50 + ₦100.
    expect(paystackLocalFee(250_000)).toBe(13_750);
    expect(paystackLocalFee(1_000_000)).toBe(25_000);
  });

  it('is capped at ₦2,000', () => {
    // ₦126,666.66: 1,899.99999 + 100 → ₦2,000.00 exactly at 12,666,666 kobo (189,999.99 → 190,000 + 10,000).
    expect(paystackLocalFee(12_666_666)).toBe(200_000);
    expect(paystackLocalFee(12_666_600)).toBe(199_999);
    expect(paystackLocalFee(50_000_000)).toBe(200_000);
  });
});

describe('methodFee and recordedFee', () => {
  it('takes the percentage rounded half up plus the fixed naira', () => {
    expect(methodFee(1_000_000, { percent: 0.75, fixed: 50 })).toBe(7_500 + 5_000);
    expect(methodFee(333, { percent: 1.5, fixed: 0 })).toBe(5); // 4.995 → 5
    expect(methodFee(1_000_000, { percent: 0, fixed: 0 })).toBe(0);
    expect(percentOf(1, 5_000)).toBe(1); // 0.5 → 1
  });

  it('charges a till card at the terminal’s rate, a counter card at the card rate, store credit nothing', () => {
    const settings = {
      paymentFees: {
        ...DEFAULT_STORE_SETTINGS.paymentFees,
        card: { percent: 1, fixed: 0 },
        terminal: { percent: 0.5, fixed: 0 },
        cash: { percent: 0, fixed: 20 },
      },
    };
    expect(recordedFee(settings, { method: 'card', amount: 1_000_000, provider: 'pos' })).toBe(5_000);
    expect(recordedFee(settings, { method: 'card', amount: 1_000_000, provider: null })).toBe(10_000);
    expect(recordedFee(settings, { method: 'cash', amount: 1_000_000, provider: 'pos' })).toBe(2_000);
    expect(recordedFee(settings, { method: 'store_credit', amount: 1_000_000, provider: 'pos' })).toBe(0);
    expect(recordedFee(DEFAULT_STORE_SETTINGS, { method: 'transfer', amount: 1_000_000 })).toBe(0);
  });
});
