import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { type Client, clients, type FormValue, isServed, png } from '../../../test/clients.ts';

let ctx: TestContext;
let admin: Client;
let shopper: Client;
let anonymous: Client;
let women: { id: string; name: string };
let dresses: { id: string; name: string };
let maxi: { id: string; name: string };
let brand: { id: string; name: string };

async function create(path: string, name: string) {
  const res = await admin.json('POST', `/api/${path}/create`, { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; name: string };
}

beforeAll(async () => {
  ctx = await createTestApp();
  ({ admin, shopper, anonymous } = await clients(ctx));
  women = await create('categories', 'Women');
  dresses = await create('subs', 'Dresses');
  maxi = await create('subsubs', 'Maxi Dresses');
  brand = await create('brands', 'Adire Lagos');
});
afterAll(() => ctx.close());

const MISSING = '00000000-0000-4000-8000-000000000000';
let colour = 0;
/** A PNG no other test uses, so its image id is its own. */
const freshPng = () => png(`#${(++colour * 7919).toString(16).padStart(6, '0').slice(-6)}`);

async function total(): Promise<number> {
  const res = await anonymous.json('GET', '/api/products?limit=1');
  return Number(res.headers['x-total-count']);
}

async function createJson(fields: Record<string, unknown> = {}) {
  const res = await admin.json('POST', '/api/products/create', { title: 'Plain tee', price: 5000, ...fields });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function createWithImages(count: number) {
  const fields: [string, FormValue][] = [
    ['title', 'Gallery product'],
    ['price', '9000'],
  ];
  for (let i = 0; i < count; i++) fields.push(['imageUrl', { file: await freshPng() }]);
  const res = await admin.form('POST', '/api/products/create', fields);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('POST /api/products/create', () => {
  it('creates a product from the back office multipart form, images in order', async () => {
    const images = [await freshPng(), await freshPng()];
    const res = await admin.form('POST', '/api/products/create', [
      ['title', 'Adire maxi dress'],
      ['heading', 'Hand-dyed indigo'],
      ['description', 'Cotton, made in Abeokuta'],
      ['price', '25000.50'],
      ['discount', '5000'],
      ['color', 'Indigo'],
      ['size', 'small'],
      ['size', 'Large'],
      ['categoryId', women.id],
      ['brand', 'adire lagos'],
      ['sub', 'Dresses'],
      ['subsub', maxi.id],
      ['availability', 'In Stock'],
      ['counter', '12'],
      ['imageUrl', { file: images[0]! }],
      ['imageUrl', { file: images[1]!, name: 'second.jpg', type: 'image/jpeg' }],
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const product = res.json();
    expect(product).toMatchObject({
      id: expect.any(String),
      title: 'Adire maxi dress',
      heading: 'Hand-dyed indigo',
      description: 'Cotton, made in Abeokuta',
      price: 25000.5,
      discount: 5000,
      salePrice: 20000.5,
      color: 'Indigo',
      size: ['small', 'large'],
      counter: 12,
      availability: 'In Stock',
      brand: 'Adire Lagos',
      brandId: brand.id,
      Category: { id: women.id, name: 'Women' },
      Sub: { id: dresses.id, name: 'Dresses' },
      Subsub: { id: maxi.id, name: 'Maxi Dresses' },
      categoryId: women.id,
      sub: 'Dresses',
      subsub: 'Maxi Dresses',
      ratingAverage: 0,
      ratingCount: 0,
    });
    expect(new Date(product.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(product.imageUrls).toHaveLength(2);
    expect(product.imageUrl).toBe(product.imageUrls[0]);
    for (const url of product.imageUrls) expect(await isServed(ctx.app, url)).toBe(true);

    // The next read sees exactly what the write answered (its writer also reads the cost prices).
    const read = await admin.json('GET', `/api/products/${product.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(product);
  });

  it('creates from JSON without images, with the defaults: one variant without options, no stock', async () => {
    const product = await createJson({ title: 'Raffia bag', price: 12000 });
    expect(product).toMatchObject({
      title: 'Raffia bag',
      price: 12000,
      discount: 0,
      counter: 0,
      // Nothing in stock yet: nothing to sell.
      availability: 'Out of Stock',
      size: [],
      colors: [],
      sizeScale: 'standard',
      priceFrom: 12000,
      priceTo: 12000,
      defaultVariantId: expect.any(String),
      variants: [{ sku: expect.stringMatching(/^AD-\d{6}$/), size: '', color: '', counter: 0, price: 12000, salePrice: 12000 }],
      brand: '',
      Category: null,
      Sub: null,
      Subsub: null,
      categoryId: null,
      imageUrls: [],
      imageUrl: null,
    });
  });

  it('reads sizes sent as a comma-separated or a JSON array string', async () => {
    const comma = await admin.form('POST', '/api/products/create', [
      ['title', 'Kaftan'],
      ['price', '100'],
      ['size', 'medium, extra-large'],
    ]);
    expect(comma.json().size).toEqual(['medium', 'extra-large']);
    const json = await admin.form('POST', '/api/products/create', [
      ['title', 'Scarf'],
      ['price', '100'],
      ['size', '["one size"]'],
    ]);
    expect(json.json().size).toEqual(['one size']);
  });

  it.each([
    [{ price: 100 }, /Title is required/],
    [{ title: '   ', price: 100 }, /Title is required/],
    [{ title: 'No price' }, /Price is required/],
    [{ title: 'Bad price', price: 'abc' }, /Price must be a number/],
    [{ title: 'Negative price', price: -1 }, /Price cannot be negative/],
    [{ title: 'Negative discount', price: 100, discount: -5 }, /Discount cannot be negative/],
    [{ title: 'Too much discount', price: 100, discount: 100.01 }, /Discount cannot be more than the price/],
    [{ title: 'Negative stock', price: 100, counter: -1 }, /Counter cannot be negative/],
    [{ title: 'Half stock', price: 100, counter: 1.5 }, /Counter must be a whole number/],
    [{ title: 'Odd size', price: 100, size: ['small', 'huge'] }, /"huge" is not a size/],
    [{ title: 'Odd availability', price: 100, availability: 'Sold' }, /Availability must be/],
    [{ title: 'Unknown category', price: 100, categoryId: MISSING }, /Category .* does not exist/],
    [{ title: 'Unknown brand', price: 100, brand: 'Nobody' }, /Brand "Nobody" does not exist/],
    [{ title: 'Unknown sub', price: 100, sub: 'Nothing' }, /Sub-category "Nothing" does not exist/],
    [{ title: 'Unknown subsub', price: 100, subsub: MISSING }, /Sub-sub-category .* does not exist/],
  ])('refuses %j with a clear 400 and creates nothing', async (body, msg) => {
    const before = await total();
    const res = await admin.json('POST', '/api/products/create', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(msg);
    expect(await total()).toBe(before);
  });

  it('gives the same 400s for multipart fields', async () => {
    const res = await admin.form('POST', '/api/products/create', [
      ['title', 'Form price'],
      ['price', 'ten naira'],
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('Price must be a number');
    const noTitle = await admin.form('POST', '/api/products/create', [['price', '10']]);
    expect(noTitle.json().msg).toBe('Title is required');
  });

  it('refuses 11 images (413), an image over 8 MB (413) and a text file named x.png (415)', async () => {
    const before = await total();
    const eleven: [string, FormValue][] = [
      ['title', 'Too many'],
      ['price', '10'],
    ];
    const small = await freshPng();
    for (let i = 0; i < 11; i++) eleven.push(['imageUrl', { file: small }]);
    const tooMany = await admin.form('POST', '/api/products/create', eleven);
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().msg).toMatch(/At most 10 images/);

    const huge = await admin.form('POST', '/api/products/create', [
      ['title', 'Too big'],
      ['price', '10'],
      ['imageUrl', { file: Buffer.alloc(8 * 1024 * 1024 + 1, 7) }],
    ]);
    expect(huge.statusCode).toBe(413);
    expect(huge.json().msg).toMatch(/8 MB/);

    const fake = await admin.form('POST', '/api/products/create', [
      ['title', 'Not an image'],
      ['price', '10'],
      ['imageUrl', { file: await freshPng() }],
      ['imageUrl', { file: Buffer.from('hello, I am text'), name: 'x.png', type: 'image/png' }],
    ]);
    expect(fake.statusCode).toBe(415);
    expect(fake.json().msg).toMatch(/image/i);
    expect(await total()).toBe(before);
  });
});

describe('GET /api/products/{id}', () => {
  it('answers 404 {msg: "Product not found"} for an unknown or malformed id', async () => {
    for (const id of [MISSING, 'abc', 'create']) {
      const res = await anonymous.json('GET', `/api/products/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ msg: 'Product not found' });
    }
  });
});

describe('PUT /api/products/{id}', () => {
  it('updates any subset of the fields from JSON and answers the fresh product', async () => {
    const product = await createJson({ title: 'Agbada', price: 30000, brand: brand.id, size: ['large'] });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const res = await admin.json('PUT', `/api/products/${product.id}`, {
      price: '28000',
      discount: 3000,
      size: ['medium', 'large'],
      counter: 4,
      availability: 'Out of Stock',
      categoryId: women.id,
      sub: dresses.id,
      subsub: 'maxi dresses',
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json();
    expect(updated).toMatchObject({
      id: product.id,
      title: 'Agbada',
      price: 28000,
      discount: 3000,
      salePrice: 25000,
      size: ['medium', 'large'],
      counter: 4,
      availability: 'Out of Stock',
      brand: 'Adire Lagos',
      Category: { id: women.id, name: 'Women' },
      Sub: { id: dresses.id, name: 'Dresses' },
      Subsub: { id: maxi.id, name: 'Maxi Dresses' },
      createdAt: product.createdAt,
    });
    expect(new Date(updated.updatedAt).getTime()).toBeGreaterThan(new Date(product.updatedAt).getTime());
    expect((await admin.json('GET', `/api/products/${product.id}`)).json()).toEqual(updated);

    // '' clears a reference.
    const cleared = await admin.json('PUT', `/api/products/${product.id}`, { brand: '', categoryId: null });
    expect(cleared.json()).toMatchObject({ brand: '', brandId: null, Category: null, categoryId: null });
  });

  it('validates like create, against the stored price and discount', async () => {
    const product = await createJson({ price: 1000, discount: 200 });
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ price: 150 }, /Discount cannot be more than the price/],
      [{ discount: 1500 }, /Discount cannot be more than the price/],
      [{ title: '' }, /Title is required/],
      [{ counter: -3 }, /Counter cannot be negative/],
      [{ size: 'tiny' }, /"tiny" is not a size/],
      [{ availability: 'Maybe' }, /Availability must be/],
      [{ brand: 'Unknown Brand' }, /Brand "Unknown Brand" does not exist/],
    ];
    for (const [body, msg] of cases) {
      const res = await admin.json('PUT', `/api/products/${product.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().msg).toMatch(msg);
    }
    const unchanged = (await anonymous.json('GET', `/api/products/${product.id}`)).json();
    expect(unchanged).toMatchObject({ price: 1000, discount: 200, counter: 0, brand: '' });
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of [MISSING, 'nope']) {
      const res = await admin.json('PUT', `/api/products/${id}`, { title: 'Ghost' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ msg: 'Product not found' });
    }
    const form = await admin.form('PUT', `/api/products/${MISSING}`, [['imageUrl', { file: await freshPng() }]]);
    expect(form.statusCode).toBe(404);
  });

  it('appends multipart imageUrl files to the images and answers imageUrls', async () => {
    const product = await createWithImages(1);
    const res = await admin.form('PUT', `/api/products/${product.id}`, [
      ['imageUrl', { file: await freshPng() }],
      ['imageUrl', { file: await freshPng() }],
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const { imageUrls } = res.json();
    expect(imageUrls).toHaveLength(3);
    expect(imageUrls[0]).toBe(product.imageUrls[0]);
    for (const url of imageUrls) expect(await isServed(ctx.app, url)).toBe(true);
    expect((await anonymous.json('GET', `/api/products/${product.id}`)).json().imageUrls).toEqual(imageUrls);
  });

  it('asks for images when the multipart update has neither files nor fields (400)', async () => {
    const product = await createWithImages(1);
    const res = await admin.form('PUT', `/api/products/${product.id}`, []);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('Please select images to upload');
  });

  it('refuses non-images (415) and too many files (413) when appending, leaving the images as they were', async () => {
    const product = await createWithImages(1);
    const fake = await admin.form('PUT', `/api/products/${product.id}`, [
      ['imageUrl', { file: Buffer.from('text'), name: 'x.png' }],
    ]);
    expect(fake.statusCode).toBe(415);
    const files: [string, FormValue][] = [];
    const small = await freshPng();
    for (let i = 0; i < 11; i++) files.push(['imageUrl', { file: small }]);
    expect((await admin.form('PUT', `/api/products/${product.id}`, files)).statusCode).toBe(413);
    expect((await anonymous.json('GET', `/api/products/${product.id}`)).json().imageUrls).toEqual(product.imageUrls);
  });

  it('keeps only the JSON imageUrls given, in their order, and deletes the removed files', async () => {
    const product = await createWithImages(3);
    const [a, b, c] = product.imageUrls as string[];
    const res = await admin.json('PUT', `/api/products/${product.id}`, { imageUrls: [c, a] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ imageUrls: [c, a], imageUrl: c });
    expect(await isServed(ctx.app, b!)).toBe(false);
    expect(await isServed(ctx.app, a!)).toBe(true);

    // An empty list removes them all.
    const none = await admin.json('PUT', `/api/products/${product.id}`, { imageUrls: [] });
    expect(none.json()).toMatchObject({ imageUrls: [], imageUrl: null });
    expect(await isServed(ctx.app, a!)).toBe(false);
    expect(await isServed(ctx.app, c!)).toBe(false);
  });

  it('accepts absolute image URLs and refuses images of another product', async () => {
    const product = await createWithImages(2);
    const other = await createWithImages(1);
    const [a, b] = product.imageUrls as string[];
    const absolute = await admin.json('PUT', `/api/products/${product.id}`, { imageUrls: [`https://shop.example${b}`, a] });
    expect(absolute.statusCode, absolute.body).toBe(200);
    expect(absolute.json().imageUrls).toEqual([b, a]);

    const stranger = await admin.json('PUT', `/api/products/${product.id}`, { imageUrls: [a, other.imageUrls[0]] });
    expect(stranger.statusCode).toBe(400);
    const junk = await admin.json('PUT', `/api/products/${product.id}`, { imageUrls: ['/not/an/image.jpg'] });
    expect(junk.statusCode).toBe(400);
    expect((await anonymous.json('GET', `/api/products/${product.id}`)).json().imageUrls).toEqual([b, a]);
  });

  it('keeps a file another product still uses', async () => {
    const shared = await freshPng();
    const first = await admin.form('POST', '/api/products/create', [
      ['title', 'Twin one'],
      ['price', '10'],
      ['imageUrl', { file: shared }],
    ]);
    const second = await admin.form('POST', '/api/products/create', [
      ['title', 'Twin two'],
      ['price', '10'],
      ['imageUrl', { file: shared }],
    ]);
    const url = first.json().imageUrls[0];
    expect(second.json().imageUrls).toEqual([url]);
    await admin.json('PUT', `/api/products/${first.json().id}`, { imageUrls: [] });
    expect(await isServed(ctx.app, url)).toBe(true);
    await admin.json('DELETE', `/api/products/${second.json().id}`);
    expect(await isServed(ctx.app, url)).toBe(false);
  });
});

describe('DELETE /api/products/{id}', () => {
  it('deletes the product and its images, then answers 404', async () => {
    const product = await createWithImages(2);
    const res = await admin.json('DELETE', `/api/products/${product.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: 'Product deleted' });
    expect((await anonymous.json('GET', `/api/products/${product.id}`)).statusCode).toBe(404);
    for (const url of product.imageUrls) expect(await isServed(ctx.app, url)).toBe(false);
    const list = (await anonymous.json('GET', '/api/products?limit=200')).json() as { id: string }[];
    expect(list.map((p) => p.id)).not.toContain(product.id);

    const again = await admin.json('DELETE', `/api/products/${product.id}`);
    expect(again.statusCode).toBe(404);
    expect((await admin.json('DELETE', '/api/products/malformed')).statusCode).toBe(404);
  });
});

describe('admin only', () => {
  it('answers 401 to anonymous callers and 403 to shoppers on every write, changing nothing', async () => {
    const product = await createWithImages(1);
    const before = await total();
    const file = await freshPng();
    for (const [caller, status] of [
      [anonymous, 401],
      [shopper, 403],
    ] as const) {
      const attempts = [
        caller.json('POST', '/api/products/create', { title: 'Intruder', price: 1 }),
        caller.form('POST', '/api/products/create', [
          ['title', 'Intruder'],
          ['price', '1'],
          ['imageUrl', { file }],
        ]),
        caller.json('PUT', `/api/products/${product.id}`, { title: 'Hijacked', imageUrls: [] }),
        caller.form('PUT', `/api/products/${product.id}`, [['imageUrl', { file }]]),
        caller.json('DELETE', `/api/products/${product.id}`),
      ];
      for (const res of await Promise.all(attempts)) {
        expect(res.statusCode).toBe(status);
        expect(res.json().msg).toEqual(expect.any(String));
      }
    }
    expect(await total()).toBe(before);
    expect((await admin.json('GET', `/api/products/${product.id}`)).json()).toEqual(product);
  });
});
