import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, orders } from '../db/schema/index.ts';
import { insertProduct } from '../../test/fixtures.ts';
import { bearer, createAdmin, createTestApp, registerShopper, type TestContext } from '../../test/helpers.ts';

let ctx: TestContext;
let admin: InjectOptions['headers'];
let shopper: InjectOptions['headers'];
/** Order numbers of the four known orders, by letter (A oldest … D newest). */
const numbers: Record<'A' | 'B' | 'C' | 'D', string> = { A: '', B: '', C: '', D: '' };
const ids: Record<'A' | 'B' | 'C' | 'D', string> = { A: '', B: '', C: '', D: '' };
const invoices: Record<'A' | 'B' | 'C' | 'D', string> = { A: '', B: '', C: '', D: '' };
let categoryId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = bearer((await createAdmin(ctx)).accessToken);
  shopper = bearer((await registerShopper(ctx.app)).accessToken);
  const db = ctx.database.db;
  const [category] = await db.insert(categories).values({ name: 'Women', slug: 'women' }).returning();
  categoryId = category!.id;
  const dress = await insertProduct(db, {
    title: 'Ankara Maxi Dress',
    price: 2_500_000,
    discount: 500_000,
    categoryId,
    color: 'red',
  });
  const necklace = await insertProduct(db, {
    title: 'Coral "Bead", Necklace',
    price: 1_200_000,
    color: 'coral',
    variants: [{ size: 'one size', color: 'coral', counter: 10 }],
  });
  const candle = await insertProduct(db, { title: 'Brass Candle Holder', price: 800_000, color: '' });

  // Placed at known Lagos times: B at 23:30 on 5 March, C at 00:30 on 6 March (still 5 March in UTC).
  const place = async (
    key: 'A' | 'B' | 'C' | 'D',
    createdAt: string,
    contact: { email: string; name: string },
    lines: { productId: string; quantity: number }[],
    status: 'paid' | 'pending',
  ) => {
    const order = await ctx.app.orders.create({ channel: 'web', contact, lines, status });
    await db
      .update(orders)
      .set({ createdAt: new Date(createdAt) })
      .where(eq(orders.id, order.id));
    numbers[key] = order.number;
    ids[key] = order.id;
    invoices[key] = order.invoiceNumber ?? '';
  };
  await place(
    'A',
    '2024-03-01T11:00:00Z',
    { email: 'ada@example.com', name: 'Ada Obi' },
    [{ productId: dress.id, quantity: 1 }],
    'paid',
  );
  await place(
    'B',
    '2024-03-05T22:30:00Z',
    { email: 'bola@example.com', name: 'Bola Ahmed' },
    [
      { productId: necklace.id, quantity: 2 },
      { productId: dress.id, quantity: 1 },
    ],
    'pending',
  );
  await place(
    'C',
    '2024-03-05T23:30:00Z',
    { email: 'chidi@example.com', name: '=HYPERLINK("http://evil.example")' },
    [{ productId: candle.id, quantity: 1 }],
    'paid',
  );
  await place(
    'D',
    '2024-03-10T09:00:00Z',
    { email: 'dayo@example.com', name: 'Dayo\nAdewale' },
    [{ productId: candle.id, quantity: 3 }],
    'pending',
  );
  await ctx.app.orders.transition(ids.D, 'cancelled');
});
afterAll(() => ctx.close());

interface PurchaseJson {
  id: string;
  number: string;
  title: string;
  totalPrice: string;
  archivedAt: string | null;
  [key: string]: unknown;
}

async function list(query = '') {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/purchases${query}`, headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  const items = res.json() as PurchaseJson[];
  const byNumber = Object.fromEntries(Object.entries(numbers).map(([k, v]) => [v, k]));
  return { items, keys: items.map((p) => byNumber[p.number]).join(''), total: Number(res.headers['x-total-count']) };
}

describe('who may use the purchases endpoints', () => {
  const someId = '00000000-0000-4000-8000-000000000000';
  it.each([
    ['GET', '/api/purchases'],
    ['GET', '/api/purchases.csv'],
    ['GET', `/api/purchases/${someId}`],
    ['DELETE', `/api/purchases/${someId}`],
    ['POST', `/api/purchases/${someId}/restore`],
  ] as const)('%s %s: 401 without a token, 403 for a shopper', async (method, url) => {
    expect((await ctx.app.inject({ method, url })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method, url, headers: shopper })).statusCode).toBe(403);
  });
});

describe('the purchases list', () => {
  it('shows one row per order, newest first, in the flat shape', async () => {
    const { items, keys, total } = await list();
    expect(keys).toBe('DCBA');
    expect(total).toBe(4);
    const b = items.find((p) => p.number === numbers.B)!;
    expect(b).toEqual({
      id: ids.B,
      title: 'Ankara Maxi Dress, Coral "Bead", Necklace',
      email: 'bola@example.com',
      // 25,000 + 2 × 12,000 list; 5,000 off the dress.
      price: 49_000,
      description: '',
      color: 'red, coral',
      size: 'one size',
      quantity: 3,
      totalPrice: '44000.00',
      categoryId,
      discount: 5_000,
      couponDiscount: 0,
      couponCode: null,
      deliveryFee: 0,
      deliveryMethod: null,
      number: numbers.B,
      status: 'pending',
      paymentStatus: 'unpaid',
      paymentMethod: null,
      invoiceNumber: null,
      channel: 'web',
      customerName: 'Bola Ahmed',
      awaitingConfirmation: false,
      createdAt: '2024-03-05T22:30:00.000Z',
      archivedAt: null,
    });
  });

  it.each([
    ['a customer name', 'bola', 'B'],
    ["a line's title", 'CORAL', 'B'],
    ['an email', 'chidi@', 'C'],
    ['a title shared by two orders', 'ankara', 'BA'],
    ['LIKE wildcards, literally', '%', ''],
  ])('searches by %s', async (_label, search, expected) => {
    expect((await list(`?search=${encodeURIComponent(search)}`)).keys).toBe(expected);
  });

  it('searches by order number', async () => {
    expect((await list(`?search=${numbers.A.toLowerCase()}`)).keys).toBe('A');
  });

  it('filters by status and by whole Lagos days, both ends included', async () => {
    expect((await list('?status=paid')).keys).toBe('CA');
    expect((await list('?status=cancelled')).keys).toBe('D');
    expect((await list('?from=2024-03-06')).keys).toBe('DC');
    expect((await list('?to=2024-03-05')).keys).toBe('BA');
    expect((await list('?from=2024-03-05&to=2024-03-05')).keys).toBe('B');
    expect((await list('?from=2024-03-02&to=2024-03-09&status=paid')).keys).toBe('C');
  });

  it('sorts and pages, with the total before paging in X-Total-Count', async () => {
    expect((await list('?sort=oldest')).keys).toBe('ABCD');
    // Totals: A 20,000; B 44,000; C 8,000; D 24,000.
    expect((await list('?sort=total_desc')).keys).toBe('BDAC');
    expect((await list('?sort=total_asc')).keys).toBe('CADB');
    const page = await list('?limit=2&offset=1');
    expect(page.keys).toBe('CB');
    expect(page.total).toBe(4);
    expect((await list('?limit=2&offset=4')).keys).toBe('');
  });

  it.each([
    'status=lost',
    'sort=cheapest',
    'limit=0',
    'limit=201',
    'offset=-1',
    'from=2024-13-01',
    'to=yesterday',
    'archived=maybe',
  ])('refuses ?%s with 400', async (query) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/purchases?${query}`, headers: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toEqual(expect.any(String));
  });
});

