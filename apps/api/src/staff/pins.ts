/**
 * Till PINs: 4–6 digits, stored hashed with the password hasher, the one writer of
 * `staff_pins`. A manager's PIN approves a till action (approvals.ts); the till issue uses
 * them to switch cashier too.
 *
 * PIN_MAX_ATTEMPTS wrong PINs in a row lock it for PIN_LOCK_MINUTES. Each try is counted
 * before the PIN is checked, by one conditional UPDATE that refuses while locked and sets the
 * lock on the last allowed try; a right PIN then clears the count. So however many tries run
 * at once, on any number of API processes, no more than PIN_MAX_ATTEMPTS are checked in a
 * lock period, and a refusal (a 4xx) keeps its count: nothing is rolled back. After a lock
 * runs out the count starts again.
 */
import { PIN_LOCK_MINUTES, PIN_MAX_ATTEMPTS } from '@shop/shared';
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { staffPins } from '../db/schema/index.ts';
import { hashPassword, verifyPassword } from '../lib/passwords.ts';

/** Sets (or replaces) a member's PIN; the count of wrong tries and any lock end. */
export async function setPin(db: Db, userId: string, pin: string): Promise<void> {
  const pinHash = await hashPassword(pin);
  const fresh = { pinHash, failedAttempts: 0, lockedUntil: null, updatedAt: sql`now()` };
  await db
    .insert(staffPins)
    .values({ userId, ...fresh })
    .onConflictDoUpdate({ target: staffPins.userId, set: fresh });
}

/** Gives a member a PIN unless they have one (the demo seed: a PIN changed since stays). */
export async function ensurePin(db: Db, userId: string, pin: string): Promise<void> {
  await db
    .insert(staffPins)
    .values({ userId, pinHash: await hashPassword(pin) })
    .onConflictDoNothing();
}

export type PinCheck =
  | { ok: true }
  | { ok: false; reason: 'none' }
  | { ok: false; reason: 'wrong'; attemptsLeft: number }
  /** `now`: this wrong try locked it (a try while it was locked already is not counted). */
  | { ok: false; reason: 'locked'; lockedUntil: Date; now: boolean };

/** The tries counted so far, starting again once a lock ran out (the UPDATE's old values). */
const triesBefore = sql`case when ${staffPins.lockedUntil} is not null and ${staffPins.lockedUntil} <= now() then 0 else ${staffPins.failedAttempts} end`;

/** Tries a member's PIN: counted first, checked, the count cleared when right. */
export async function checkPin(db: Db, userId: string, pin: string): Promise<PinCheck> {
  const [counted] = await db
    .update(staffPins)
    .set({
      failedAttempts: sql`${triesBefore} + 1`,
      lockedUntil: sql`case when ${triesBefore} + 1 >= ${PIN_MAX_ATTEMPTS}::int then now() + make_interval(mins => ${PIN_LOCK_MINUTES}::int) else null end`,
    })
    .where(and(eq(staffPins.userId, userId), or(isNull(staffPins.lockedUntil), lte(staffPins.lockedUntil, sql`now()`))))
    .returning({ pinHash: staffPins.pinHash, tries: staffPins.failedAttempts, lockedUntil: staffPins.lockedUntil });
  if (!counted) {
    const [row] = await db.select({ lockedUntil: staffPins.lockedUntil }).from(staffPins).where(eq(staffPins.userId, userId));
    return row?.lockedUntil
      ? { ok: false, reason: 'locked', lockedUntil: row.lockedUntil, now: false }
      : { ok: false, reason: 'none' };
  }
  if (await verifyPassword(counted.pinHash, pin)) {
    // Only this PIN's count: one changed meanwhile started afresh anyway.
    await db
      .update(staffPins)
      .set({ failedAttempts: 0, lockedUntil: null })
      .where(and(eq(staffPins.userId, userId), eq(staffPins.pinHash, counted.pinHash)));
    return { ok: true };
  }
  if (counted.lockedUntil) return { ok: false, reason: 'locked', lockedUntil: counted.lockedUntil, now: true };
  return { ok: false, reason: 'wrong', attemptsLeft: PIN_MAX_ATTEMPTS - counted.tries };
}
