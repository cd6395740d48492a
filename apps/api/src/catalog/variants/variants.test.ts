/** Variants through HTTP: the editor's PUT, the derived product fields, filters, and buying a size. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productVariants } from '../../db/schema/index.ts';
import { insertProduct, readProduct, readVariants } from '../../../test/fixtures.ts';
import { type ApiProcess, startApiProcess } from '../../../test/api-process.ts';
import { bearer, createAdmin, createTestApp, registerShopper, type TestContext } from '../../../test/helpers.ts';
import { type Client, client, clients, png } from '../../../test/clients.ts';

let ctx: TestContext;
let admin: Client;
let shopper: Client;
let anonymous: Client;

beforeAll(async () => {
  ctx = await createTestApp();
  ({ admin, shopper, anonymous } = await clients(ctx));
});
afterAll(() => ctx.close());

const dressVariants = (stock: Record<string, number>) =>
  ['small', 'medium', 'large'].flatMap((size) =>
    ['Red', 'Blue'].map((color) => ({
      sku: `DRESS-${size.slice(0, 1).toUpperCase()}-${color.toUpperCase()}`,
      size,
      color,
      counter: stock[`${size}/${color}`] ?? 0,
    })),
  );

async function createDress(title = 'Ankara Wrap Dress', stock: Record<string, number> = { 'medium/Red': 1, 'large/Blue': 6 }) {
  const res = await admin.json('POST', '/api/products/create', {
    title,
    price: 25000,
    variants: dressVariants(stock).map((v) => ({
      ...v,
      sku: `${v.sku}-${title.length}${Math.random().toString(36).slice(2, 6)}`,
    })),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const checkout = (token: string, lines: object[]) =>
  ctx.app.inject({ method: 'POST', url: '/api/checkout', headers: bearer(token), payload: { lines } });

describe('a product with variants', () => {
  it('is created with its variants, and its seed fields are derived from them', async () => {
    const product = await createDress('Adire Shirt Dress', { 'medium/Red': 1, 'small/Blue': 2, 'large/Blue': 6 });
    expect(product).toMatchObject({
      counter: 9,
      availability: 'In Stock',
      size: ['small', 'medium', 'large'],
      colors: ['Red', 'Blue'],
      // The colour of the first variant in stock: small red is sold out, small blue is not.
      color: 'Blue',
      priceFrom: 25000,
      priceTo: 25000,
      defaultVariantId: null,
    });
    expect(product.variants).toHaveLength(6);
    expect(product.variants[0]).toMatchObject({ size: 'small', color: 'Red', counter: 0, availability: 'Out of Stock' });
    expect(product.variants[2]).toMatchObject({ size: 'medium', color: 'Red', counter: 1, availability: 'In Stock' });
    // The detail is what every client reads next.
    expect((await admin.json('GET', `/api/products/${product.id}`)).json()).toEqual(product);
  });

  it('replaces the set in one PUT: stock, a price of its own, a removed and a new variant', async () => {
    const product = await createDress('Boubou Kaftan');
    const [first, ...rest] = product.variants as { id: string; sku: string; size: string; color: string; counter: number }[];
    const res = await admin.json('PUT', `/api/products/${product.id}/variants`, {
      variants: [
        { ...first!, counter: 3, price: 30000, discount: 2000 },
        ...rest.slice(0, 4),
        { sku: `NEW-XL-${product.id.slice(0, 6)}`, size: 'extra-large', color: 'Red', counter: 2 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json();
    expect(updated.variants.map((v: { size: string; color: string }) => `${v.size}/${v.color}`)).toEqual([
      'small/Red',
      'small/Blue',
      'medium/Red',
      'medium/Blue',
      'large/Red',
      'extra-large/Red',
    ]);
    expect(updated.variants[0]).toMatchObject({
      id: first!.id,
      price: 30000,
      discount: 2000,
      salePrice: 28000,
      priceOverride: 30000,
      discountOverride: 2000,
      counter: 3,
    });
    // large/Blue (6 units) left the set.
    expect(updated).toMatchObject({ counter: 3 + 1 + 2, priceFrom: 25000, priceTo: 28000 });
    expect(updated.size).toEqual(['small', 'medium', 'large', 'extra-large']);
  });

  it('refuses a SKU or a size and colour listed twice, or a SKU another product uses, with 409 naming it, and changes nothing', async () => {
    const one = await createDress('Gele Two');
    const other = await createDress('Gele Three');
    const variants = one.variants.map((v: object) => v);
    const before = await readVariants(ctx.database.db, one.id);
    const twice = await admin.json('PUT', `/api/products/${one.id}/variants`, {
      variants: [...variants, { sku: variants[0].sku.toLowerCase(), size: 'extra-large', color: 'Red', counter: 1 }],
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().msg).toBe(`The SKU "${variants[0].sku.toLowerCase()}" is used twice`);
    const option = await admin.json('PUT', `/api/products/${one.id}/variants`, {
      variants: [...variants, { sku: 'ANOTHER-ONE', size: 'medium', color: 'red', counter: 1 }],
    });
    expect(option.statusCode).toBe(409);
    expect(option.json().msg).toBe('"medium / red" is listed twice');
    const taken = await admin.json('PUT', `/api/products/${one.id}/variants`, {
      variants: [...variants.slice(1), { sku: other.variants[0].sku, size: 'small', color: 'Red', counter: 1 }],
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().msg).toBe(`The SKU "${other.variants[0].sku}" is already used by another product`);
    expect(await readVariants(ctx.database.db, one.id)).toEqual(before);
  });

  it.each([
    ['no variants at all', { variants: [] }, 'A product needs at least one variant'],
    [
      'a size of another scale',
      { variants: [{ sku: 'SHOE-38', size: '38', counter: 1 }] },
      /not a size of this product's size scale/,
    ],
    ['negative stock', { variants: [{ sku: 'NEG-1', counter: -1 }] }, 'Stock cannot be negative'],
    [
      'a discount above the price',
      { variants: [{ sku: 'DISC-1', counter: 1, price: 100, discount: 200 }] },
      /cannot be more than/,
    ],
    ['a SKU with spaces', { variants: [{ sku: 'A B', counter: 1 }] }, /A SKU is 1 to 64/],
    [
      'a variant without a size beside sized ones',
      {
        variants: [
          { sku: 'SZ-1', size: 'small', counter: 1 },
          { sku: 'SZ-2', counter: 1 },
        ],
      },
      'Every variant needs a size when one of them has a size',
    ],
  ])('refuses %s with 400', async (_label, body, message) => {
    const product = await insertProduct(ctx.database.db);
    const res = await admin.json('PUT', `/api/products/${product.id}/variants`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(message);
  });

  it('needs an admin: 401 without a token, 403 for a shopper, 404 for an unknown product', async () => {
    const product = await insertProduct(ctx.database.db);
    const body = { variants: [{ sku: 'X-1', counter: 1 }] };
    expect((await anonymous.json('PUT', `/api/products/${product.id}/variants`, body)).statusCode).toBe(401);
    expect((await shopper.json('PUT', `/api/products/${product.id}/variants`, body)).statusCode).toBe(403);
    const unknown = await admin.json('PUT', '/api/products/00000000-0000-4000-8000-000000000000/variants', body);
    expect(unknown.statusCode).toBe(404);
  });

  it('archives a variant that was sold instead of deleting it, and brings it back by its SKU', async () => {
    const buyer = await registerShopper(ctx.app);
    const product = await createDress('Iro and Buba');
    const mediumRed = product.variants.find((v: { size: string; color: string }) => v.size === 'medium' && v.color === 'Red');
    const bought = await checkout(buyer.accessToken, [{ productId: product.id, variantId: mediumRed.id, quantity: 1 }]);
    expect(bought.statusCode, bought.body).toBe(201);
    const others = product.variants.filter((v: { id: string }) => v.id !== mediumRed.id);
    const without = await admin.json('PUT', `/api/products/${product.id}/variants`, { variants: others });
    expect(without.statusCode).toBe(200);
    expect(without.json().variants).toHaveLength(5);
    // The order still points at it.
    const order = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders/${bought.json().orderId}`,
      headers: bearer(buyer.accessToken),
    });
    expect(order.json().lines[0]).toMatchObject({ variantId: mediumRed.id, sku: mediumRed.sku, size: 'medium', color: 'Red' });
    const back = await admin.json('PUT', `/api/products/${product.id}/variants`, {
      variants: [...others, { sku: mediumRed.sku, size: 'medium', color: 'Red', counter: 4 }],
    });
    expect(back.statusCode).toBe(200);
    expect(back.json().variants.at(-1)).toMatchObject({ id: mediumRed.id, counter: 4 });
  });

  it('changes the size scale with the sizes in the same save, and refuses a size of another scale', async () => {
    const product = await createDress('Leather Sandal');
    const shoes = [
      { sku: `SANDAL-39-${product.id.slice(0, 6)}`, size: '39', color: 'Tan', counter: 2 },
      { sku: `SANDAL-40-${product.id.slice(0, 6)}`, size: '40', color: 'Tan', counter: 1 },
    ];
    // Shoe sizes on the clothing scale: refused, nothing changes.
    const refused = await admin.json('PUT', `/api/products/${product.id}/variants`, { variants: shoes });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toContain('"39" is not a size');
    const unknown = await admin.json('PUT', `/api/products/${product.id}/variants`, { sizeScale: 'hats', variants: shoes });
    expect(unknown.statusCode).toBe(400);
    expect((await readProduct(ctx.database.db, product.id)).sizeScale).toBe('standard');

    const res = await admin.json('PUT', `/api/products/${product.id}/variants`, { sizeScale: 'shoes', variants: shoes });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ sizeScale: 'shoes', size: ['39', '40'], counter: 3 });
  });

  it('lets two variants swap their sizes in one save', async () => {
    const product = await createDress('Swap Test Dress');
    const [a, b] = product.variants as { id: string; size: string; color: string }[];
    const swapped = product.variants.map((v: { id: string }) =>
      v.id === a!.id ? { ...v, size: b!.size, color: b!.color } : v.id === b!.id ? { ...v, size: a!.size, color: a!.color } : v,
    );
    const res = await admin.json('PUT', `/api/products/${product.id}/variants`, { variants: swapped });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('shows a variant the pictures of its colour', async () => {
    const created = await admin.form('POST', '/api/products/create', [
      ['title', 'Two-colour Scarf'],
      ['price', '9000'],
      ['imageUrl', { file: await png('#c00') }],
      ['imageUrl', { file: await png('#00c') }],
    ]);
    const product = created.json();
    const [red, blue] = product.imageUrls as string[];
    const res = await admin.json('PUT', `/api/products/${product.id}/variants`, {
      variants: [
        { sku: `SCARF-RED-${product.id.slice(0, 4)}`, color: 'Red', counter: 2, imageUrls: [red] },
        { sku: `SCARF-BLUE-${product.id.slice(0, 4)}`, color: 'Blue', counter: 2, imageUrls: [blue] },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().variants.map((v: { imageUrls: string[] }) => v.imageUrls)).toEqual([[red], [blue]]);
    const stranger = await admin.json('PUT', `/api/products/${product.id}/variants`, {
      variants: [{ sku: `SCARF-RED-${product.id.slice(0, 4)}`, color: 'Red', counter: 2, imageUrls: ['/uploads/x.webp'] }],
    });
    expect(stranger.statusCode).toBe(400);
  });

  it("pauses every variant when an admin sets the product 'Out of Stock', and resumes with 'In Stock'", async () => {
    const product = await createDress('Paused Kaftan');
    const paused = await admin.json('PUT', `/api/products/${product.id}`, { availability: 'Out of Stock' });
    expect(paused.json()).toMatchObject({ availability: 'Out of Stock', counter: 7 });
    expect(paused.json().variants.every((v: { availability: string }) => v.availability === 'Out of Stock')).toBe(true);
    const buyer = await registerShopper(ctx.app);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: bearer(buyer.accessToken),
      payload: { lines: [{ productId: product.id, variantId: product.variants[5].id, quantity: 1 }] },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe('Only 0 left in stock for Paused Kaftan (large / Blue)');
    const resumed = await admin.json('PUT', `/api/products/${product.id}`, { availability: 'In Stock' });
    expect(resumed.json()).toMatchObject({ availability: 'In Stock' });
  });
});

describe('listing by size and colour', () => {
  it('matches only variants in stock, any of several values, any case', async () => {
    const tag = Date.now().toString(36);
    const a = await createDress(`Filter A ${tag}`, { 'medium/Red': 1 });
    const b = await createDress(`Filter B ${tag}`, { 'large/Blue': 2 });
    const ids = async (query: string) =>
      ((await anonymous.json('GET', `/api/products?title=${tag}&${query}`)).json() as { id: string }[]).map((p) => p.id).sort();
    expect(await ids('size=medium')).toEqual([a.id]);
    expect(await ids('size=small')).toEqual([]);
    expect(await ids('color=BLUE')).toEqual([b.id]);
    expect(await ids('size=medium,large')).toEqual([a.id, b.id].sort());
    expect(await ids('size=medium&color=blue')).toEqual([]);
    // Size and colour name one variant: medium blue sold out, though medium red and small blue are not.
    const c = await createDress(`Filter C ${tag}`, { 'medium/Red': 1, 'small/Blue': 1 });
    expect(await ids('size=medium&color=blue')).toEqual([]);
    expect(await ids('size=medium&color=red')).toEqual([a.id, c.id].sort());
  });

  it('finds low and out-of-stock products for admins only', async () => {
    const tag = `stock${Date.now().toString(36)}`;
    const plenty = await insertProduct(ctx.database.db, { title: `Plenty ${tag}`, counter: 50 });
    const low = await insertProduct(ctx.database.db, {
      title: `Low ${tag}`,
      variants: [
        { size: 'small', counter: 40 },
        { size: 'medium', counter: 2 },
      ],
    });
    const out = await insertProduct(ctx.database.db, { title: `Out ${tag}`, counter: 0 });
    const ids = async (client: Client, stock: string) => {
      const res = await client.json('GET', `/api/products?title=${tag}&stock=${stock}`);
      return { status: res.statusCode, ids: res.statusCode === 200 ? res.json().map((p: { id: string }) => p.id) : [] };
    };
    expect(await ids(admin, 'low')).toEqual({ status: 200, ids: [low.id] });
    expect(await ids(admin, 'out')).toEqual({ status: 200, ids: [out.id] });
    expect((await ids(anonymous, 'low')).status).toBe(401);
    expect((await ids(shopper, 'out')).status).toBe(403);
    // The threshold is the shop's setting.
    await admin.json('PUT', '/api/settings', { lowStockThreshold: 60 });
    expect((await ids(admin, 'low')).ids.sort()).toEqual([plenty.id, low.id].sort());
    await admin.json('PUT', '/api/settings', { lowStockThreshold: 3 });
  });
});

describe('low stock', () => {
  it('means a product on sale with a size that has 1 to the threshold left; a sold-out size is out, not low', async () => {
    const tag = `lowdef${Date.now().toString(36)}`;
    const product = (title: string, variants: { size?: string; counter: number }[], paused = false) =>
      insertProduct(ctx.database.db, {
        title: `${title} ${tag}`,
        variants,
        ...(paused && { availability: 'Out of Stock' as const }),
      });
    const oneShort = await product('One size short', [
      { size: 'small', counter: 40 },
      { size: 'medium', counter: 2 },
    ]);
    const lastUnits = await product('Last units', [{ counter: 3 }]);
    // Neither low nor out: a size sold out beside one in stock, and a paused product.
    await product('Sold-out size', [
      { size: 'small', counter: 40 },
      { size: 'medium', counter: 0 },
    ]);
    await product('Paused short', [{ counter: 1 }], true);
    const empty = await product('Sold out', [
      { size: 'small', counter: 0 },
      { size: 'medium', counter: 0 },
    ]);
    await product('Plenty', [{ counter: 4 }]);
    const ids = async (stock: string) =>
      ((await admin.json('GET', `/api/products?title=${tag}&stock=${stock}`)).json() as { id: string }[]).map((p) => p.id).sort();
    // The shop's threshold is 3: at most 3 left and at least 1.
    expect(await ids('low')).toEqual([oneShort.id, lastUnits.id].sort());
    expect(await ids('out')).toEqual([empty.id]);
  });

  it('is what lowestStock says: the filter lists a product exactly when it is on sale with lowestStock ≤ the threshold', async () => {
    const tag = `lowest${Date.now().toString(36)}`;
    const sized = (title: string, counters: number[], paused = false) =>
      insertProduct(ctx.database.db, {
        title: `${title} ${tag}`,
        variants: counters.map((counter, i) => ({ size: ['small', 'medium', 'large'][i]!, counter })),
        ...(paused && { availability: 'Out of Stock' as const }),
      });
    const low = await sized('Short', [0, 2, 40]);
    const plenty = await sized('Plenty', [0, 40]);
    const paused = await sized('Paused', [0, 2, 40], true);
    const threshold = 3;

    const listed = (await admin.json('GET', `/api/products?title=${tag}&stock=low`)).json() as { id: string }[];
    const all = (await admin.json('GET', `/api/products?title=${tag}`)).json() as {
      id: string;
      lowestStock: number | null;
      availability: string;
    }[];
    const byId = new Map(all.map((p) => [p.id, p]));
    expect(byId.get(low.id)?.lowestStock).toBe(2);
    expect(byId.get(plenty.id)?.lowestStock).toBe(40);
    expect(byId.get(paused.id)?.lowestStock).toBe(2);
    // The rule a client applies to the answer (the back office's badge) lists the same products.
    const lowByAnswer = all
      .filter((p) => p.availability === 'In Stock' && p.lowestStock !== null && p.lowestStock <= threshold)
      .map((p) => p.id);
    expect(listed.map((p) => p.id)).toEqual([low.id]);
    expect(lowByAnswer).toEqual([low.id]);

    // The product's page says the same, and follows a stock move (the trigger keeps it).
    const detail = async (id: string) => (await admin.json('GET', `/api/products/${id}`)).json();
    expect(await detail(low.id)).toMatchObject({ counter: 42, lowestStock: 2 });
    const small = (await readVariants(ctx.database.db, plenty.id)).find((v) => v.size === 'small')!;
    await ctx.database.db.update(productVariants).set({ counter: 1 }).where(eq(productVariants.id, small.id));
    expect(await detail(plenty.id)).toMatchObject({ counter: 41, lowestStock: 1 });
    const relisted = (await admin.json('GET', `/api/products?title=${tag}&stock=low`)).json() as { id: string }[];
    expect(relisted.map((p) => p.id).sort()).toEqual([low.id, plenty.id].sort());
  });
});

describe('buying a size', () => {
  it('asks for a size when the line names none, finds the variant by size and colour, and takes its stock only', async () => {
    const buyer = await registerShopper(ctx.app);
    const product = await createDress('Size Me Dress', { 'medium/Red': 2, 'large/Red': 5 });
    const none = await checkout(buyer.accessToken, [{ productId: product.id, quantity: 1 }]);
    expect(none.statusCode).toBe(400);
    expect(none.json().msg).toBe('Choose a size');
    const noColour = await checkout(buyer.accessToken, [{ productId: product.id, size: 'medium', quantity: 1 }]);
    expect(noColour.statusCode).toBe(400);
    expect(noColour.json().msg).toBe('Choose a colour');
    const absent = await checkout(buyer.accessToken, [{ productId: product.id, size: 'medium', color: 'Green', quantity: 1 }]);
    expect(absent.statusCode).toBe(400);
    expect(absent.json().msg).toBe('Size Me Dress does not come in medium / Green');
    const ok = await checkout(buyer.accessToken, [{ productId: product.id, size: 'Medium', color: 'red', quantity: 2 }]);
    expect(ok.statusCode, ok.body).toBe(201);
    const variants = await readVariants(ctx.database.db, product.id);
    expect(variants.map((v) => `${v.size}/${v.color}:${v.counter}`)).toEqual([
      'small/Red:0',
      'small/Blue:0',
      'medium/Red:0',
      'medium/Blue:0',
      'large/Red:5',
      'large/Blue:0',
    ]);
    expect((await readProduct(ctx.database.db, product.id)).counter).toBe(5);
    const gone = await checkout(buyer.accessToken, [{ productId: product.id, size: 'medium', color: 'Red', quantity: 1 }]);
    expect(gone.statusCode).toBe(409);
    expect(gone.json().msg).toBe('Only 0 left in stock for Size Me Dress (medium / Red)');
  });

  it('prices a line at its variant’s own price', async () => {
    const buyer = await registerShopper(ctx.app);
    const product = await insertProduct(ctx.database.db, {
      title: 'Priced Variant Wrap',
      price: 2_000_000,
      variants: [
        { size: 'small', counter: 3 },
        { size: 'large', counter: 3, price: 2_400_000, discount: 100_000 },
      ],
    });
    const res = await checkout(buyer.accessToken, [{ productId: product.id, size: 'large', quantity: 2 }]);
    expect(res.statusCode).toBe(201);
    // (24,000 − 1,000) × 2 naira.
    expect(res.json().amount).toBe(4_600_000);
  });

  it('refuses a variant that is no longer on sale with 409', async () => {
    const buyer = await registerShopper(ctx.app);
    const product = await insertProduct(ctx.database.db, {
      variants: [
        { size: 'small', counter: 3 },
        { size: 'large', counter: 3 },
      ],
    });
    const res = await checkout(buyer.accessToken, [
      { productId: product.id, variantId: '00000000-0000-4000-8000-000000000000', quantity: 1 },
    ]);
    expect(res.statusCode).toBe(409);
  });

  it('never sells the last unit of a variant twice: 10 concurrent checkouts, 1 succeeds', async () => {
    const product = await createDress('Last One Dress', { 'medium/Red': 1, 'large/Red': 10 });
    const mediumRed = product.variants.find((v: { size: string; color: string }) => v.size === 'medium' && v.color === 'Red');
    const buyers = await Promise.all(Array.from({ length: 5 }, () => registerShopper(ctx.app)));
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        checkout(buyers[i % 5]!.accessToken, [{ productId: product.id, variantId: mediumRed.id, quantity: 1 }]),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(9);
    const after = await readProduct(ctx.database.db, product.id);
    expect(after).toMatchObject({ counter: 10, availability: 'In Stock' });
  });
});

describe('a stock read earlier (stockVersion)', () => {
  type View = { id: string; sku: string; size: string; color: string; counter: number; stockVersion: number };
  const put = (product: { id: string }, variants: object[], as = admin) =>
    as.json('PUT', `/api/products/${product.id}/variants`, { variants });
  const load = async (product: { id: string }) =>
    (await admin.json('GET', `/api/products/${product.id}`)).json().variants as View[];

  it('is on every variant, and goes up with each change of its stock, not of its other values', async () => {
    const product = await createDress('Versioned Wrapper');
    const [first, second, ...rest] = product.variants as View[];
    expect(product.variants.map((v: View) => v.stockVersion)).toEqual([1, 1, 1, 1, 1, 1]);
    const saved = await put(product, [{ ...first!, counter: 5 }, { ...second!, price: 30000 }, ...rest]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().variants.map((v: View) => v.stockVersion)).toEqual([2, 1, 1, 1, 1, 1]);
  });

  it('two admins load the editor, one saves a stock change: the other’s save with the old stockVersion is refused with 409 and changes nothing', async () => {
    const product = await createDress('Two Admins Buba');
    const secondAdmin = client(ctx.app, (await createAdmin(ctx)).accessToken);
    const mine = await load(product);
    const theirs = await load(product);
    const first = await put(product, [{ ...mine[0]!, counter: 4 }, ...mine.slice(1)]);
    expect(first.statusCode, first.body).toBe(200);
    const before = await readVariants(ctx.database.db, product.id);
    // The other admin changed only a price; the stock they send is what they loaded.
    const late = await put(product, [{ ...theirs[0]!, price: 40000 }, ...theirs.slice(1)], secondAdmin);
    expect(late.statusCode).toBe(409);
    expect(late.json().msg).toBe('Stock changed while you were editing; reload');
    expect(await readVariants(ctx.database.db, product.id)).toEqual(before);
    // Reloaded, the save goes through.
    const reloaded = await load(product);
    const again = await put(product, [{ ...reloaded[0]!, price: 40000 }, ...reloaded.slice(1)], secondAdmin);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().variants[0]).toMatchObject({ counter: 4, price: 40000 });
  });

  /** A dress with 3 medium reds, loaded in the editor; then a shopper buys one. */
  async function loadedThenSold(title: string) {
    const product = await createDress(title, { 'medium/Red': 3 });
    const loaded = await load(product);
    const mediumRed = loaded.find((v) => v.size === 'medium' && v.color === 'Red')!;
    const buyer = await registerShopper(ctx.app);
    const bought = await checkout(buyer.accessToken, [{ productId: product.id, variantId: mediumRed.id, quantity: 1 }]);
    expect(bought.statusCode, bought.body).toBe(201);
    return { product, loaded, mediumRed };
  }

  it('a unit sold while the editor was open is not put back by its save', async () => {
    const { product, loaded, mediumRed } = await loadedThenSold('Sold Meanwhile Iro');
    const save = await put(product, loaded);
    expect(save.statusCode).toBe(409);
    expect(save.json().msg).toBe('Stock changed while you were editing; reload');
    expect((await readVariants(ctx.database.db, product.id)).find((v) => v.id === mediumRed.id)!.counter).toBe(2);
  });

  it('without stockVersion, counter is set as sent, whatever the stock is now', async () => {
    const { product, loaded, mediumRed } = await loadedThenSold('Counted Again Dress');
    const save = await put(
      product,
      loaded.map(({ stockVersion: _, ...v }) => (v.id === mediumRed.id ? { ...v, counter: 7 } : v)),
    );
    expect(save.statusCode, save.body).toBe(200);
    expect(save.json().variants.find((v: View) => v.id === mediumRed.id)).toMatchObject({ counter: 7, stockVersion: 3 });
  });
});

