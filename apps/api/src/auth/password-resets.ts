/**
 * Password-reset requests: the one writer of `password_resets`. A request is a random token
 * sent by e-mail; only its SHA-256 is kept, so the table opens no account. Whether a token
 * still works (unused, not expired) is decided in SQL by one conditional UPDATE against the
 * database's clock, so two resets with the same link succeed once, with any number of API
 * processes.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { RESET_TOKEN_TTL_MINUTES } from '@shop/shared';
import type { Db, Tx } from '../db/client.ts';
import { passwordResets } from '../db/schema/index.ts';

/** 32 random bytes, base64url: the token in the link. */
export const newResetToken = (): string => randomBytes(32).toString('base64url');

/** What is stored and looked up: a token carries 256 random bits, so a plain SHA-256 is enough (no salt, no stretching). */
export const hashResetToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Why a token does not work. */
export type ResetRefusal = 'invalid' | 'used' | 'expired';

/** A new request for the user, valid RESET_TOKEN_TTL_MINUTES from now. */
export async function insertReset(tx: Db | Tx, userId: string, tokenHash: string): Promise<void> {
  await tx.insert(passwordResets).values({
    userId,
    tokenHash,
    expiresAt: sql`now() + make_interval(mins => ${RESET_TOKEN_TTL_MINUTES}::int)`,
  });
}

/**
 * Housekeeping: forgets requests that expired more than a day ago (the last day's stay, for
 * anyone looking into a complaint). Runs on every reset request, known address or not.
 */
export async function pruneResets(tx: Db | Tx): Promise<void> {
  await tx.delete(passwordResets).where(sql`${passwordResets.expiresAt} < now() - interval '1 day'`);
}

/**
 * Uses the token: marks its request used if it is neither used nor expired, and says whose
 * it was; otherwise says why not. Two transactions claiming the same token: the second waits
 * for the first's row lock, then finds it used.
 */
export async function claimReset(tx: Db | Tx, tokenHash: string): Promise<{ userId: string } | { refused: ResetRefusal }> {
  const [claimed] = await tx
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`)))
    .returning({ userId: passwordResets.userId });
  if (claimed) return claimed;
  const [row] = await tx
    .select({ used: sql<boolean>`${passwordResets.usedAt} is not null` })
    .from(passwordResets)
    .where(eq(passwordResets.tokenHash, tokenHash));
  if (!row) return { refused: 'invalid' };
  return { refused: row.used ? 'used' : 'expired' };
}

/** Ends the user's other open requests: after a new password, no older link sets another. */
export async function endResets(tx: Db | Tx, userId: string): Promise<void> {
  await tx
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}
