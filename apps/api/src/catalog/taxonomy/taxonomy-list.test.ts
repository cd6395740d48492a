/**
 * The taxonomy lists' query string (GET /api/categories, /api/subs, /api/subsubs,
 * /api/brands): search, sort, limit/offset, the parent and use filters, X-Total-Count
 * and the 400s. Without parameters the answer stays every row by name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { type Client, clients } from '../../../test/clients.ts';

let ctx: TestContext;
let admin: Client;
let anonymous: Client;

/** Created in this order (so `latest` lists them backwards); product counts in brackets. */
const NAMES = ['Kente weave', 'ankara prints', 'Aso_Oke 100%', 'Batik', 'AsoXOke'] as const;
const USES: Record<string, number> = { 'ankara prints': 2, Batik: 3, 'Aso_Oke 100%': 1 };
const BY_NAME = ['ankara prints', 'Aso_Oke 100%', 'AsoXOke', 'Batik', 'Kente weave'];
const LATEST = [...NAMES].reverse();
const BY_PRODUCTS = ['Batik', 'ankara prints', 'Aso_Oke 100%', 'AsoXOke', 'Kente weave'];

const PATHS = ['categories', 'subs', 'subsubs', 'brands'] as const;
type Path = (typeof PATHS)[number];
/** The products field that points at each kind. */
const PRODUCT_FIELD: Record<Path, string> = { categories: 'categoryId', subs: 'sub', subsubs: 'subsub', brands: 'brand' };
const ids: Record<Path, Record<string, string>> = { categories: {}, subs: {}, subsubs: {}, brands: {} };

/** Parents: two categories for the subs, two subs for the subsubs (created after the fixture above). */
const parents = { women: '', men: '', dresses: '', shirts: '' };

beforeAll(async () => {
  ctx = await createTestApp();
  ({ admin, anonymous } = await clients(ctx));
  for (const path of PATHS) {
    for (const name of NAMES) {
      const res = await admin.json('POST', `/api/${path}/create`, { name });
      expect(res.statusCode, res.body).toBe(201);
      ids[path][name] = res.json().id;
    }
    for (const [name, count] of Object.entries(USES)) {
      for (let i = 0; i < count; i++) {
        const res = await admin.json('POST', '/api/products/create', {
          title: `${path} ${name} ${i}`,
          price: 1000,
          [PRODUCT_FIELD[path]]: ids[path][name],
        });
        expect(res.statusCode, res.body).toBe(201);
      }
    }
  }
  const make = async (path: string, body: Record<string, unknown>) => {
    const res = await admin.json('POST', `/api/${path}/create`, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  parents.women = await make('categories', { name: 'Women' });
  parents.men = await make('categories', { name: 'Men' });
  parents.dresses = await make('subs', { name: 'Dresses', categoryId: parents.women });
  parents.shirts = await make('subs', { name: 'Shirts', categoryId: parents.men });
  await make('subs', { name: 'Gowns', categoryId: parents.women });
  await make('subsubs', { name: 'Mini', subId: parents.dresses });
  await make('subsubs', { name: 'Midi', subId: parents.dresses });
  await make('subsubs', { name: 'Oxford', subId: parents.shirts });
});
afterAll(() => ctx.close());

async function list(path: string, query = '') {
  const res = await anonymous.json('GET', `/api/${path}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const names = (res.json() as { name: string }[]).map((r) => r.name);
  return { names, total: Number(res.headers['x-total-count']), res };
}

/** Only the fixture's rows, in the order given (the parents' rows live in the same tables). */
const fixture = (names: string[]) => names.filter((n) => (NAMES as readonly string[]).includes(n));

describe.each(PATHS)('GET /api/%s', (path) => {
  it('without parameters answers every row by name, the count in X-Total-Count', async () => {
    const { names, total, res } = await list(path);
    expect(fixture(names)).toEqual(BY_NAME);
    expect(total).toBe(names.length);
    expect(res.headers['access-control-expose-headers']).toBe('X-Total-Count');
    expect(await list(path, '?sort=name')).toMatchObject({ names });
  });

  it('searches the name case-insensitively, % and _ being plain text', async () => {
    expect(await list(path, '?search=ASO')).toMatchObject({ names: ['Aso_Oke 100%', 'AsoXOke'], total: 2 });
    expect(await list(path, '?search=o_o')).toMatchObject({ names: ['Aso_Oke 100%'], total: 1 });
    expect(await list(path, '?search=100%25')).toMatchObject({ names: ['Aso_Oke 100%'], total: 1 });
    expect(await list(path, '?search=%25')).toMatchObject({ names: ['Aso_Oke 100%'], total: 1 });
    expect(await list(path, '?search=%20%20prints%20')).toMatchObject({ names: ['ankara prints'], total: 1 });
    expect(await list(path, '?search=nothing-like-this')).toMatchObject({ names: [], total: 0 });
  });

  it('sorts by name, latest, oldest and most products', async () => {
    expect(fixture((await list(path, '?sort=latest')).names)).toEqual(LATEST);
    expect(fixture((await list(path, '?sort=oldest')).names)).toEqual([...NAMES]);
    expect(fixture((await list(path, '?sort=products')).names)).toEqual(BY_PRODUCTS);
    const withCounts = (await list(path, '?sort=products')).res.json() as { productCount: number }[];
    const counts = withCounts.map((r) => r.productCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(counts.slice(0, 3)).toEqual([3, 2, 1]);
  });

  it('pages with limit and offset, the total counting every match', async () => {
    const all = await list(path, '?search=a&sort=oldest');
    expect(all.names).toEqual(['Kente weave', 'ankara prints', 'Aso_Oke 100%', 'Batik', 'AsoXOke']);
    const first = await list(path, '?search=a&sort=oldest&limit=2');
    expect(first).toMatchObject({ names: ['Kente weave', 'ankara prints'], total: 5 });
    const second = await list(path, '?search=a&sort=oldest&limit=2&offset=2');
    expect(second).toMatchObject({ names: ['Aso_Oke 100%', 'Batik'], total: 5 });
    const last = await list(path, '?search=a&sort=oldest&limit=2&offset=4');
    expect(last).toMatchObject({ names: ['AsoXOke'], total: 5 });
    expect(await list(path, '?search=a&limit=10&offset=50')).toMatchObject({ names: [], total: 5 });
    // An offset without a limit skips rows and returns the rest.
    expect(await list(path, '?search=a&sort=oldest&offset=3')).toMatchObject({ names: ['Batik', 'AsoXOke'], total: 5 });
  });

  it('filters by use', async () => {
    expect(await list(path, '?used=true')).toMatchObject({ names: ['ankara prints', 'Aso_Oke 100%', 'Batik'], total: 3 });
    const unused = await list(path, '?used=false');
    expect(fixture(unused.names)).toEqual(['AsoXOke', 'Kente weave']);
    expect(unused.total).toBe(unused.names.length);
    expect((unused.res.json() as { productCount: number }[]).every((r) => r.productCount === 0)).toBe(true);
  });

  it('treats empty parameters as not given', async () => {
    const plain = await list(path);
    expect(await list(path, '?search=&sort=&limit=&offset=&used=')).toMatchObject({ names: plain.names, total: plain.total });
  });

  it.each([
    ['sort=foo', /sort must be one of: name, latest, oldest, products/],
    ['limit=abc', /limit must be a number/],
    ['limit=0', /limit must be at least 1/],
    ['limit=201', /limit must be at most 200/],
    ['limit=2.5', /limit must be a whole number/],
    ['offset=-1', /offset must be at least 0/],
    ['offset=x', /offset must be a number/],
    ['used=maybe', /used must be one of: true, false/],
    [`search=${'a'.repeat(201)}`, /at most 200 characters/],
  ])('refuses ?%s with a 400 that says why', async (query, msg) => {
    const res = await anonymous.json('GET', `/api/${path}?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(msg);
  });
});