/** Two real API processes on one PostgreSQL database: the version check holds across them. */
describe.runIf(process.env.TEST_DATABASE_URL)('the variants editor with two API processes', () => {
  const processes: ApiProcess[] = [];
  const env = () => ({ DATABASE_URL: ctx.database.url!, JWT_SECRET: 'variants-two-processes-secret-0123456789abcdef' });

  beforeAll(async () => {
    processes.push(...(await Promise.all([startApiProcess(env()), startApiProcess(env())])));
  }, 60_000);
  afterAll(() => Promise.all(processes.map((p) => p.stop())));

  async function call(process: ApiProcess, method: string, url: string, token: string, body?: unknown) {
    const res = await fetch(`${process.url}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as { msg?: string; variants: object[] } };
  }
  async function signIn(process: ApiProcess) {
    const account = await createAdmin(ctx);
    const res = await fetch(`${process.url}/api/auth/adminlogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: account.password }),
    });
    return ((await res.json()) as { accessToken: string }).accessToken;
  }

  it('two admins on two processes save the same loaded stock at once: exactly one save holds, the other gets 409 and changes nothing', async () => {
    const [one, two] = processes as [ApiProcess, ApiProcess];
    const [tokenOne, tokenTwo] = await Promise.all([signIn(one), signIn(two)]);
    const product = await insertProduct(ctx.database.db, {
      title: 'Two Processes Agbada',
      variants: [
        { size: 'medium', counter: 5 },
        { size: 'large', counter: 5 },
      ],
    });
    const path = `/api/products/${product.id}`;
    const [seenOne, seenTwo] = await Promise.all([call(one, 'GET', path, tokenOne), call(two, 'GET', path, tokenTwo)]);
    const withMedium = (variants: object[], counter: number) => [{ ...variants[0]!, counter }, ...variants.slice(1)];
    const saves = await Promise.all([
      call(one, 'PUT', `${path}/variants`, tokenOne, { variants: withMedium(seenOne.json.variants, 8) }),
      call(two, 'PUT', `${path}/variants`, tokenTwo, { variants: withMedium(seenTwo.json.variants, 2) }),
    ]);
    expect(saves.map((s) => s.status).sort()).toEqual([200, 409]);
    const refused = saves.find((s) => s.status === 409)!;
    expect(refused.json.msg).toBe('Stock changed while you were editing; reload');
    const winner = saves.find((s) => s.status === 200)!;
    const [medium, large] = await readVariants(ctx.database.db, product.id);
    expect(medium).toMatchObject({ counter: winner === saves[0] ? 8 : 2, stockVersion: 2 });
    expect(large).toMatchObject({ counter: 5, stockVersion: 1 });

    // The loser, reloaded on its own process, saves.
    const fresh = await call(two, 'GET', path, tokenTwo);
    const after = await call(two, 'PUT', `${path}/variants`, tokenTwo, { variants: withMedium(fresh.json.variants, 6) });
    expect(after.status).toBe(200);
    expect(after.json.variants[0]).toMatchObject({ counter: 6, stockVersion: 3 });
  });
});

