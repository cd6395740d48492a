import { SHOWING_RESULTS_FOR_HEADER, type SuggestResponse, showingResultsFor } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { type Client, clients } from '../../../test/clients.ts';

let ctx: TestContext;
let admin: Client;
let anonymous: Client;
const ids: Record<string, string> = {};
const refs: Record<string, string> = {};
/** An image id (24 hex digits): the answer builds its URLs whether or not the file exists. */
const IMAGE = 'a1b2c3d4e5f6a1b2c3d4e5f6';

beforeAll(async () => {
  ctx = await createTestApp();
  ({ admin, anonymous } = await clients(ctx));
  const create = async (path: string, body: Record<string, string>) => {
    const res = await admin.json('POST', `/api/${path}/create`, body);
    expect(res.statusCode, res.body).toBe(201);
    refs[body.name!] = res.json().id;
  };
  await create('categories', { name: 'Women' });
  await create('categories', { name: 'Accessories' });
  await create('subs', { name: 'Wrappers', categoryId: 'Women' });
  await create('subsubs', { name: 'Aso Oke Wrappers', subId: 'Wrappers' });
  await create('subs', { name: 'Head Ties', categoryId: 'Accessories' });
  await create('brands', { name: 'Adunni Atelier' });
  await create('brands', { name: 'Ofi Heritage Weavers' });

  const db = ctx.database.db;
  const brand = (name: string) => ({ brandId: refs[name]!, brandName: name });
  const product = async (key: string, values: Parameters<typeof insertProduct>[1]) => {
    ids[key] = (await insertProduct(db, { heading: '', ...values })).id;
  };
  // Oldest first: the newest of equal matches ranks first.
  await product('peplum', {
    title: 'Ankara Peplum Top',
    price: 1_500_000,
    discount: 300_000,
    images: [IMAGE],
    categoryId: refs.Women!,
    ...brand('Adunni Atelier'),
  });
  await product('wrapDress', {
    title: 'Classic Ankara Wrap Dress',
    price: 2_000_000,
    categoryId: refs.Women!,
    ...brand('Adunni Atelier'),
    // A size priced below the product: "from ₦18,000", nothing struck through.
    variants: [
      { size: 'small', counter: 2, price: 1_800_000 },
      { size: 'medium', counter: 2 },
    ],
  });
  await product('soldOut', { title: 'Ankara Bucket Hat', price: 900_000, counter: 0, categoryId: refs.Accessories! });
  await product('tote', { title: 'Blank Canvas Tote', heading: 'Plain, for your own ankara patch', price: 700_000 });
  await product('asoOke', {
    title: 'Aso Oke Wrapper',
    heading: 'Hand-woven in Iseyin',
    price: 4_500_000,
    categoryId: refs.Women!,
    ...brand('Ofi Heritage Weavers'),
  });
  await product('gele', { title: 'Gele Head Tie', price: 1_200_000, categoryId: refs.Accessories! });
});
afterAll(() => ctx.close());

