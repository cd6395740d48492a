/**
 * Two-factor sign-in for staff (TOTP, RFC 6238, through otplib): the one writer of
 * `two_factor`, `recovery_codes` and `two_factor_challenges`.
 *
 * - The secret is kept sealed (AES-256-GCM, messages/seal.ts) with a key derived from the
 *   server's JWT secret and a purpose of its own: the database alone opens nothing. Changing
 *   JWT_SECRET therefore makes every secret unreadable: the members then sign in with a
 *   recovery code, or `npm run admin:create -- --email … --reset-2fa` turns theirs off.
 * - Setup stores a secret not yet enabled (a new setup replaces it); the first right code
 *   from the app enables it and answers ten recovery codes. A recovery code carries 80 random
 *   bits, so a plain SHA-256 (the reset tokens' hash) is enough to store it; it works once.
 * - A sign-in whose password was right opens a challenge: it lives 5 minutes and dies after 5
 *   wrong codes, decided by conditional UPDATEs against the database's clock, so two API
 *   processes cannot both use it or count past it.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import { isUuid, RECOVERY_CODE_COUNT, TWO_FACTOR_MESSAGES } from '@shop/shared';
import type { Db, Tx } from '../db/client.ts';
import { recoveryCodes, twoFactor, twoFactorChallenges } from '../db/schema/index.ts';
import { badRequest, conflict } from '../lib/http-error.ts';
import { seal, unseal } from '../messages/index.ts';
import { hashResetToken } from './password-resets.ts';

/** How long a challenge lives, and how many wrong codes kill it. */
export const CHALLENGE_MINUTES = 5;
export const CHALLENGE_MAX_FAILURES = 5;
/** A code from the step before or after the current one is accepted too (a clock a little off, a slow typist). */
const TOLERANCE_SECONDS = 30;

const sealKey = (jwtSecret: string) => `${jwtSecret}:two-factor`;

/** Ten random bytes as four groups of five hex digits: 80 bits, easy to copy by hand. */
function newRecoveryCode(): string {
  return (randomBytes(10).toString('hex').match(/.{5}/g) ?? []).join('-');
}

/** A recovery code as stored: case, spaces and dashes as typed do not matter. */
const recoveryHash = (code: string) => hashResetToken(code.toLowerCase().replace(/[^0-9a-f]/g, ''));

/** Whether the text is a code from an authenticator app rather than a recovery code. */
export const isTotpCode = (code: string) => /^\d{6}$/.test(code.trim());

