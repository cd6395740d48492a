/** The one size and colour comparison (the editor's, the import's and orders'), as a pure function. */
import { describe, expect, it } from 'vitest';
import { optionKey, sameOption } from './option-key.ts';

describe('optionKey', () => {
  it('is one key for a size in any case and a colour in any case with spaces around it', () => {
    expect(optionKey('Medium', ' Red ')).toBe(optionKey('medium', 'red'));
    expect(optionKey('', '')).toBe(optionKey('', '  '));
  });

  it('tells sizes and colours apart, and never mistakes a size for a colour', () => {
    expect(optionKey('medium', 'red')).not.toBe(optionKey('large', 'red'));
    expect(optionKey('medium', 'red')).not.toBe(optionKey('medium', 'wine red'));
    expect(optionKey('medium', '')).not.toBe(optionKey('', 'medium'));
  });
});

describe('sameOption', () => {
  const variant = { size: 'medium', color: 'Red' };

  it('matches the size and colour asked for as optionKey compares them', () => {
    expect(sameOption({ size: 'MEDIUM', color: ' red ' }, variant)).toBe(true);
    expect(sameOption({ size: 'large', color: 'red' }, variant)).toBe(false);
    expect(sameOption({ size: 'medium', color: 'blue' }, variant)).toBe(false);
  });

  it('lets a size or colour not asked for match any', () => {
    expect(sameOption({ color: 'RED' }, variant)).toBe(true);
    expect(sameOption({ size: 'Medium' }, variant)).toBe(true);
    expect(sameOption({}, variant)).toBe(true);
    expect(sameOption({ color: 'blue' }, variant)).toBe(false);
  });
});