describe('parent filters', () => {
  it('lists the sub-categories of a category (or of none), with search, sort and paging', async () => {
    expect(await list('subs', `?categoryId=${parents.women}`)).toMatchObject({ names: ['Dresses', 'Gowns'], total: 2 });
    expect(await list('subs', `?categoryId=${parents.women}&sort=latest&limit=1`)).toMatchObject({ names: ['Gowns'], total: 2 });
    expect(await list('subs', `?categoryId=${parents.men}&search=SHI`)).toMatchObject({ names: ['Shirts'], total: 1 });
    expect(await list('subs', `?categoryId=${parents.men}&search=dress`)).toMatchObject({ names: [], total: 0 });
    expect(await list('subs', '?categoryId=none')).toMatchObject({ names: BY_NAME, total: NAMES.length });
    expect(await list('subs', '?categoryId=00000000-0000-4000-8000-000000000000')).toMatchObject({ names: [], total: 0 });
    const all = await list('subs', '?categoryId=');
    expect(all.total).toBe(NAMES.length + 3);
  });

  it('lists the sub-sub-categories of a sub-category (or of none)', async () => {
    expect(await list('subsubs', `?subId=${parents.dresses}`)).toMatchObject({ names: ['Midi', 'Mini'], total: 2 });
    expect(await list('subsubs', `?subId=${parents.dresses}&sort=oldest`)).toMatchObject({ names: ['Mini', 'Midi'] });
    expect(await list('subsubs', `?subId=${parents.shirts}`)).toMatchObject({ names: ['Oxford'], total: 1 });
    expect(await list('subsubs', '?subId=none&limit=2')).toMatchObject({ names: BY_NAME.slice(0, 2), total: NAMES.length });
  });

  it('refuses a parent that is neither an id nor none', async () => {
    for (const [path, query, msg] of [
      ['subs', 'categoryId=Women', 'categoryId must be a category id or none'],
      ['subsubs', 'subId=dresses', 'subId must be a sub-category id or none'],
    ] as const) {
      const res = await anonymous.json('GET', `/api/${path}?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
  });

  it('answers from the cache per query, and a write shows at once', async () => {
    const before = await list('subs', `?categoryId=${parents.men}`);
    expect(before.names).toEqual(['Shirts']);
    const res = await admin.json('POST', '/api/subs/create', { name: 'Polo', categoryId: parents.men });
    expect(res.statusCode).toBe(201);
    expect(await list('subs', `?categoryId=${parents.men}`)).toMatchObject({ names: ['Polo', 'Shirts'], total: 2 });
    expect(await list('subs', `?categoryId=${parents.women}`)).toMatchObject({ names: ['Dresses', 'Gowns'], total: 2 });
  });
});

describe('OpenAPI', () => {
  it('describes the list parameters of each taxonomy path', async () => {
    const doc = (await anonymous.json('GET', '/api/openapi.json')).json();
    const params = (path: string) =>
      ((doc.paths[`/api/${path}/`] ?? doc.paths[`/api/${path}`]).get.parameters as { name: string; in: string }[])
        .filter((p) => p.in === 'query')
        .map((p) => p.name);
    const common = ['search', 'used', 'sort', 'limit', 'offset'];
    expect(params('categories')).toEqual(common);
    expect(params('brands')).toEqual(common);
    expect(params('subs')).toEqual([...common, 'categoryId']);
    expect(params('subsubs')).toEqual([...common, 'subId']);
  });
});
