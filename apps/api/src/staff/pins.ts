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
 *
 * Beside the argon2id hash, each PIN has the scrypt hash a till checks it with offline
 * (TILL_PIN_SCRYPT, `till_hash`), sent only to tills in their catalogue. A PIN set before
 * there was one gets it when it is next set, or tried right here (the PIN is known then).
 */
import { randomBytes, scrypt } from 'node:crypto';
import { PIN_LOCK_MINUTES, PIN_MAX_ATTEMPTS, TILL_PIN_SCRYPT, type TillPinHash } from '@shop/shared';
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { staffPins } from '../db/schema/index.ts';
import { hashPassword, verifyPassword } from '../lib/passwords.ts';

/**
 * A PIN's scrypt hash as a till checks it offline: node:crypto's scrypt, off the event loop,
 * the same bytes as @noble/hashes' in the browser (pins.test.ts checks one against the other).
 */
export async function tillPinHash(pin: string): Promise<TillPinHash> {
  const { N, r, p, dkLen } = TILL_PIN_SCRYPT;
  const salt = randomBytes(16);
  const hash = await new Promise<Buffer>((resolve, reject) =>
    scrypt(pin, salt, dkLen, { N, r, p, maxmem: 256 * N * r }, (error, key) => (error ? reject(error) : resolve(key))),
  );
  return { algorithm: 'scrypt', N, r, p, salt: salt.toString('base64'), hash: hash.toString('base64') };
}

/** Sets (or replaces) a member's PIN; the count of wrong tries and any lock end. */
export async function setPin(db: Db, userId: string, pin: string): Promise<void> {
  const [pinHash, tillHash] = await Promise.all([hashPassword(pin), tillPinHash(pin)]);
  const fresh = { pinHash, tillHash, failedAttempts: 0, lockedUntil: null, updatedAt: sql`now()` };
  await db
    .insert(staffPins)
    .values({ userId, ...fresh })
    .onConflictDoUpdate({ target: staffPins.userId, set: fresh });
}

/**
 * Gives a member a PIN unless they have one (the demo seed: a PIN changed since stays); one
 * they have that is still this PIN gets its till hash if it has none (a database seeded
 * before there were till hashes).
 */
export async function ensurePin(db: Db, userId: string, pin: string): Promise<void> {
  const [pinHash, tillHash] = await Promise.all([hashPassword(pin), tillPinHash(pin)]);
  await db.insert(staffPins).values({ userId, pinHash, tillHash }).onConflictDoNothing();
  await addTillHash(db, userId, pin, tillHash);
}

/** Writes the till hash of a PIN that has none, when `pin` is that PIN. */
async function addTillHash(db: Db, userId: string, pin: string, tillHash?: TillPinHash): Promise<void> {
  const [row] = await db
    .select({ pinHash: staffPins.pinHash })
    .from(staffPins)
    .where(and(eq(staffPins.userId, userId), isNull(staffPins.tillHash)));
  if (!row || !(await verifyPassword(row.pinHash, pin))) return;
  await db
    .update(staffPins)
    .set({ tillHash: tillHash ?? (await tillPinHash(pin)) })
    .where(and(eq(staffPins.userId, userId), eq(staffPins.pinHash, row.pinHash), isNull(staffPins.tillHash)));
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
    await addTillHash(db, userId, pin);
    return { ok: true };
  }
  if (counted.lockedUntil) return { ok: false, reason: 'locked', lockedUntil: counted.lockedUntil, now: true };
  return { ok: false, reason: 'wrong', attemptsLeft: PIN_MAX_ATTEMPTS - counted.tries };
}