describe('the original clients', () => {
  it("keep updating a product's sizes, colour and total stock through the product's own fields", async () => {
    const created = await admin.json('POST', '/api/products/create', {
      title: 'Legacy Agbada',
      price: 30000,
      color: 'Indigo',
      size: ['medium', 'large'],
      counter: 6,
    });
    expect(created.json()).toMatchObject({ size: ['medium', 'large'], color: 'Indigo', counter: 6 });
    expect(created.json().variants.map((v: { counter: number }) => v.counter)).toEqual([6, 0]);
    const updated = await admin.json('PUT', `/api/products/${created.json().id}`, {
      size: ['small', 'medium', 'large'],
      color: 'Wine',
      counter: 4,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ size: ['small', 'medium', 'large'], colors: ['Wine'], counter: 4 });
  });

  it('take a colour the product has as the variants compare it: one stored with spaces around it is that colour', async () => {
    // Stored as an older back office could leave it (the editor stores colours trimmed).
    const product = await insertProduct(ctx.database.db, {
      variants: [
        { size: 'small', color: ' Red ', counter: 1, sku: 'LEGACY-S-RED' },
        { size: 'small', color: 'Blue', counter: 1, sku: 'LEGACY-S-BLUE' },
      ],
    });
    const red = await admin.json('PUT', `/api/products/${product.id}`, { color: 'red' });
    expect(red.statusCode, red.body).toBe(200);
    expect((await readVariants(ctx.database.db, product.id)).map((v) => v.sku)).toEqual(['LEGACY-S-RED', 'LEGACY-S-BLUE']);
    const green = await admin.json('PUT', `/api/products/${product.id}`, { color: 'Green' });
    expect(green.statusCode).toBe(400);
    expect(green.json().msg).toBe('This product comes in several colours: change them in its variants');
  });
});