async function suggest(q: string, extra = '') {
  const res = await anonymous.json('GET', `/api/search/suggest?q=${encodeURIComponent(q)}${extra}`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as SuggestResponse;
  const keyOf = Object.fromEntries(Object.entries(ids).map(([k, v]) => [v, k]));
  return { body, keys: body.products.map((p) => keyOf[p.id] ?? p.title), res };
}

async function list(query: string) {
  const res = await anonymous.json('GET', `/api/products${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const keyOf = Object.fromEntries(Object.entries(ids).map(([k, v]) => [v, k]));
  return {
    keys: (res.json() as { id: string }[]).map((p) => keyOf[p.id]),
    total: Number(res.headers['x-total-count']),
    showingResultsFor: showingResultsFor({ get: (name) => (res.headers[name.toLowerCase()] as string | undefined) ?? null }),
    res,
  };
}

describe('GET /api/search/suggest', () => {
  it('suggests products by title: in stock first, a word starting with the text before a word containing it', async () => {
    const { body, keys } = await suggest('ank');
    // The tote has "ankara" in its heading only (its title has "ank" inside "Blank"); the hat is sold out.
    expect(keys).toEqual(['wrapDress', 'peplum', 'tote', 'soldOut']);
    expect(body).toMatchObject({ query: 'ank', correctedQuery: null });
  });

  it('finds products with every word typed, the last one as the start of a word', async () => {
    expect((await suggest('ankara wr')).keys).toEqual(['wrapDress']);
    expect((await suggest('wrap ankara')).keys).toEqual(['wrapDress']);
    // After other words, a last word of one or two letters is looked for anywhere in their text.
    expect((await suggest('ankara pe')).keys).toEqual(['peplum']);
    expect((await suggest('ankara ap')).keys).toEqual(['wrapDress']);
    // Alone, it starts a word.
    expect((await suggest('ge')).keys).toEqual(['gele']);
    expect((await suggest('ap')).keys).toEqual([]);
  });

  it('gives each product its 320 px thumbnail, its lowest price and the price before its markdown', async () => {
    const { body } = await suggest('ankara');
    const byId = Object.fromEntries(body.products.map((p) => [p.id, p]));
    expect(byId[ids.peplum!]).toEqual({
      id: ids.peplum,
      title: 'Ankara Peplum Top',
      brand: 'Adunni Atelier',
      imageUrl: expect.stringMatching(new RegExp(`${IMAGE}-320\\.webp$`)),
      price: 12000,
      oldPrice: 15000,
    });
    expect(byId[ids.wrapDress!]).toMatchObject({ imageUrl: null, price: 18000, oldPrice: null });
    expect(byId[ids.soldOut!]).toMatchObject({ brand: '', price: 9000, oldPrice: null });
  });

  it('finds products by heading and brand, and the brands and categories whose names match', async () => {
    const byBrand = await suggest('adunni');
    expect(byBrand.keys).toEqual(['wrapDress', 'peplum']);
    expect(byBrand.body.brands).toEqual([{ id: refs['Adunni Atelier'], name: 'Adunni Atelier' }]);
    expect((await suggest('iseyin')).keys).toEqual(['asoOke']);

    const wrappers = await suggest('wrapper');
    expect(wrappers.keys).toEqual(['asoOke']);
    expect(wrappers.body.categories).toEqual([
      { id: refs.Wrappers, name: 'Wrappers', kind: 'sub', parent: 'Women' },
      { id: refs['Aso Oke Wrappers'], name: 'Aso Oke Wrappers', kind: 'subsub', parent: 'Wrappers' },
    ]);
    const women = await suggest('Wom');
    expect(women.body.categories).toEqual([{ id: refs.Women, name: 'Women', kind: 'category', parent: '' }]);
    expect(women.body.brands).toEqual([]);
  });

  it('shows at most `limit` products', async () => {
    expect((await suggest('a', '&limit=2')).body.products).toHaveLength(2);
    // Five products have a word starting with "a": all of them fit in the default six.
    expect((await suggest('a')).body.products).toHaveLength(5);
    expect((await suggest('a', '&limit=4')).body.products).toHaveLength(4);
  });

  it('corrects words that find nothing as typed, and says what it searched for', async () => {
    const ankra = await suggest('ankra');
    expect(ankra.body.correctedQuery).toBe('ankara');
    expect(ankra.keys).toEqual(['wrapDress', 'peplum', 'tote', 'soldOut']);
    // Words are matched as words: "aso-oke" finds "Aso Oke" as typed, products and names alike.
    const asoOke = await suggest('aso-oke');
    expect(asoOke.body.correctedQuery).toBeNull();
    expect(asoOke.keys).toEqual(['asoOke']);
    expect(asoOke.body.categories.map((c) => c.name)).toEqual(['Aso Oke Wrappers']);
    const asoOkeTypo = await suggest('aso-okke');
    expect(asoOkeTypo.body.correctedQuery).toBe('aso oke');
    expect(asoOkeTypo.keys).toEqual(['asoOke']);
    const geles = await suggest('Geles');
    expect(geles.body).toMatchObject({ query: 'geles', correctedQuery: 'gele' });
    expect(geles.keys).toEqual(['gele']);
    // Found as typed: nothing to correct. Nothing near: nothing found, nothing claimed.
    expect((await suggest('gele')).body.correctedQuery).toBeNull();
    expect((await suggest('qwxzv')).body).toEqual({
      query: 'qwxzv',
      correctedQuery: null,
      products: [],
      categories: [],
      brands: [],
    });
  });

  it('refuses an empty or too long search (400)', async () => {
    for (const url of [
      '/api/search/suggest',
      '/api/search/suggest?q=',
      '/api/search/suggest?q=%20%20',
      `/api/search/suggest?q=${'a'.repeat(101)}`,
      '/api/search/suggest?q=ankara&limit=11',
      '/api/search/suggest?q=ankara&limit=0',
    ]) {
      const res = await anonymous.json('GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().msg, url).toEqual(expect.any(String));
    }
  });

  it('is cached by the words as compared, and a catalogue change shows at once', async () => {
    const first = await suggest('Kente');
    expect(first.body.products).toEqual([]);
    const again = await suggest('  KENTE ');
    expect(again.body.query).toBe('kente');
    expect(again.res.headers.etag).toBe(first.res.headers.etag);
    const created = await admin.json('POST', '/api/products/create', { title: 'Kente Stole', price: 30000, counter: 3 });
    expect(created.statusCode, created.body).toBe(201);
    expect((await suggest('kente')).body.products.map((p) => p.title)).toEqual(['Kente Stole']);
    // A renamed product is found by its new words (search_words follows the title) and not by its old ones.
    await admin.json('PUT', `/api/products/${created.json().id}`, { title: 'Akwete Stole' });
    expect((await suggest('akwet')).body.products.map((p) => p.title)).toEqual(['Akwete Stole']);
    expect((await suggest('akwette')).body.correctedQuery).toBe('akwete');
    expect((await suggest('kente')).body.products).toEqual([]);
    await admin.json('DELETE', `/api/products/${created.json().id}`);
  });
});

describe('GET /api/products: typo tolerance', () => {
  it('lists near matches when the search finds nothing as typed, naming the words in X-Showing-Results-For', async () => {
    const ankra = await list('?title=ankra');
    expect(ankra.showingResultsFor).toBe('ankara');
    expect(ankra.res.headers['x-showing-results-for']).toBe('ankara');
    expect(ankra.keys).toEqual(['tote', 'soldOut', 'wrapDress', 'peplum']);
    expect(ankra.total).toBe(4);
    expect(ankra.res.headers['access-control-expose-headers']).toBe(`X-Total-Count, ${SHOWING_RESULTS_FOR_HEADER}`);
    // The other filters still apply to the near matches.
    expect((await list('?title=ankra&availability=In%20Stock&limit=1')).keys).toEqual(['tote']);
    expect((await list('?title=ankra&availability=In%20Stock&limit=1')).total).toBe(3);

    const asoOke = await list('?title=aso-oke');
    expect(asoOke.keys).toEqual(['asoOke']);
    expect(asoOke.res.headers['x-showing-results-for']).toBe('aso%20oke');
    expect(asoOke.showingResultsFor).toBe('aso oke');
    expect((await list('?title=geles')).showingResultsFor).toBe('gele');
  });

  it('sends no header for an exact match, nor when nothing is near', async () => {
    const exact = await list('?title=ankara');
    expect(exact.total).toBe(4);
    expect(exact.res.headers['x-showing-results-for']).toBeUndefined();
    const none = await list('?title=qwxzv');
    expect(none).toMatchObject({ keys: [], total: 0, showingResultsFor: null });
    // Found as typed but not with the other filters: nothing to correct, an empty page.
    const filtered = await list(`?title=gele&category=${refs.Women}`);
    expect(filtered).toMatchObject({ keys: [], total: 0, showingResultsFor: null });
  });
});

describe('OpenAPI', () => {
  it('lists the suggestions and the facets', async () => {
    const doc = (await anonymous.json('GET', '/api/openapi.json')).json();
    const suggestPath = doc.paths['/api/search/suggest']?.get;
    expect(suggestPath?.parameters?.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['q', 'limit']));
    expect(Object.keys(suggestPath?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400']));
    const facets = doc.paths['/api/products/facets']?.get;
    expect(facets?.parameters?.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['title', 'category', 'brand', 'minPrice', 'maxPrice', 'onSale', 'size', 'color']),
    );
    expect(facets?.parameters?.map((p: { name: string }) => p.name)).not.toContain('sort');
    expect(Object.keys(facets?.responses?.['200']?.content?.['application/json']?.schema?.properties ?? {})).toEqual(
      expect.arrayContaining(['total', 'brands', 'sizes', 'colors', 'prices', 'onSale']),
    );
  });
});
