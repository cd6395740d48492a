import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { type Client, clients, isServed, png } from '../../../test/clients.ts';

let ctx: TestContext;
let admin: Client;
let shopper: Client;
let anonymous: Client;

beforeAll(async () => {
  ctx = await createTestApp();
  ({ admin, shopper, anonymous } = await clients(ctx));
});
afterAll(() => ctx.close());

let seq = 0;
const unique = (prefix: string) => `${prefix} ${++seq}`;

async function create(path: string, body: Record<string, unknown>) {
  const res = await admin.json('POST', `/api/${path}/create`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; name: string; slug?: string; imageUrl?: string | null };
}

async function createProduct(fields: Record<string, unknown>) {
  const res = await admin.json('POST', '/api/products/create', { title: unique('Product'), price: 1000, ...fields });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; brand: string };
}

const MISSING = '00000000-0000-4000-8000-000000000000';

describe.each([
  ['categories', {}],
  ['subs', {}],
  ['subsubs', {}],
  ['brands', {}],
])('/api/%s', (path) => {
  it('creates, lists by name (any case), gets, renames and deletes', async () => {
    const zulu = await create(path, { name: unique('zulu') });
    const alpha = await create(path, { name: unique('Alpha') });
    const bravo = await create(path, { name: unique('bravo') });
    expect(alpha).toMatchObject({ id: expect.any(String), productCount: 0 });

    const list = await anonymous.json('GET', `/api/${path}`);
    expect(list.statusCode).toBe(200);
    const names = (list.json() as { name: string }[]).map((c) => c.name);
    expect(names.filter((n) => [zulu.name, alpha.name, bravo.name].includes(n))).toEqual([alpha.name, bravo.name, zulu.name]);

    const one = await anonymous.json('GET', `/api/${path}/${bravo.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(bravo);

    const renamed = await admin.json('PUT', `/api/${path}/${bravo.id}`, { name: '  Bravo Renamed  ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: bravo.id, name: 'Bravo Renamed' });
    expect((await anonymous.json('GET', `/api/${path}/${bravo.id}`)).json().name).toBe('Bravo Renamed');

    const deleted = await admin.json('DELETE', `/api/${path}/${bravo.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().msg).toMatch(/deleted/i);
    expect((await anonymous.json('GET', `/api/${path}/${bravo.id}`)).statusCode).toBe(404);
    const after = (await anonymous.json('GET', `/api/${path}`)).json() as { id: string }[];
    expect(after.map((c) => c.id)).not.toContain(bravo.id);
  });

  it('answers 404 {msg} for an unknown or malformed id', async () => {
    for (const id of [MISSING, 'not-an-id']) {
      for (const [method, payload] of [
        ['GET', undefined],
        ['PUT', { name: 'Whatever' }],
        ['DELETE', undefined],
      ] as const) {
        const caller = method === 'GET' ? anonymous : admin;
        const res = await caller.json(method, `/api/${path}/${id}`, payload);
        expect(res.statusCode, `${method} ${id}`).toBe(404);
        expect(res.json().msg).toMatch(/not found/);
      }
    }
  });

  it('refuses a duplicate name whatever its case (409), on create and on rename', async () => {
    const name = unique('Ankara');
    const first = await create(path, { name });
    const again = await admin.json('POST', `/api/${path}/create`, { name: name.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toContain('already exists');

    const other = await create(path, { name: unique('Kente') });
    const rename = await admin.json('PUT', `/api/${path}/${other.id}`, { name: name.toLowerCase() });
    expect(rename.statusCode).toBe(409);
    expect((await anonymous.json('GET', `/api/${path}/${other.id}`)).json().name).toBe(other.name);
    // Renaming to its own name in another case is not a duplicate.
    const recase = await admin.json('PUT', `/api/${path}/${first.id}`, { name: name.toUpperCase() });
    expect(recase.statusCode).toBe(200);
    expect(recase.json().name).toBe(name.toUpperCase());
  });

  it('refuses an empty name with 400', async () => {
    for (const body of [{ name: '' }, { name: '   ' }, {}]) {
      const res = await admin.json('POST', `/api/${path}/create`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('Name is required');
    }
    const existing = await create(path, { name: unique('Named') });
    const res = await admin.json('PUT', `/api/${path}/${existing.id}`, { name: ' ' });
    expect(res.statusCode).toBe(400);
    expect((await anonymous.json('GET', `/api/${path}/${existing.id}`)).json().name).toBe(existing.name);
  });

  it('lets only admins write: 401 anonymous, 403 shopper, nothing changed', async () => {
    const existing = await create(path, { name: unique('Guarded') });
    for (const [caller, status] of [
      [anonymous, 401],
      [shopper, 403],
    ] as const) {
      const name = unique('Intruder');
      expect((await caller.json('POST', `/api/${path}/create`, { name })).statusCode).toBe(status);
      expect((await caller.json('PUT', `/api/${path}/${existing.id}`, { name })).statusCode).toBe(status);
      expect((await caller.json('DELETE', `/api/${path}/${existing.id}`)).statusCode).toBe(status);
      const list = (await anonymous.json('GET', `/api/${path}`)).json() as { name: string }[];
      expect(list.map((c) => c.name)).not.toContain(name);
    }
    expect((await anonymous.json('GET', `/api/${path}/${existing.id}`)).json().name).toBe(existing.name);
  });
});

describe('slugs of categories and brands', () => {
  it('follow the name, stay unique, and change on rename', async () => {
    const a = await create('categories', { name: 'Home Decor' });
    const b = await create('categories', { name: 'Home-Decor!' });
    expect(a).toMatchObject({ slug: 'home-decor' });
    expect(b.slug).toMatch(/^home-decor-[0-9a-f]{6}$/);
    const renamed = await admin.json('PUT', `/api/categories/${a.id}`, { name: 'Home & Living' });
    expect(renamed.json()).toMatchObject({ name: 'Home & Living', slug: 'home-living' });
    const brand = await create('brands', { name: 'Ẹwà Beauty' });
    expect(brand).toMatchObject({ slug: 'ewa-beauty' });
  });
});

describe('in-use deletes', () => {
  it('refuses to delete what products use, saying how many (409)', async () => {
    const category = await create('categories', { name: unique('Women') });
    const sub = await create('subs', { name: unique('Dresses') });
    const subsub = await create('subsubs', { name: unique('Maxi') });
    const brand = await create('brands', { name: unique('Lagos Loom') });
    for (let i = 0; i < 3; i++) await createProduct({ categoryId: category.id, sub: sub.name, subsub: subsub.id });
    await createProduct({ brand: brand.name });

    const cases = [
      ['categories', category.id, '3 products use this category'],
      ['subs', sub.id, '3 products use this sub-category'],
      ['subsubs', subsub.id, '3 products use this sub-sub-category'],
      ['brands', brand.id, '1 product uses this brand'],
    ] as const;
    for (const [path, id, msg] of cases) {
      const res = await admin.json('DELETE', `/api/${path}/${id}`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ msg });
      const still = await anonymous.json('GET', `/api/${path}/${id}`);
      expect(still.statusCode).toBe(200);
    }
    const listed = (await anonymous.json('GET', '/api/categories')).json() as { id: string; productCount: number }[];
    expect(listed.find((c) => c.id === category.id)?.productCount).toBe(3);
  });
});

describe('sub-categories and sub-sub-categories', () => {
  it('keep an optional parent, given by id or name; an unknown parent is a 400', async () => {
    const category = await create('categories', { name: unique('Home') });
    const sub = await create('subs', { name: unique('Cushions'), categoryId: category.id });
    expect(sub).toMatchObject({ categoryId: category.id });
    const byName = await create('subs', { name: unique('Rugs'), categoryId: category.name.toUpperCase() });
    expect(byName).toMatchObject({ categoryId: category.id });
    const orphan = await create('subs', { name: unique('Loose') });
    expect(orphan).toMatchObject({ categoryId: null });

    const subsub = await create('subsubs', { name: unique('Velvet'), subId: sub.id });
    expect(subsub).toMatchObject({ subId: sub.id });

    const unknown = await admin.json('POST', '/api/subs/create', { name: unique('Lost'), categoryId: MISSING });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toMatch(/Category .* does not exist/);
    const unknownSub = await admin.json('POST', '/api/subsubs/create', { name: unique('Lost'), subId: 'No Such Sub' });
    expect(unknownSub.statusCode).toBe(400);

    const moved = await admin.json('PUT', `/api/subs/${orphan.id}`, { categoryId: category.id });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ name: orphan.name, categoryId: category.id });
    const cleared = await admin.json('PUT', `/api/subs/${orphan.id}`, { categoryId: null });
    expect(cleared.json()).toMatchObject({ categoryId: null });
  });

  it('can still be deleted through the old /api/categories/{id} path', async () => {
    const sub = await create('subs', { name: unique('Old Sub') });
    const subsub = await create('subsubs', { name: unique('Old Subsub') });
    const viaCategories = await admin.json('DELETE', `/api/categories/${sub.id}`);
    expect(viaCategories.statusCode).toBe(200);
    expect(viaCategories.json().msg).toBe('Sub-category deleted');
    expect((await anonymous.json('GET', `/api/subs/${sub.id}`)).statusCode).toBe(404);
    expect((await admin.json('DELETE', `/api/categories/${subsub.id}`)).statusCode).toBe(200);
    expect((await anonymous.json('GET', `/api/subsubs/${subsub.id}`)).statusCode).toBe(404);

    // A brand is not deleted through the categories path.
    const brand = await create('brands', { name: unique('Safe Brand') });
    expect((await admin.json('DELETE', `/api/categories/${brand.id}`)).statusCode).toBe(404);
    expect((await anonymous.json('GET', `/api/brands/${brand.id}`)).statusCode).toBe(200);
  });
});

describe('images of categories and brands', () => {
  it('creates with a multipart name and image, serves it, and replaces it (old file deleted)', async () => {
    for (const path of ['categories', 'brands']) {
      const created = await admin.form('POST', `/api/${path}/create`, [
        ['name', unique('Pictured')],
        ['imageUrl', { file: await png('#123456') }],
      ]);
      expect(created.statusCode, created.body).toBe(201);
      const item = created.json();
      expect(item.imageUrl).toMatch(/^\/uploads\/[a-f0-9]{24}-640\.webp$/);
      expect(await isServed(ctx.app, item.imageUrl)).toBe(true);

      const replaced = await admin.form('PUT', `/api/${path}/${item.id}`, [['imageUrl', { file: await png('#654321') }]]);
      expect(replaced.statusCode, replaced.body).toBe(200);
      const { imageUrl } = replaced.json();
      expect(imageUrl).toMatch(/^\/uploads\/[a-f0-9]{24}-640\.webp$/);
      expect(imageUrl).not.toBe(item.imageUrl);
      expect((await anonymous.json('GET', `/api/${path}/${item.id}`)).json().imageUrl).toBe(imageUrl);
      expect(await isServed(ctx.app, imageUrl)).toBe(true);
      expect(await isServed(ctx.app, item.imageUrl)).toBe(false);

      // Deleting it deletes its image too.
      expect((await admin.json('DELETE', `/api/${path}/${item.id}`)).statusCode).toBe(200);
      expect(await isServed(ctx.app, imageUrl)).toBe(false);
    }
  });

  it('creates from a multipart form without an image, and accepts JSON', async () => {
    const form = await admin.form('POST', '/api/categories/create', [['name', unique('Plain')]]);
    expect(form.statusCode).toBe(201);
    expect(form.json()).toMatchObject({ imageUrl: null, productCount: 0 });
    const missingName = await admin.form('POST', '/api/brands/create', [['imageUrl', { file: await png('#0a0') }]]);
    expect(missingName.statusCode).toBe(400);
    expect(missingName.json().msg).toBe('Name is required');
  });

  it('keeps an image another category still uses', async () => {
    const picture = await png('#777777');
    const a = (
      await admin.form('POST', '/api/categories/create', [
        ['name', unique('Twin A')],
        ['imageUrl', { file: picture }],
      ])
    ).json();
    const b = (
      await admin.form('POST', '/api/categories/create', [
        ['name', unique('Twin B')],
        ['imageUrl', { file: picture }],
      ])
    ).json();
    expect(a.imageUrl).toBe(b.imageUrl);
    expect((await admin.json('DELETE', `/api/categories/${a.id}`)).statusCode).toBe(200);
    expect(await isServed(ctx.app, b.imageUrl)).toBe(true);
  });

  it('sets a brand image through the old /api/categories/{id} path', async () => {
    const brand = await create('brands', { name: unique('Old Client Brand') });
    const res = await admin.form('PUT', `/api/categories/${brand.id}`, [['imageUrl', { file: await png('#abcdef') }]]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().imageUrl).toMatch(/\.webp$/);
    expect((await anonymous.json('GET', `/api/brands/${brand.id}`)).json().imageUrl).toBe(res.json().imageUrl);
  });

  it('asks for an image when the multipart update has none (400)', async () => {
    const category = await create('categories', { name: unique('Needs Image') });
    const res = await admin.form('PUT', `/api/categories/${category.id}`, [['other', 'x']]);
    expect(res.statusCode).toBe(400);
  });

  it('refuses a file that is not an image, whatever its name (415), and creates nothing', async () => {
    const name = unique('Fake Image');
    const res = await admin.form('POST', '/api/categories/create', [
      ['name', name],
      ['imageUrl', { file: Buffer.from('just some text'), name: 'x.png', type: 'image/png' }],
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json().msg).toMatch(/image/i);
    const list = (await anonymous.json('GET', '/api/categories')).json() as { name: string }[];
    expect(list.map((c) => c.name)).not.toContain(name);

    const category = await create('categories', { name: unique('Keeps Image') });
    const put = await admin.form('PUT', `/api/categories/${category.id}`, [
      ['imageUrl', { file: Buffer.from('GIF89a nope'), name: 'x.png' }],
    ]);
    expect(put.statusCode).toBe(415);
    expect((await anonymous.json('GET', `/api/categories/${category.id}`)).json().imageUrl).toBeNull();
  });

  it('refuses an image over 8 MB (413)', async () => {
    const big = Buffer.alloc(8 * 1024 * 1024 + 1024, 1);
    const res = await admin.form('POST', '/api/brands/create', [
      ['name', unique('Heavy')],
      ['imageUrl', { file: big }],
    ]);
    expect(res.statusCode).toBe(413);
  });

  it('lets only admins replace an image', async () => {
    const category = await create('categories', { name: unique('Image Guard') });
    const file = await png('#010203');
    expect((await anonymous.form('PUT', `/api/categories/${category.id}`, [['imageUrl', { file }]])).statusCode).toBe(401);
    expect((await shopper.form('PUT', `/api/categories/${category.id}`, [['imageUrl', { file }]])).statusCode).toBe(403);
    expect(
      (
        await shopper.form('POST', '/api/brands/create', [
          ['name', unique('Nope')],
          ['imageUrl', { file }],
        ])
      ).statusCode,
    ).toBe(403);
    expect((await anonymous.json('GET', `/api/categories/${category.id}`)).json().imageUrl).toBeNull();
  });
});

describe('brand rename', () => {
  it('renames the brand on its products, in search and in the brand filter', async () => {
    const brand = await create('brands', { name: 'Zobo Works' });
    const product = await createProduct({ title: 'Linen shirt', brand: 'zobo works' });
    expect(product.brand).toBe('Zobo Works');

    const res = await admin.json('PUT', `/api/brands/${brand.id}`, { name: 'Kola Atelier' });
    expect(res.statusCode).toBe(200);

    expect((await anonymous.json('GET', `/api/products/${product.id}`)).json().brand).toBe('Kola Atelier');
    const byNewName = (await anonymous.json('GET', '/api/products?title=kola%20atelier')).json() as { id: string }[];
    expect(byNewName.map((p) => p.id)).toEqual([product.id]);
    const byOldName = (await anonymous.json('GET', '/api/products?title=zobo')).json() as { id: string }[];
    expect(byOldName).toEqual([]);
    const byBrand = (await anonymous.json('GET', '/api/products?brand=KOLA%20ATELIER')).json() as { id: string }[];
    expect(byBrand.map((p) => p.id)).toEqual([product.id]);
  });
});

describe("a category's fields for the catalogue feeds (issue 31)", () => {
  it('are set, changed and cleared by catalogue writers, and refused with 400 when not Google’s values', async () => {
    const made = await create('categories', { name: unique('Kids'), gender: 'unisex', ageGroup: 'kids' });
    expect(made).toMatchObject({ gender: 'unisex', ageGroup: 'kids', googleProductCategory: null });

    const changed = await admin.json('PUT', `/api/categories/${made.id}`, {
      gender: 'female',
      googleProductCategory: ' Apparel & Accessories > Clothing ',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      name: made.name,
      gender: 'female',
      ageGroup: 'kids',
      googleProductCategory: 'Apparel & Accessories > Clothing',
    });
    expect((await anonymous.json('GET', `/api/categories/${made.id}`)).json()).toMatchObject({ gender: 'female' });

    // A form's emptied field clears one, as null does; the others stay.
    const cleared = await admin.form('PUT', `/api/categories/${made.id}`, [
      ['gender', ''],
      ['googleProductCategory', ''],
    ]);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ gender: null, ageGroup: 'kids', googleProductCategory: null });
    expect((await admin.json('PUT', `/api/categories/${made.id}`, { ageGroup: null })).json().ageGroup).toBeNull();

    for (const [body, message] of [
      [{ gender: 'women' }, /Gender must be one of female, male, unisex/],
      [{ ageGroup: 'teen' }, /Age group must be one of newborn, infant, toddler, kids, adult/],
      [{ googleProductCategory: 'x'.repeat(251) }, /at most 250 characters/],
      [{ googleProductCategory: '1604\n166' }, /one line of text/],
      [{}, /Nothing to update/],
    ] as const) {
      const res = await admin.json('PUT', `/api/categories/${made.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().msg).toMatch(message);
    }
    expect((await admin.json('POST', '/api/categories/create', { name: unique('Bad'), gender: 'x' })).statusCode).toBe(400);
    expect((await shopper.json('PUT', `/api/categories/${made.id}`, { gender: 'male' })).statusCode).toBe(403);
    expect((await anonymous.json('PUT', `/api/categories/${made.id}`, { gender: 'male' })).statusCode).toBe(401);
    expect((await anonymous.json('GET', `/api/categories/${made.id}`)).json()).toMatchObject({ gender: null, ageGroup: null });

    // Brands, subs and subsubs have none.
    const brand = await create('brands', { name: unique('Brand') });
    expect(brand).not.toHaveProperty('gender');
  });
});
