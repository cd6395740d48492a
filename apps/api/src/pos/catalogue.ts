/**
 * What a till keeps on the device to sell offline (GET /api/pos/catalogue): products and
 * their variants with SKU, barcode, price, markdown and stock as last seen, till customers
 * with their store credit, the staff who may use it with their role's till policies and their
 * PIN's scrypt hash (tills only ever get it here), and the offline settings.
 *
 * Its `version` is the oldest transaction still running when it was read
 * (pg_snapshot_xmin): every transaction older than that had ended, so what it wrote is in this
 * answer; anything written by one at or after it carries an `xact` (stamp_xact, migration
 * 0021) >= version and comes in the next update, `?since=<version>`, again harmlessly if it was
 * already seen. So a change whose transaction began before a fetch and committed after it is
 * never missed, however transactions interleave. Deletions come from catalogue_removals
 * the same way; an archived variant counts as removed.
 *
 * Removals are kept 90 days (pruned by the server's minute sweeper, pruneCatalogueRemovals),
 * and the prune leaves a `horizon` row with the newest pruned xact. A till asking `since` a
 * version not past it might have missed a pruned removal, so it gets the whole catalogue
 * (`full`), which it keeps instead of its own: a removed product never stays on the till.
 */
import type { Permission, PosTillSettings, TillCatalogue, TillStaff } from '@shop/shared';
import { and, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import { variantPricing } from '../catalog/index.ts';
import { getSettings } from '../content/index.ts';
import type { Db, Tx } from '../db/client.ts';
import { catalogueRemovals, customers, productVariants, products, roles, staffPins, users } from '../db/schema/index.ts';

const POS_SELL: Permission = 'pos.sell';

/** How long a removal is kept for the tills' updates: a till offline longer gets the whole catalogue again. */
export const REMOVALS_KEPT_DAYS = 90;
const DAY_MS = 86_400_000;
/** The horizon row's row_id: it names no row. */
const NO_ROW = '00000000-0000-0000-0000-000000000000';

/**
 * Deletes the removals older than REMOVALS_KEPT_DAYS, and records how far it went: a horizon
 * row with the newest xact pruned (older horizons are pruned and carried into it). One
 * statement, so two API processes sweeping at once prune each row once: the second finds
 * the rows gone and records nothing.
 */
export async function pruneCatalogueRemovals(db: Db, now: Date = new Date()): Promise<void> {
  const before = new Date(now.getTime() - REMOVALS_KEPT_DAYS * DAY_MS);
  await db.execute(sql`
    with pruned as (
      delete from ${catalogueRemovals} where ${catalogueRemovals.removedAt} < ${before.toISOString()}::timestamptz
      returning ${catalogueRemovals.xact}
    )
    insert into ${catalogueRemovals} (kind, row_id, xact)
    select 'horizon', ${NO_ROW}::uuid, max(xact) from pruned having count(*) > 0`);
}

/** The small picture a till shows (and caches) for a product. */
const SMALL_WIDTH = 320;

export async function readTillCatalogue(
  db: Db,
  imageUrl: (id: string, width: number) => string,
  since: string | undefined,
): Promise<TillCatalogue> {
  // Taken before anything is read: whatever the reads below miss has xact >= version.
  const { rows } = (await db.execute(sql`select pg_snapshot_xmin(pg_current_snapshot())::text as version`)) as unknown as {
    rows: { version: string }[];
  };
  const version = rows[0]!.version;
  return db.transaction(async (tx) => {
    // Read first, in one statement with the horizon rows: a horizon at or past `since` means a
    // removal the till needs may have been pruned, and then it gets everything.
    const removals =
      since === undefined
        ? []
        : await tx
            .select()
            .from(catalogueRemovals)
            .where(gte(catalogueRemovals.xact, Number(since)));
    const tooOld = removals.some((r) => r.kind === 'horizon');
    const after = since === undefined || tooOld ? undefined : Number(since);
    const changedProducts = await tx
      .select()
      .from(products)
      .where(after === undefined ? undefined : gte(products.xact, after));
    const productIds = changedProducts.map((p) => p.id);
    // A product's change (its price, its markdown) changes what its variants sell for: they come too.
    const variantRows = await tx
      .select()
      .from(productVariants)
      .where(
        after === undefined
          ? isNull(productVariants.archivedAt)
          : or(gte(productVariants.xact, after), productIds.length ? inArray(productVariants.productId, productIds) : sql`false`),
      );
    const parents = new Map(changedProducts.map((p) => [p.id, p]));
    const missing = [...new Set(variantRows.map((v) => v.productId))].filter((id) => !parents.has(id));
    if (missing.length)
      for (const p of await tx.select().from(products).where(inArray(products.id, missing))) parents.set(p.id, p);

    const customerRows = await tx
      .select()
      .from(customers)
      .where(after === undefined ? undefined : gte(customers.xact, after));
    const removedOf = (kind: string) => (after === undefined ? [] : removals.filter((r) => r.kind === kind).map((r) => r.rowId));

    const image = (ids: string[]) => (ids[0] ? imageUrl(ids[0], SMALL_WIDTH) : null);
    const settings = await getSettings(tx);
    const tillSettings: PosTillSettings = {
      posOfflineStock: settings.posOfflineStock,
      posOfflineSaleLimit: settings.posOfflineSaleLimit,
      posOfflineTillLimit: settings.posOfflineTillLimit,
    };
    return {
      version,
      full: after === undefined,
      products: changedProducts.map((p) => ({
        id: p.id,
        name: p.title,
        brand: p.brandName,
        image: image(p.images),
        price: p.price,
        salePrice: p.salePrice,
        paused: p.paused,
      })),
      variants: variantRows
        .filter((v) => v.archivedAt === null)
        .map((v) => {
          const product = parents.get(v.productId)!;
          const { price, discount } = variantPricing(v, product);
          const shown = v.images.find((id) => product.images.includes(id));
          return {
            id: v.id,
            productId: v.productId,
            sku: v.sku,
            barcode: v.barcode,
            size: v.size,
            colour: v.color,
            price,
            salePrice: price - discount,
            stock: v.counter,
            image: shown ? imageUrl(shown, SMALL_WIDTH) : image(product.images),
          };
        }),
      customers: customerRows.map((c) => ({
        id: c.id,
        firstName: c.firstName,
        lastName: c.lastName,
        phone: c.phone,
        email: c.email,
        storeCredit: c.storeCredit,
      })),
      staff: await tillStaff(tx),
      settings: tillSettings,
      removed: {
        productIds: removedOf('product'),
        variantIds: [...removedOf('variant'), ...variantRows.filter((v) => v.archivedAt !== null).map((v) => v.id)],
        customerIds: removedOf('customer'),
      },
    };
  });
}

/** Active members whose role may sell at the till, with their till policies and PIN hash (always whole: it is small). */
async function tillStaff(db: Tx): Promise<TillStaff[]> {
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      roleName: roles.name,
      pos: roles.pos,
      discountLimitPercent: roles.discountLimitPercent,
      tillHash: staffPins.tillHash,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.staffRoleId))
    .leftJoin(staffPins, eq(staffPins.userId, users.id))
    .where(and(eq(users.role, 'admin'), eq(users.active, true), sql`${POS_SELL} = any(${roles.permissions})`))
    .orderBy(users.firstName, users.lastName, users.id);
  return rows.map((r) => ({
    id: r.id,
    firstName: r.firstName,
    lastName: r.lastName,
    role: { name: r.roleName, pos: r.pos, discountLimitPercent: r.discountLimitPercent },
    pin: r.tillHash ?? null,
  }));
}
