/**
 * The shop's tills, the one writer of `tills`: a device registered once by staff, given a
 * token it keeps (only its SHA-256 is stored) and a prefix for its receipt numbers (T1, T2…,
 * from a sequence, so two tills never make the same number). The token never expires, so a
 * till offline for days still syncs; revoking it (a lost or stolen tablet) ends it at once.
 */
import { createHash, randomBytes } from 'node:crypto';
import { DEVICE_TOKEN_PREFIX, type TillCreated, type TillView } from '@shop/shared';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { type TillRow, tills } from '../db/schema/index.ts';

export const hashDeviceToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function registerTill(db: Db, name: string, createdBy: string | null): Promise<TillCreated> {
  const deviceToken = `${DEVICE_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const [till] = await db
    .insert(tills)
    .values({ name, deviceTokenHash: hashDeviceToken(deviceToken), createdBy })
    .returning({ id: tills.id, prefix: tills.prefix });
  return { tillId: till!.id, prefix: till!.prefix, deviceToken };
}

export const toTillView = (row: TillRow): TillView => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdAt: row.createdAt.toISOString(),
  lastSyncAt: row.lastSyncAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

/** Every till, the newest first. */
export async function listTills(db: Db): Promise<TillView[]> {
  const rows = await db.select().from(tills).orderBy(desc(tills.createdAt), tills.prefix);
  return rows.map(toTillView);
}

export async function findTill(db: Db | Tx, id: string): Promise<TillRow | undefined> {
  const [row] = await db.select().from(tills).where(eq(tills.id, id));
  return row;
}

/** The till a device token belongs to (revoked or not), or undefined. */
export async function findTillByToken(db: Db, token: string): Promise<TillRow | undefined> {
  const [row] = await db
    .select()
    .from(tills)
    .where(eq(tills.deviceTokenHash, hashDeviceToken(token)));
  return row;
}

/** Revokes a till's token; false when there is no such till. Revoking twice keeps the first time. */
export async function revokeTill(db: Db, id: string): Promise<boolean> {
  const [row] = await db
    .update(tills)
    .set({ revokedAt: sql`coalesce(${tills.revokedAt}, now())` })
    .where(eq(tills.id, id))
    .returning({ id: tills.id });
  return Boolean(row);
}

/** A sync reached the server (the till list shows when each till last did). */
export async function touchTill(db: Db | Tx, id: string): Promise<void> {
  await db
    .update(tills)
    .set({ lastSyncAt: sql`now()` })
    .where(and(eq(tills.id, id), isNull(tills.revokedAt)));
}
