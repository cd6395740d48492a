import type { ProductDetail } from '@shop/shared/catalog';
import { describe, expect, it } from 'vitest';
import {
  addCombinations,
  colourList,
  colourPhotos,
  listedColours,
  rowName,
  rowProblem,
  sizeChoices,
  stockForAll,
  suggestSku,
  ticked,
  totalStock,
  type VariantRow,
  variantsForm,
  variantsFormValues,
  withPhotos,
} from './variant-form.ts';
import { stockWords } from '@/lib/stock-words.ts';

const row = (size: string, color: string, counter = '0', sku = ''): VariantRow => ({
  sku,
  size,
  color,
  price: '',
  discount: '',
  counter,
});

describe('the variants editor’s rows', () => {
  it('suggests a SKU from the title, size and colour, numbered when taken', () => {
    expect(suggestSku('Ankara Wrap Dress', 'medium', 'Red', [])).toBe('AWD-M-RED');
    expect(suggestSku('Ankara Wrap Dress', 'extra-large', 'Red', [])).toBe('AWD-XL-RED');
    expect(suggestSku('Sandals', '42', '', [])).toBe('S-42');
    expect(suggestSku('', '', '', [])).toBe('SKU');
    expect(suggestSku('Ankara Wrap Dress', 'medium', 'Red', ['awd-m-red', 'AWD-M-RED-2'])).toBe('AWD-M-RED-3');
  });

  it('adds a row for each size × colour not listed yet, and reads the colours typed', () => {
    const rows = addCombinations(
      [row('small', 'Indigo', '4', 'AS-S-INDIGO')],
      'Adire scarf',
      ['small', 'medium'],
      colourList(' indigo, Red,,'),
    );
    expect(rows.map((r) => `${r.size}/${r.color}/${r.sku}/${r.counter}`)).toEqual([
      'small/Indigo/AS-S-INDIGO/4',
      'small/Red/AS-S-RED/0',
      'medium/indigo/AS-M-INDIGO/0',
      'medium/Red/AS-M-RED/0',
    ]);
    expect(addCombinations([], 'Adire scarf', [], []).map((r) => r.sku)).toEqual(['AS']);
  });

  it('names a row by its size and colour, and says its first problem', () => {
    expect(rowName(row('medium', 'Red'), 0)).toBe('medium / Red');
    expect(rowName(row('', 'Red'), 0)).toBe('Red');
    expect(rowName(row('', ''), 2)).toBe('row 3');
    expect(rowProblem({ counter: { message: 'Stock cannot be negative' }, sku: { message: 'Enter a SKU' } })).toBe('Enter a SKU');
    expect(rowProblem({ size: { message: 'Choose a size' } })).toBe('Choose a size');
    expect(rowProblem(undefined)).toBeUndefined();
  });

  it('totals the stock typed, and reads "Set all stock to"', () => {
    expect(totalStock([row('s', '', '2'), row('m', '', 'x'), row('l', '', '3')])).toBe(5);
    expect(stockForAll('3')).toBe(3);
    expect(stockForAll('0')).toBe(0);
    for (const typed of ['', ' ', '-1', '1.5', 'two']) expect(stockForAll(typed)).toBeNull();
  });

  it('keeps a size outside the scale on offer to its row, and lists each colour once', () => {
    expect(sizeChoices(['small', 'medium'], 'medium')).toEqual(['small', 'medium']);
    expect(sizeChoices(['small', 'medium'], '')).toEqual(['small', 'medium']);
    expect(sizeChoices(['small', 'medium'], '42')).toEqual(['small', 'medium', '42']);
    expect(listedColours([row('s', ' Red '), row('m', 'Red'), row('l', ''), row('xl', 'Blue')])).toEqual(['Red', 'Blue']);
  });

  it('ticks a choice in the list’s order, and unticks it', () => {
    expect(ticked(['a', 'b', 'c'], ['c'], 'a', true)).toEqual(['a', 'c']);
    expect(ticked(['a', 'b', 'c'], ['a', 'c'], 'a', false)).toEqual(['c']);
  });
});

