/** A till's catalogue (issue 29): whole, then what changed, by the till's own token or a member naming it; a revoked till refused. */
import { TILL_REVOKED } from '@shop/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueRemovals, customers, productVariants, products } from '../db/schema/index.ts';
import { setPin } from '../staff/index.ts';
import { pruneCatalogueRemovals, REMOVALS_KEPT_DAYS } from './catalogue.ts';
import { insertProduct } from '../../test/fixtures.ts';
import { bearer, createStaff, createTestApp, registerShopper, type TestContext } from '../../test/helpers.ts';
import { registerTill } from '../../test/till-sales.ts';

let ctx: TestContext;
let manager: Awaited<ReturnType<typeof createStaff>>;
let cashier: Awaited<ReturnType<typeof createStaff>>;
let till: { tillId: string; prefix: string; deviceToken: string };
beforeAll(async () => {
  ctx = await createTestApp();
  manager = await createStaff(ctx, 'manager');
  cashier = await createStaff(ctx, 'cashier');
  till = await registerTill(ctx.app, cashier.accessToken, 'Counter');
});
afterAll(() => ctx.close());

const fetchCatalogue = (query = '', headers = bearer(till.deviceToken)) =>
  ctx.app.inject({ method: 'GET', url: `/api/pos/catalogue${query}`, headers });

/**
 * The whole catalogue as a till reads it once its version has passed every write made so far.
 * The version is the oldest transaction still running when the till reads (its snapshot's
 * xmin), and transaction ids are the whole server's: on a PostgreSQL that other test files
 * share, one of theirs running at that moment holds the version at or below writes made here,
 * which the next update then sends again, as it must (they might have been in flight). A test
 * of what an update leaves out starts from a version past them.
 */
async function fetchPastWrites() {
  const { rows } = (await ctx.database.db.execute(sql`select pg_current_xact_id()::text as xact`)) as unknown as {
    rows: { xact: string }[];
  };
  const written = BigInt(rows[0]!.xact);
  let body: { version: string } & Record<string, unknown> = { version: '0' };
  await expect
    .poll(
      async () => {
        body = (await fetchCatalogue()).json();
        return BigInt(body.version) > written;
      },
      { timeout: 30_000, interval: 100 },
    )
    .toBe(true);
  return body;
}

