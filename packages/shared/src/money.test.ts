import { describe, expect, it } from 'vitest';
import { formatNaira, koboToNaira, koboToNairaText, nairaToKobo, salePrice } from './money.ts';
import { slugify, truncate } from './text.ts';

describe('money', () => {
  it('converts naira with decimals to whole kobo without float drift', () => {
    expect(nairaToKobo(19.99)).toBe(1999);
    expect(nairaToKobo(0.1 + 0.2)).toBe(30);
    expect(koboToNaira(1250050)).toBe(12500.5);
  });
  it('formats kobo as naira with two decimals', () => {
    expect(formatNaira(1250000)).toBe('₦12,500.00');
    expect(formatNaira(0)).toBe('₦0.00');
    expect(formatNaira(5)).toBe('₦0.05');
    expect(formatNaira(-2000)).toBe('-₦20.00');
    expect(formatNaira(123456789012)).toBe('₦1,234,567,890.12');
  });
  it("writes kobo as the original API's naira text: two decimals, no symbol, no grouping", () => {
    expect(koboToNairaText(2500000)).toBe('25000.00');
    expect(koboToNairaText(0)).toBe('0.00');
    expect(koboToNairaText(5)).toBe('0.05');
    expect(koboToNairaText(-250005)).toBe('-2500.05');
  });
  it('writes what Intl.NumberFormat writes for en-NG and NGN', () => {
    const intl = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' });
    const amounts = [1, 99, 100, 101, 999_99, 1000_00, 1234_56, 99_999_99, 100_000_00, 12_345_678_90, -1, -150_000_00];
    for (let kobo = 0; kobo < 2_000_000; kobo += 7919) amounts.push(kobo);
    for (const kobo of amounts) expect(formatNaira(kobo), String(kobo)).toBe(intl.format(koboToNaira(kobo)));
  });
  it('never lets a discount push the sale price below zero', () => {
    expect(salePrice(5000, 1500)).toBe(3500);
    expect(salePrice(5000, 9000)).toBe(0);
  });
});

describe('text', () => {
  it('truncates with an ellipsis only when longer than the limit', () => {
    expect(truncate('abcdef', 3)).toBe('abc...');
    expect(truncate('abc', 3)).toBe('abc');
  });
  it('slugifies names', () => {
    expect(slugify('Home Decoration')).toBe('home-decoration');
    expect(slugify('  Crème & Co. ')).toBe('creme-co');
  });
});