describe('each colour’s photos', () => {
  const product = {
    imageUrls: ['/a.webp', '/b.webp'],
    variants: [
      { color: 'Red', imageUrls: ['/b.webp'] },
      { color: 'red ', imageUrls: [] },
      { color: 'Blue', imageUrls: ['/a.webp', '/b.webp'] },
      { color: '', imageUrls: [] },
    ],
  } as unknown as ProductDetail;

  it('reads them from the first variant of each colour (all of them: none chosen)', () => {
    expect(colourPhotos(product)).toEqual({ red: ['/b.webp'], blue: [] });
  });

  it('sends each variant its colour’s photos, none when all or none are chosen', () => {
    const variants = [
      { sku: 'A', size: '', color: 'Red ', price: null, discount: null, counter: 1 },
      { sku: 'B', size: '', color: 'Blue', price: null, discount: null, counter: 1 },
      { sku: 'C', size: '', color: 'Green', price: null, discount: null, counter: 1 },
    ];
    const photos = { red: ['/b.webp'], blue: ['/a.webp', '/b.webp'] };
    expect(withPhotos(variants, photos, 2).map((v) => v.imageUrls)).toEqual([['/b.webp'], [], []]);
  });
});

/** The form as loaded for a product of one variant, with the API's fields given. */
const loadedVariant = (fields: object) =>
  variantsFormValues({
    sizeScale: 'standard',
    imageUrls: [],
    variants: [
      {
        id: 'v1',
        sku: 'AS-M',
        size: 'medium',
        color: 'Red',
        priceOverride: null,
        discountOverride: null,
        counter: 3,
        stockVersion: 4,
        ...fields,
      },
    ],
  } as unknown as ProductDetail);

describe('stock below zero and barcodes (issue 29)', () => {
  const loaded = (counter: number, barcode: string | null = null) => loadedVariant({ counter, barcode });
  const check = (values: ReturnType<typeof loaded>) => variantsForm.safeParse(values);
  const problemOf = (values: ReturnType<typeof loaded>) =>
    check(values).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

  it('keeps a stock below zero it loaded (a till oversold), and refuses one typed', () => {
    const oversold = loaded(-2);
    expect(check(oversold).success).toBe(true);
    expect(stockWords(-2)).toBe('−2 (oversold)');
    oversold.variants[0]!.counter = '-3';
    expect(problemOf(oversold)).toEqual([['variants.0.counter', 'Stock cannot be negative']]);
    oversold.variants[0]!.counter = '5';
    expect(check(oversold).success).toBe(true);
    const fresh = loaded(4);
    fresh.variants[0]!.counter = '−1';
    expect(problemOf(fresh)).toEqual([['variants.0.counter', 'Stock cannot be negative']]);
  });

  it('checks an EAN-13 or UPC-A’s check digit, and sends a barcode only when there is or was one', () => {
    const values = loaded(3);
    values.variants[0]!.barcode = '5901234123458';
    expect(problemOf(values)).toEqual([
      ['variants.0.barcode', '5901234123458 is not a valid EAN-13: its check digit should be 7'],
    ]);
    values.variants[0]!.barcode = ' 5901234123457 ';
    const sent = withPhotos(variantsForm.parse(values).variants, {}, 0);
    expect(sent[0]).toMatchObject({ barcode: '5901234123457' });
    expect(sent[0]).not.toHaveProperty('loadedCounter');
    expect(withPhotos(variantsForm.parse(loaded(3)).variants, {}, 0)[0]!.barcode).toBeUndefined();
    const cleared = loaded(3, 'ADIRE-1');
    cleared.variants[0]!.barcode = '';
    expect(withPhotos(variantsForm.parse(cleared).variants, {}, 0)[0]).toMatchObject({ barcode: null });
  });
});

describe('the cost price (issue 30)', () => {
  const loaded = (cost?: number | null) => loadedVariant(cost === undefined ? {} : { cost });
  const sent = (values: ReturnType<typeof loaded>) => withPhotos(variantsForm.parse(values).variants, {}, 0)[0]!;

  it('sends the cost typed in naira, or null when emptied, when the API showed it', () => {
    const values = loaded(4000.5);
    expect(values.variants[0]!.cost).toBe('4000.5');
    expect(sent(values)).toMatchObject({ cost: 4000.5 });
    values.variants[0]!.cost = '';
    expect(sent(values)).toMatchObject({ cost: null });
    values.variants[0]!.cost = '-5';
    expect(variantsForm.safeParse(values).error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['variants.0.cost', 'Cost price cannot be negative'],
    ]);
    expect(sent(loaded(null))).toMatchObject({ cost: null });
  });

  it('never sends one the API did not show (a member without catalog.cost)', () => {
    const values = loaded();
    expect(values.variants[0]).not.toHaveProperty('cost');
    expect(sent(values).cost).toBeUndefined();
  });
});
