import { describe, expect, it } from 'vitest';
import { chosenVariant, initialChoice, missingChoice, optionsOf, unavailableOptions } from './variant-choice.ts';

const v = (size: string, color: string, stock: number) => ({
  id: `${size}-${color}`,
  size,
  color,
  availability: stock > 0 ? ('In Stock' as const) : ('Out of Stock' as const),
});
// A dress in S/M/L × Red/Blue with the medium red sold out.
const dress = [
  v('small', 'Red', 2),
  v('small', 'Blue', 1),
  v('medium', 'Red', 0),
  v('medium', 'Blue', 3),
  v('large', 'Red', 4),
  v('large', 'Blue', 0),
];

describe('choosing a variant', () => {
  it('lists the sizes and colours in the variants’ order', () => {
    expect(optionsOf(dress)).toEqual({ sizes: ['small', 'medium', 'large'], colors: ['Red', 'Blue'] });
  });

  it('needs a size, then a colour; a product with one option needs nothing', () => {
    expect(initialChoice(dress)).toEqual({ size: '', color: '' });
    expect(missingChoice(dress, { size: '', color: 'Red' })).toBe('size');
    expect(missingChoice(dress, { size: 'small', color: '' })).toBe('colour');
    const single = [v('', 'Gold', 3)];
    expect(initialChoice(single)).toEqual({ size: '', color: 'Gold' });
    expect(chosenVariant(single, initialChoice(single))?.id).toBe('-Gold');
  });

  it('crosses out what cannot be bought with the other choice', () => {
    expect(unavailableOptions(dress, { size: 'medium', color: '' }, 'color')).toEqual(['Red']);
    expect(unavailableOptions(dress, { size: '', color: 'Red' }, 'size')).toEqual(['medium']);
    expect(unavailableOptions(dress, { size: '', color: '' }, 'size')).toEqual([]);
    expect(unavailableOptions(dress, { size: 'large', color: '' }, 'color')).toEqual(['Blue']);
  });

  it('finds the variant once both are chosen', () => {
    expect(chosenVariant(dress, { size: 'medium', color: 'Blue' })?.id).toBe('medium-Blue');
    expect(chosenVariant(dress, { size: 'medium', color: '' })).toBeUndefined();
  });
});