export function createTwoFactor(db: Db, jwtSecret: string) {
  const key = sealKey(jwtSecret);

  /** The member's secret and the step of the last code it accepted, once enabled (or, with `pending`, while being set up). */
  async function secretOf(userId: string, pending = false): Promise<{ secret: string; lastStep: number | null } | undefined> {
    const [row] = await db
      .select({ secret: twoFactor.secret, lastStep: twoFactor.lastStep })
      .from(twoFactor)
      .where(and(eq(twoFactor.userId, userId), pending ? isNull(twoFactor.enabledAt) : isNotNull(twoFactor.enabledAt)));
    const secret = row && unseal(key, row.secret);
    return secret === undefined ? undefined : { secret, lastStep: row!.lastStep };
  }

  /**
   * Whether `code` is the member's code now, used up if so: the step it belongs to is kept, and
   * a code of that step or an earlier one is refused from then on (a conditional UPDATE, so two
   * requests carrying one code cannot both pass).
   */
  async function spendCode(userId: string, code: string, pending = false): Promise<boolean> {
    const stored = await secretOf(userId, pending);
    if (!stored || !isTotpCode(code)) return false;
    const result = await verify({
      secret: stored.secret,
      token: code.trim(),
      epochTolerance: TOLERANCE_SECONDS,
      ...(stored.lastStep !== null && { afterTimeStep: stored.lastStep }),
    });
    // A time-based check always names its step; a result without one is not a code of ours.
    if (!result.valid || !('timeStep' in result)) return false;
    const spent = await db
      .update(twoFactor)
      .set({ lastStep: result.timeStep })
      .where(and(eq(twoFactor.userId, userId), or(isNull(twoFactor.lastStep), lt(twoFactor.lastStep, result.timeStep))))
      .returning({ userId: twoFactor.userId });
    return spent.length > 0;
  }

  /** Uses one of the member's recovery codes: true once, false for any code not theirs or used. */
  async function spendRecoveryCode(runner: Db | Tx, userId: string, code: string): Promise<boolean> {
    const used = await runner
      .update(recoveryCodes)
      .set({ usedAt: sql`now()` })
      .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, recoveryHash(code)), isNull(recoveryCodes.usedAt)))
      .returning({ id: recoveryCodes.id });
    return used.length > 0;
  }

  async function isOn(runner: Db | Tx, userId: string): Promise<boolean> {
    const [row] = await runner
      .select({ userId: twoFactor.userId })
      .from(twoFactor)
      .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.enabledAt)));
    return row !== undefined;
  }

  return {
    isOn,

    /** A new secret for the member (replacing one not yet enabled); 409 while two-factor is on. */
    async setUp(user: { id: string; email: string }, issuer: string): Promise<{ secret: string; otpauthUrl: string }> {
      const secret = generateSecret();
      const [row] = await db
        .insert(twoFactor)
        .values({ userId: user.id, secret: seal(key, secret) })
        .onConflictDoUpdate({
          target: twoFactor.userId,
          set: { secret: sql`excluded.secret`, createdAt: sql`now()` },
          setWhere: isNull(twoFactor.enabledAt),
        })
        .returning({ userId: twoFactor.userId });
      if (!row) throw conflict(TWO_FACTOR_MESSAGES.alreadyOn);
      return { secret, otpauthUrl: generateURI({ issuer, label: user.email, secret }) };
    },

    /**
     * Enables the secret being set up once `code` proves the app holds it, and answers new
     * recovery codes (any older ones are forgotten). `andThen` runs in the same transaction.
     */
    async enable(userId: string, code: string, andThen: (tx: Tx) => Promise<void>): Promise<string[]> {
      if (await isOn(db, userId)) throw conflict(TWO_FACTOR_MESSAGES.alreadyOn);
      if (!(await secretOf(userId, true))) throw conflict(TWO_FACTOR_MESSAGES.notStarted);
      if (!(await spendCode(userId, code, true))) {
        throw badRequest(TWO_FACTOR_MESSAGES.wrongCode, [{ path: 'code', message: TWO_FACTOR_MESSAGES.wrongCode }]);
      }
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      await db.transaction(async (tx) => {
        const [enabled] = await tx
          .update(twoFactor)
          .set({ enabledAt: sql`now()` })
          .where(and(eq(twoFactor.userId, userId), isNull(twoFactor.enabledAt)))
          .returning({ userId: twoFactor.userId });
        // Enabled meanwhile by another request of the member's.
        if (!enabled) throw conflict(TWO_FACTOR_MESSAGES.alreadyOn);
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
        await tx.insert(recoveryCodes).values(codes.map((c) => ({ userId, codeHash: recoveryHash(c) })));
        await andThen(tx);
      });
      return codes;
    },

    /** Whether `code` is the member's current code (two-factor on); a right code is used up. */
    async checkCode(userId: string, code: string): Promise<boolean> {
      return spendCode(userId, code);
    },

    /** A code from the app, or else one of the recovery codes (either used up if right). */
    async checkCodeOrRecovery(userId: string, code: string): Promise<boolean> {
      if (isTotpCode(code)) return spendCode(userId, code);
      return spendRecoveryCode(db, userId, code);
    },

    spendRecoveryCode,

    /** Turns two-factor off: the secret, the recovery codes and any open challenge go. Whether it was on or being set up. */
    async turnOff(tx: Db | Tx, userId: string): Promise<boolean> {
      const removed = await tx
        .delete(twoFactor)
        .where(eq(twoFactor.userId, userId))
        .returning({ enabledAt: twoFactor.enabledAt });
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      await tx.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId));
      return removed.some((r) => r.enabledAt !== null);
    },

    /** A sign-in waiting for its second factor; also forgets the member's challenges that ended over a day ago. */
    async openChallenge(userId: string): Promise<string> {
      return db.transaction(async (tx) => {
        await tx
          .delete(twoFactorChallenges)
          .where(and(eq(twoFactorChallenges.userId, userId), lt(twoFactorChallenges.expiresAt, sql`now() - interval '1 day'`)));
        const [row] = await tx
          .insert(twoFactorChallenges)
          .values({ userId, expiresAt: sql`now() + make_interval(mins => ${CHALLENGE_MINUTES}::int)` })
          .returning({ id: twoFactorChallenges.id });
        return row!.id;
      });
    },

    /** The member a challenge is for, while it is alive (not used, not expired, fewer than 5 wrong codes). */
    async liveChallenge(challengeId: string): Promise<string | undefined> {
      if (!isUuid(challengeId)) return undefined;
      const [row] = await db.select({ userId: twoFactorChallenges.userId }).from(twoFactorChallenges).where(alive(challengeId));
      return row?.userId;
    },

    /** Counts a wrong code against the challenge (the fifth kills it). */
    async failChallenge(challengeId: string): Promise<void> {
      await db
        .update(twoFactorChallenges)
        .set({ failedAttempts: sql`${twoFactorChallenges.failedAttempts} + 1` })
        .where(alive(challengeId));
    },

    /** Uses the challenge, once: false when it died or was used meanwhile. */
    async claimChallenge(tx: Tx, challengeId: string): Promise<boolean> {
      const claimed = await tx
        .update(twoFactorChallenges)
        .set({ usedAt: sql`now()` })
        .where(alive(challengeId))
        .returning({ id: twoFactorChallenges.id });
      return claimed.length > 0;
    },
  };
}

const alive = (challengeId: string) =>
  and(
    eq(twoFactorChallenges.id, challengeId),
    isNull(twoFactorChallenges.usedAt),
    gt(twoFactorChallenges.expiresAt, sql`now()`),
    lt(twoFactorChallenges.failedAttempts, CHALLENGE_MAX_FAILURES),
  );

export type TwoFactor = ReturnType<typeof createTwoFactor>;