describe('the till catalogue', () => {
  it('sends everything at first: products, variants with barcode and stock, customers, staff with their PIN hash, settings', async () => {
    const product = await insertProduct(ctx.database.db, {
      title: 'Aso Oke Cap',
      price: 1_500_000,
      discount: 200_000,
      counter: 4,
    });
    await ctx.database.db
      .update(productVariants)
      .set({ barcode: '5901234123457' })
      .where(eq(productVariants.productId, product.id));
    const [customer] = await ctx.database.db
      .insert(customers)
      .values({ firstName: 'Bisi', lastName: 'Ade', email: 'bisi@example.com', phone: '+234 803 111 2222' })
      .returning();
    await setPin(ctx.database.db, cashier.user.id, '2580');
    const fulfilment = await createStaff(ctx, 'fulfilment');

    const res = await fetchCatalogue();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({
      version: expect.stringMatching(/^\d+$/),
      full: true,
      removed: { productIds: [], variantIds: [], customerIds: [] },
    });
    expect(body.settings).toEqual({ posOfflineStock: 'allow_negative', posOfflineSaleLimit: 0, posOfflineTillLimit: 0 });
    expect(body.products).toContainEqual({
      id: product.id,
      name: 'Aso Oke Cap',
      brand: '',
      image: null,
      price: 1_500_000,
      salePrice: 1_300_000,
      paused: false,
    });
    expect(body.variants).toContainEqual(
      expect.objectContaining({
        productId: product.id,
        barcode: '5901234123457',
        price: 1_500_000,
        salePrice: 1_300_000,
        stock: 4,
      }),
    );
    expect(body.customers).toContainEqual({
      id: customer!.id,
      firstName: 'Bisi',
      lastName: 'Ade',
      phone: '+234 803 111 2222',
      email: 'bisi@example.com',
      storeCredit: 0,
    });
    const staffIds = body.staff.map((s: { id: string }) => s.id);
    expect(staffIds).toContain(manager.user.id);
    expect(staffIds).not.toContain(fulfilment.user.id);
    const me = body.staff.find((s: { id: string }) => s.id === cashier.user.id);
    expect(me).toMatchObject({
      role: { name: 'Cashier', pos: { discount: 'approval', priceOverride: 'deny' }, discountLimitPercent: 10 },
      pin: { algorithm: 'scrypt', N: 16384, r: 8, p: 1, salt: expect.any(String), hash: expect.any(String) },
    });
    expect(body.staff.find((s: { id: string }) => s.id === manager.user.id).pin).toBeNull();
    expect(res.body).not.toContain('$argon2');
  });

  it('then sends only what changed since its version, and what was removed or archived', async () => {
    const kept = await insertProduct(ctx.database.db, { title: 'Kept', counter: 2 });
    const repriced = await insertProduct(ctx.database.db, { title: 'Repriced', counter: 2 });
    const deleted = await insertProduct(ctx.database.db, { title: 'Deleted', counter: 2 });
    const { version } = await fetchPastWrites();

    await ctx.database.db.update(products).set({ price: 990_000 }).where(eq(products.id, repriced.id));
    await ctx.database.db.delete(productVariants).where(eq(productVariants.productId, deleted.id));
    await ctx.database.db.delete(products).where(eq(products.id, deleted.id));
    const update = (await fetchCatalogue(`?since=${version}`)).json();
    expect(update.full).toBe(false);
    const names = update.products.map((p: { name: string }) => p.name);
    expect(names).toContain('Repriced');
    expect(names).not.toContain('Kept');
    // The product's new price reaches its variants, which did not change themselves.
    expect(update.variants.find((v: { productId: string }) => v.productId === repriced.id)).toMatchObject({
      price: 990_000,
      salePrice: 990_000,
    });
    expect(update.variants.some((v: { productId: string }) => v.productId === kept.id)).toBe(false);
    expect(update.removed.productIds).toEqual([deleted.id]);
    expect(update.removed.variantIds).toHaveLength(1);
    expect(BigInt(update.version)).toBeGreaterThanOrEqual(BigInt(version));

    const [variant] = await ctx.database.db
      .update(productVariants)
      .set({ archivedAt: sql`now()` })
      .where(eq(productVariants.productId, kept.id))
      .returning();
    const next = (await fetchCatalogue(`?since=${update.version}`)).json();
    expect(next.removed.variantIds).toContain(variant!.id);
    expect(next.variants.some((v: { id: string }) => v.id === variant!.id)).toBe(false);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'sends a change whose transaction began before the fetch and committed after it (PostgreSQL)',
    async () => {
      const product = await insertProduct(ctx.database.db, { title: 'Slow write', counter: 3 });
      let version = '';
      await ctx.database.db.transaction(async (tx) => {
        await tx.update(products).set({ price: 777_700 }).where(eq(products.id, product.id));
        // Fetched on another connection while the change is not yet committed: not in this answer.
        const during = (await fetchCatalogue()).json();
        expect(during.products.find((p: { id: string }) => p.id === product.id).price).not.toBe(777_700);
        version = during.version;
      });
      const after = (await fetchCatalogue(`?since=${version}`)).json();
      expect(after.products.find((p: { id: string }) => p.id === product.id)).toMatchObject({ price: 777_700 });
    },
  );

  it('takes a member with pos.sell naming the till, and refuses everyone else', async () => {
    expect((await fetchCatalogue(`?tillId=${till.tillId}`, bearer(cashier.accessToken))).statusCode).toBe(200);
    const unnamed = await fetchCatalogue('', bearer(cashier.accessToken));
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().msg).toBe('Name the till (tillId)');
    expect((await fetchCatalogue('?tillId=00000000-0000-4000-8000-000000000000', bearer(cashier.accessToken))).statusCode).toBe(
      404,
    );
    const other = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/pos/tills',
        headers: bearer(cashier.accessToken),
        payload: { name: 'Other' },
      })
    ).json();
    expect((await fetchCatalogue(`?tillId=${other.tillId}`)).statusCode).toBe(403);
    expect((await fetchCatalogue('', bearer('till_not-a-real-token'))).statusCode).toBe(401);
    expect((await fetchCatalogue('', {})).statusCode).toBe(401);
    const shopper = await registerShopper(ctx.app);
    const refused = await fetchCatalogue(`?tillId=${till.tillId}`, bearer(shopper.accessToken));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().permission).toBe('pos.sell');
    expect((await fetchCatalogue('?since=yesterday')).statusCode).toBe(400);
  });

  it('refuses a revoked till with 401 and says so, while a member naming it gets 409', async () => {
    const lost = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/pos/tills',
        headers: bearer(cashier.accessToken),
        payload: { name: 'Lost' },
      })
    ).json();
    expect((await fetchCatalogue('', bearer(lost.deviceToken))).statusCode).toBe(200);
    await ctx.app.inject({ method: 'DELETE', url: `/api/pos/tills/${lost.tillId}`, headers: bearer(manager.accessToken) });
    const refused = await fetchCatalogue('', bearer(lost.deviceToken));
    expect(refused.statusCode).toBe(401);
    expect(refused.json().msg).toBe(TILL_REVOKED);
    expect((await fetchCatalogue(`?tillId=${lost.tillId}`, bearer(cashier.accessToken))).statusCode).toBe(409);
  });

  describe('removals kept 90 days', () => {
    const removalsOf = async (rowId: string) =>
      (await ctx.database.db.select().from(catalogueRemovals).where(eq(catalogueRemovals.rowId, rowId))).length;
    /** Deletes a product with its variant; its removals dated `daysAgo`. */
    async function removeProduct(id: string, daysAgo = 0) {
      await ctx.database.db.delete(productVariants).where(eq(productVariants.productId, id));
      await ctx.database.db.delete(products).where(eq(products.id, id));
      await ctx.database.db
        .update(catalogueRemovals)
        .set({ removedAt: sql`now() - make_interval(days => ${daysAgo})` })
        .where(eq(catalogueRemovals.rowId, id));
    }

    it("prunes the removals older than that (the server's minute sweeper calls it) and keeps the newer", async () => {
      expect(REMOVALS_KEPT_DAYS).toBe(90);
      const old = await insertProduct(ctx.database.db, { title: 'Gone Long Ago', counter: 1 });
      const recent = await insertProduct(ctx.database.db, { title: 'Gone Lately', counter: 1 });
      await removeProduct(old.id, REMOVALS_KEPT_DAYS + 1);
      await removeProduct(recent.id, REMOVALS_KEPT_DAYS - 1);
      await pruneCatalogueRemovals(ctx.database.db);
      expect(await removalsOf(old.id)).toBe(0);
      expect(await removalsOf(recent.id)).toBe(1);
      // Twice, as two API processes may: nothing more goes.
      await pruneCatalogueRemovals(ctx.database.db);
      expect(await removalsOf(recent.id)).toBe(1);
    });

    it('sends the whole catalogue, without the removed product, to a till whose version is older than what was pruned', async () => {
      const unchanged = await insertProduct(ctx.database.db, { title: 'Still On Sale', counter: 1 });
      const removed = await insertProduct(ctx.database.db, { title: 'Removed While Offline', counter: 1 });
      // Past the horizon the test before left (its pruned removal): only this test's prune is too old for it.
      const offline = (await fetchPastWrites()) as unknown as { version: string; products: { id: string }[] };
      expect(offline.products.map((p) => p.id)).toContain(removed.id);

      await removeProduct(removed.id, REMOVALS_KEPT_DAYS + 1);
      const online = await fetchPastWrites();
      // Before the prune, the update says what to take away.
      const delta = (await fetchCatalogue(`?since=${offline.version}`)).json();
      expect(delta).toMatchObject({ full: false, removed: { productIds: [removed.id] } });

      await pruneCatalogueRemovals(ctx.database.db);
      const again = (await fetchCatalogue(`?since=${offline.version}`)).json();
      expect(again.full).toBe(true);
      const ids = again.products.map((p: { id: string }) => p.id);
      expect(ids).toContain(unchanged.id);
      expect(ids).not.toContain(removed.id);
      expect(again.variants.some((v: { productId: string }) => v.productId === removed.id)).toBe(false);

      // A till that fetched after the pruned removal still gets only what changed.
      const later = (await fetchCatalogue(`?since=${online.version}`)).json();
      expect(later.full).toBe(false);
      expect(later.products.map((p: { id: string }) => p.id)).not.toContain(unchanged.id);
    });
  });
});