describe('archiving', () => {
  it('archives instead of deleting, lists archived purchases apart and restores them', async () => {
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/purchases/${ids.B}`, headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: 'Purchase archived', id: ids.B });

    expect(await list()).toMatchObject({ keys: 'DCA', total: 3 });
    const archived = await list('?archived=true');
    expect(archived.keys).toBe('B');
    expect(archived.items[0]!.archivedAt).toEqual(expect.any(String));
    // Still there, and still readable one by one.
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, ids.B));
    expect(row!.status).toBe('pending');
    const one = await ctx.app.inject({ method: 'GET', url: `/api/purchases/${ids.B}`, headers: admin });
    expect(one.json()).toMatchObject({ number: numbers.B, archivedAt: expect.any(String) });

    const restored = await ctx.app.inject({ method: 'POST', url: `/api/purchases/${ids.B}/restore`, headers: admin });
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ id: ids.B, archivedAt: null });
    expect(await list()).toMatchObject({ keys: 'DCBA', total: 4 });
    expect((await list('?archived=true')).keys).toBe('');
  });

  it('answers 404 for an unknown purchase', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      expect((await ctx.app.inject({ method: 'DELETE', url: `/api/purchases/${id}`, headers: admin })).statusCode).toBe(404);
      expect((await ctx.app.inject({ method: 'POST', url: `/api/purchases/${id}/restore`, headers: admin })).statusCode).toBe(
        404,
      );
      expect((await ctx.app.inject({ method: 'GET', url: `/api/purchases/${id}`, headers: admin })).statusCode).toBe(404);
    }
  });
});

describe('the CSV export', () => {
  it('exports the filtered list with a header row, quoting, and formulas disarmed', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/purchases.csv?sort=oldest', headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="purchases.csv"');
    const text = res.body.replace(/^\uFEFF/, '');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(
      'number,createdAt,status,paymentStatus,paymentMethod,invoiceNumber,channel,customerName,email,title,color,size,quantity,price,discount,couponCode,couponDiscount,deliveryMethod,deliveryFee,totalPrice,categoryId,archivedAt,id',
    );
    expect(invoices.A).toMatch(/^INV-\d{6}$/);
    expect(lines[1]).toBe(
      `${numbers.A},2024-03-01T11:00:00.000Z,paid,paid,,${invoices.A},web,Ada Obi,ada@example.com,Ankara Maxi Dress,red,,1,25000.00,5000.00,,0.00,,0.00,20000.00,${categoryId},,${ids.A}`,
    );
    // Commas and quotes are quoted, quotes doubled.
    expect(lines[2]).toContain(',"Ankara Maxi Dress, Coral ""Bead"", Necklace",');
    // A cell starting with = is prefixed with a single quote (and quoted, since it holds quotes).
    expect(lines[3]).toContain(`,"'=HYPERLINK(""http://evil.example"")",chidi@example.com,`);
    // A line break inside a cell stays inside its quotes.
    expect(text).toContain(',"Dayo\nAdewale",dayo@example.com,');
    expect(text.endsWith('\r\n')).toBe(true);
    // Header, 4 rows (records end with CRLF; the name's bare line break stays in its cell), nothing after the last CRLF.
    expect(lines).toHaveLength(6);
    expect(lines[5]).toBe('');
  });

  it('applies the same filters as the list', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/purchases.csv?status=paid&search=ada', headers: admin });
    const rows = res.body.split('\r\n').filter(Boolean);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(numbers.A);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/purchases.csv?sort=nope', headers: admin })).statusCode).toBe(400);
  });
});
