/**
 * A till's cash drawers (issue 29): opened with a float, cash paid in and out with a reason,
 * closed with the cash counted against what it should hold. Ids are made on the till, so a
 * drawer opened offline, or a pay-out queued there, syncs like a sale: the same id again
 * answers what was recorded, never a second one. One drawer is open per till (a unique index
 * on the open ones: two opens at once, in any number of API processes, record one); closing
 * locks the drawer's row, so it is closed once and what it should hold is computed once.
 */
import type {
  DrawerCloseBody,
  DrawerListQuery,
  DrawerMovementBody,
  DrawerMovementView,
  DrawerOpenBody,
  DrawerView,
} from '@shop/shared';
import { isUuid } from '@shop/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { posDrawerMovements, posDrawers, type PosDrawerRow, tills, users } from '../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../lib/http-error.ts';
import { drawerCash, toMovement } from './z-report.ts';

type Q = Db | Tx;

export const DRAWER_NOT_FOUND = 'Drawer not found';
export const TILL_NOT_FOUND = 'Till not found';

const opener = alias(users, 'opener');
const closer = alias(users, 'closer');
const nameOf = (u: { firstName: string; lastName: string } | null) => (u ? `${u.firstName} ${u.lastName}`.trim() : null);

/** The drawers with their till's and members' names, newest first. */
async function drawerRows(db: Q, where: ReturnType<typeof eq> | undefined, limit = 1): Promise<DrawerView[]> {
  const rows = await db
    .select({
      drawer: posDrawers,
      tillName: tills.name,
      opener: { firstName: opener.firstName, lastName: opener.lastName },
      closer: { firstName: closer.firstName, lastName: closer.lastName },
    })
    .from(posDrawers)
    .innerJoin(tills, eq(tills.id, posDrawers.tillId))
    .leftJoin(opener, eq(opener.id, posDrawers.openedBy))
    .leftJoin(closer, eq(closer.id, posDrawers.closedBy))
    .where(where)
    .orderBy(desc(posDrawers.openedAt), desc(posDrawers.id))
    .limit(limit);
  return rows.map(({ drawer: d, tillName, opener: o, closer: c }) => ({
    id: d.id,
    tillId: d.tillId,
    tillName,
    openedAt: d.openedAt.toISOString(),
    openedBy: nameOf(o),
    float: d.float,
    closedAt: d.closedAt?.toISOString() ?? null,
    closedBy: nameOf(c),
    counted: d.counted,
    expected: d.expected,
    overShort: d.overShort,
    note: d.note,
  }));
}

export async function findDrawer(db: Q, id: string): Promise<DrawerView | undefined> {
  if (!isUuid(id)) return undefined;
  return (await drawerRows(db, eq(posDrawers.id, id)))[0];
}

export async function listDrawers(db: Q, query: DrawerListQuery): Promise<DrawerView[]> {
  return drawerRows(db, query.tillId ? eq(posDrawers.tillId, query.tillId) : undefined, query.limit);
}

/** The till a drawer is for: 404 when there is none, 409 when it was revoked. */
async function assertTill(db: Q, tillId: string): Promise<void> {
  const [till] = await db.select({ revokedAt: tills.revokedAt }).from(tills).where(eq(tills.id, tillId));
  if (!till) throw notFound(TILL_NOT_FOUND);
  if (till.revokedAt) throw conflict('This till has been revoked');
}

/** The till's open drawer, if any (a return's cash goes out of it). */
export async function openDrawerOf(db: Q, tillId: string): Promise<PosDrawerRow | undefined> {
  const [row] = await db
    .select()
    .from(posDrawers)
    .where(and(eq(posDrawers.tillId, tillId), sql`${posDrawers.closedAt} is null`));
  return row;
}

const openElsewhere = (drawer: PosDrawerRow) =>
  conflict(`This till already has an open drawer (opened ${drawer.openedAt.toISOString()}): close it first`);

/**
 * Opens a drawer on the till. `created` is false when the drawer was recorded before (the
 * same id sent again): its view is answered as it is. 409 when another drawer of the till is
 * open, or the id is another till's drawer.
 */
