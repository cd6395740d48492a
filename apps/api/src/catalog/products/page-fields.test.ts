/**
 * What a page of products shows from elsewhere, kept on the product (migration 0017): the
 * names of its category, sub and subsub, and its only variant. Each must follow every write
 * that changes it, on the product's page and in the list alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { type Client, clients } from '../../../test/clients.ts';

let ctx: TestContext;
let admin: Client;
let anonymous: Client;

beforeAll(async () => {
  ctx = await createTestApp();
  ({ admin, anonymous } = await clients(ctx));
});
afterAll(() => ctx.close());

let seq = 0;
const unique = (prefix: string) => `${prefix} ${++seq}`;

async function create(path: string, body: Record<string, unknown>) {
  const res = await admin.json('POST', `/api/${path}/create`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; name: string };
}

interface Shown {
  Category: { id: string; name: string } | null;
  Sub: { id: string; name: string } | null;
  Subsub: { id: string; name: string } | null;
  sub: string;
  subsub: string;
  defaultVariantId: string | null;
}

/** The product as its own page and as the list (searched by its unique title) show it. */
async function shown(id: string, title: string): Promise<Shown> {
  const page = await anonymous.json('GET', `/api/products/${id}`);
  expect(page.statusCode, page.body).toBe(200);
  const list = await anonymous.json('GET', `/api/products?title=${encodeURIComponent(title)}`);
  const inList = (list.json() as (Shown & { id: string })[]).find((p) => p.id === id);
  const pick = ({ Category, Sub, Subsub, sub, subsub, defaultVariantId }: Shown) => ({
    Category,
    Sub,
    Subsub,
    sub,
    subsub,
    defaultVariantId,
  });
  expect(inList && pick(inList)).toEqual(pick(page.json()));
  return pick(page.json());
}

describe("a product's category, sub and subsub names", () => {
  it('are shown as they are named now: after the product moves, and after each is renamed', async () => {
    const women = await create('categories', { name: unique('Women') });
    const men = await create('categories', { name: unique('Men') });
    const dresses = await create('subs', { name: unique('Dresses'), categoryId: women.id });
    const maxi = await create('subsubs', { name: unique('Maxi'), subId: dresses.id });
    const title = unique('Adire maxi dress');
    const res = await admin.json('POST', '/api/products/create', {
      title,
      price: 1000,
      categoryId: women.id,
      sub: dresses.id,
      subsub: maxi.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json() as { id: string };
    expect(await shown(id, title)).toMatchObject({
      Category: { id: women.id, name: women.name },
      Sub: { id: dresses.id, name: dresses.name },
      Subsub: { id: maxi.id, name: maxi.name },
      sub: dresses.name,
      subsub: maxi.name,
    });

    const moved = await admin.json('PUT', `/api/products/${id}`, { categoryId: men.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().Category).toEqual({ id: men.id, name: men.name });
    expect((await shown(id, title)).Category).toEqual({ id: men.id, name: men.name });

    for (const [path, item, key] of [
      ['categories', men, 'Category'],
      ['subs', dresses, 'Sub'],
      ['subsubs', maxi, 'Subsub'],
    ] as const) {
      const name = unique(`Renamed ${path}`);
      const renamed = await admin.json('PUT', `/api/${path}/${item.id}`, { name });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect((await shown(id, title))[key]).toEqual({ id: item.id, name });
    }
    const now = await shown(id, title);
    expect([now.sub, now.subsub]).toEqual([now.Sub?.name, now.Subsub?.name]);
    // The old category's rename does not reach a product that left it.
    await admin.json('PUT', `/api/categories/${women.id}`, { name: unique('Ladies') });
    expect((await shown(id, title)).Category?.id).toBe(men.id);
  });
});

describe("a product's only variant", () => {
  it('is its default variant while it is the only one on sale, and none when there are more', async () => {
    const title = unique('Coral bead necklace');
    const sku = (s: string) => `${s}-${seq}-${Math.random().toString(36).slice(2, 6)}`;
    const res = await admin.json('POST', '/api/products/create', {
      title,
      price: 5000,
      variants: [{ sku: sku('ONE'), size: '', color: 'Coral', counter: 3 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const product = res.json() as { id: string; variants: { id: string; sku: string; color: string; counter: number }[] };
    const [only] = product.variants;
    expect((await shown(product.id, title)).defaultVariantId).toBe(only!.id);

    const two = await admin.json('PUT', `/api/products/${product.id}/variants`, {
      variants: [only, { sku: sku('TWO'), size: '', color: 'Gold', counter: 1 }],
    });
    expect(two.statusCode, two.body).toBe(200);
    expect((await shown(product.id, title)).defaultVariantId).toBeNull();

    // The first one leaves the set: the other is the only one now.
    const gold = (two.json() as { variants: { id: string; color: string }[] }).variants.find((v) => v.color === 'Gold')!;
    const one = await admin.json('PUT', `/api/products/${product.id}/variants`, { variants: [gold] });
    expect(one.statusCode, one.body).toBe(200);
    expect((await shown(product.id, title)).defaultVariantId).toBe(gold.id);
  });
});
