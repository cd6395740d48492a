import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** The list's unfiltered total (X-Total-Count), and the products actually in the table. */
async function totals() {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/products?limit=1' });
  expect(res.statusCode).toBe(200);
  const { rows } = (await ctx.database.db.execute(sql`select count(*)::int as n from products`)) as unknown as {
    rows: { n: number }[];
  };
  return { shown: Number(res.headers['x-total-count']), counted: rows[0]?.n };
}

describe('the catalogue total (kept by trigger, migration 0014)', () => {
  it('stays exact through single and bulk inserts, deletes, a rolled-back write and a truncate', async () => {
    const start = await totals();
    expect(start.shown).toBe(start.counted);

    for (let i = 0; i < 3; i++) await insertProduct(ctx.database.db, { title: `Single ${i}` });
    await ctx.database.db.execute(
      sql`insert into products (title, price) select 'Bulk ' || i, 1000 from generate_series(1, 25) as i`,
    );
    expect(await totals()).toEqual({ shown: start.counted! + 28, counted: start.counted! + 28 });

    await ctx.database.db.execute(sql`delete from products where title in ('Bulk 1', 'Bulk 2', 'Bulk 3', 'Single 0')`);
    expect(await totals()).toEqual({ shown: start.counted! + 24, counted: start.counted! + 24 });

    await expect(
      ctx.database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into products (title, price) select 'Undone ' || i, 1000 from generate_series(1, 5) as i`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await totals()).toEqual({ shown: start.counted! + 24, counted: start.counted! + 24 });

    await ctx.database.db.execute(sql`truncate products cascade`);
    expect(await totals()).toEqual({ shown: 0, counted: 0 });
    await insertProduct(ctx.database.db, { title: 'After the truncate' });
    expect(await totals()).toEqual({ shown: 1, counted: 1 });
  });
});