export async function openDrawer(
  db: Db,
  tillId: string | undefined,
  body: DrawerOpenBody,
  userId: string | null,
): Promise<{ drawer: DrawerView; created: boolean }> {
  if (!tillId) throw badRequest('Say which till the drawer is on', [{ path: 'tillId', message: 'Required' }]);
  return db.transaction(async (tx) => {
    await assertTill(tx, tillId);
    const [known] = await tx.select().from(posDrawers).where(eq(posDrawers.id, body.id));
    if (known) {
      if (known.tillId !== tillId) throw conflict('That drawer id belongs to another till');
      return { drawer: (await findDrawer(tx, known.id))!, created: false };
    }
    const open = await openDrawerOf(tx, tillId);
    if (open) throw openElsewhere(open);
    try {
      await tx.transaction(async (inner) => {
        await inner.insert(posDrawers).values({
          id: body.id,
          tillId,
          float: body.float,
          openedAt: body.openedAt ? new Date(body.openedAt) : new Date(),
          openedBy: userId,
        });
      });
    } catch (error) {
      // Another open of this till (or of this very drawer) committed meanwhile.
      if (!isUniqueViolation(error)) throw error;
      const [again] = await tx.select().from(posDrawers).where(eq(posDrawers.id, body.id));
      if (again?.tillId === tillId) return { drawer: (await findDrawer(tx, again.id))!, created: false };
      const other = await openDrawerOf(tx, tillId);
      throw other ? openElsewhere(other) : conflict('That drawer id belongs to another till');
    }
    return { drawer: (await findDrawer(tx, body.id))!, created: true };
  });
}

/** Locks the drawer's row (closing and movements take turns on it); 404 when there is none. */
async function lockDrawer(tx: Tx, id: string, tillId: string | null): Promise<PosDrawerRow> {
  if (!isUuid(id)) throw notFound(DRAWER_NOT_FOUND);
  const [row] = await tx.select().from(posDrawers).where(eq(posDrawers.id, id)).for('update');
  // A till's token reaches its own drawers only; another's is as unknown to it as none.
  if (!row || (tillId !== null && row.tillId !== tillId)) throw notFound(DRAWER_NOT_FOUND);
  return row;
}

/** Who writes: the member (null for a till's own token), and the till whose token it is (null for a member). */
export interface DrawerWriter {
  userId: string | null;
  tillId: string | null;
}

const closedAlready = (drawer: PosDrawerRow) => conflict(`This drawer was closed ${drawer.closedAt!.toISOString()}`);

/**
 * Cash paid into or out of an open drawer. The same movement id again answers the one
 * recorded (`created` false); 409 for a closed drawer or an id used in another drawer.
 */
export async function moveCash(
  db: Db,
  drawerId: string,
  body: DrawerMovementBody,
  { userId, tillId }: DrawerWriter,
): Promise<{ movement: DrawerMovementView; created: boolean }> {
  return db.transaction(async (tx) => {
    const drawer = await lockDrawer(tx, drawerId, tillId);
    const [known] = await tx.select().from(posDrawerMovements).where(eq(posDrawerMovements.id, body.id));
    if (known) {
      if (known.drawerId !== drawer.id) throw conflict('That movement id belongs to another drawer');
      return { movement: toMovement(known), created: false };
    }
    if (drawer.closedAt) throw closedAlready(drawer);
    const [row] = await tx
      .insert(posDrawerMovements)
      .values({
        id: body.id,
        drawerId: drawer.id,
        kind: body.kind,
        amount: body.amount,
        reason: body.reason,
        createdBy: userId,
        createdAt: body.createdAt ? new Date(body.createdAt) : new Date(),
      })
      .returning();
    return { movement: toMovement(row!), created: true };
  });
}

/**
 * Closes the drawer with the cash counted: what it should hold (float + cash sales − cash
 * refunds + pay-ins − pay-outs) and the over or short (counted − expected) are recorded and
 * answered. 409 when it is closed already.
 */
export async function closeDrawer(
  db: Db,
  drawerId: string,
  body: DrawerCloseBody,
  { userId, tillId }: DrawerWriter,
): Promise<{ expected: number; counted: number; overShort: number; drawer: DrawerView }> {
  return db.transaction(async (tx) => {
    const drawer = await lockDrawer(tx, drawerId, tillId);
    if (drawer.closedAt) throw closedAlready(drawer);
    const { expected } = await drawerCash(tx, drawer);
    const overShort = body.counted - expected;
    await tx
      .update(posDrawers)
      .set({
        closedAt: new Date(),
        closedBy: userId,
        counted: body.counted,
        expected,
        overShort,
        note: body.note ?? '',
      })
      .where(eq(posDrawers.id, drawer.id));
    return { expected, counted: body.counted, overShort, drawer: (await findDrawer(tx, drawer.id))! };
  });
}

/** The drawer's row (for the report), 404 when there is none. */
export async function drawerRow(db: Q, id: string): Promise<PosDrawerRow> {
  if (!isUuid(id)) throw notFound(DRAWER_NOT_FOUND);
  const [row] = await db.select().from(posDrawers).where(eq(posDrawers.id, id));
  if (!row) throw notFound(DRAWER_NOT_FOUND);
  return row;
}
