import { describe, expect, it } from 'vitest';
import { formatNaira, koboToNaira, nairaToKobo, salePrice } from './money.ts';
import { slugify, truncate } from './text.ts';

describe('money', () => {
  it('converts naira with decimals to whole kobo without float drift', () => {
    expect(nairaToKobo(19.99)).toBe(1999);
    expect(nairaToKobo(0.1 + 0.2)).toBe(30);
    expect(koboToNaira(1250050)).toBe(12500.5);
  });
  it('formats kobo as naira with two decimals', () => {
    expect(formatNaira(1250000)).toMatch(/^₦12,500\.00$/);
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
