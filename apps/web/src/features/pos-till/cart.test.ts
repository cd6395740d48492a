import { describe, expect, it } from 'vitest';
import { addLine, type CartLine, cartTotals, makeTender, parseNaira, payment, syncLines } from './cart.ts';

const line = (variantId: string, listPrice: number, extra: Partial<CartLine> = {}): CartLine => ({
  variantId,
  productId: 'p1',
  title: `Adire dress (${variantId})`,
  sku: `ADR-${variantId}`,
  listPrice,
  quantity: 1,
  ...extra,
});

describe('the till sale, in kobo', () => {
  it('totals lines with discounts per unit and price overrides, to the kobo', () => {
    const lines = [
      line('m', 1_250_050, { quantity: 2, discount: 10_025 }), // ₦12,500.50 less ₦100.25, twice
      line('l', 800_000, { unitPrice: 750_000 }),
      line('s', 99, { quantity: 3 }),
    ];
    expect(cartTotals(lines)).toEqual({
      subtotal: 2_500_100 + 800_000 + 297,
      tillAdjustment: 20_050 + 50_000,
      total: 2_480_050 + 750_000 + 297,
      items: 6,
    });
  });

  it('never sells a line below ₦0, however large its discount', () => {
    expect(cartTotals([line('m', 5_000, { discount: 9_000 })]).total).toBe(0);
  });

  it('adds one more of a variant already in the sale', () => {
    const once = addLine([], line('m', 5_000));
    const twice = addLine(once, line('m', 5_000));
    expect(twice).toHaveLength(1);
    expect(twice[0]?.quantity).toBe(2);
  });

  it('takes cash beyond what is due as change, and splits the rest onto a card', () => {
    const cash = makeTender('cash', 2_000_000, 3_000_000);
    expect(cash).toEqual({ type: 'cash', amount: 2_000_000, tendered: 2_000_000 });
    const card = makeTender('card', 1_000_000, 1_000_000, ' MP-4471 ');
    expect(card).toEqual({ type: 'card', amount: 1_000_000, reference: 'MP-4471' });
    expect(payment(3_000_000, [cash, card] as never)).toEqual({ paid: 3_000_000, due: 0, change: 0 });

    const more = makeTender('cash', 5_000_000, 3_000_000);
    expect(payment(3_000_000, [more] as never)).toEqual({ paid: 3_000_000, due: 0, change: 2_000_000 });
  });

  it('refuses a card without its reference, an amount above what is due and nothing at all', () => {
    expect(makeTender('card', 1_000, 1_000)).toBe("Enter the terminal's reference");
    expect(makeTender('transfer', 2_000, 1_000)).toBe('That is more than is due');
    expect(makeTender('cash', 0, 1_000)).toBe('Enter an amount above ₦0');
    expect(makeTender('cash', 1_000, 0)).toBe('The sale is paid');
  });

  it('reads naira as typed and sends the lines as the sync wants them', () => {
    expect(parseNaira('₦12,500.5')).toBe(1_250_050);
    expect(parseNaira('12.345')).toBeNaN();
    expect(parseNaira('abc')).toBeNaN();
    expect(syncLines([line('m', 5_000, { quantity: 2, discount: 500 }), line('l', 5_000, { unitPrice: 4_000 })])).toEqual([
      { variantId: 'm', quantity: 2, discount: 500 },
      { variantId: 'l', quantity: 1, unitPrice: 4_000 },
    ]);
  });
});
