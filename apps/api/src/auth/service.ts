/**
 * Registration, sign-in, password changes and resets. Routes stay thin; the rules live here.
 * The e-mails an account event causes (welcome, reset link, password changed) are queued in
 * the transaction of the change itself, so none goes out for a change that rolled back.
 */
import {
  type AuthResponse,
  MESSAGES,
  RESET_MESSAGES,
  type RegisterBody,
  type SignInResponse,
  TWO_FACTOR_MESSAGES,
  type TwoFactorVerifyBody,
} from '@shop/shared';
import type { Db, Tx } from '../db/client.ts';
import type { UserRow } from '../db/schema/index.ts';
import { badRequest, conflict, forbidden, HttpError, unauthorized } from '../lib/http-error.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { grantConsent } from '../marketing/index.ts';
import type { Notifier } from '../messages/index.ts';
import { findRole, toStaffRole } from '../staff/index.ts';
import { findUserByEmail, findUserById, insertUser, recordSignIn, setPassword, toAuthUser } from '../users/index.ts';
import { claimReset, endResets, hashResetToken, insertReset, newResetToken, pruneResets } from './password-resets.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../lib/passwords.ts';
import { type Device, recordEvent, SIGN_IN_EVENTS } from './events.ts';

export type { Device } from './events.ts';
import { createSession } from './sessions.ts';
import type { TokenService } from './tokens.ts';
import type { TwoFactor } from './two-factor.ts';

export const DEACTIVATED = 'This account is deactivated';

/** A refused sign-in; `staff` is the member whose account was tried (a refused staff sign-in is audited). */
export class SignInRefused extends HttpError {
  constructor(readonly staff: UserRow | undefined) {
    super(401, MESSAGES.invalidCredentials);
  }
}

/** A wrong second factor: the route counts it against the challenge and the (account, client) pair. */
export class WrongCode extends HttpError {
  constructor() {
    super(401, TWO_FACTOR_MESSAGES.wrongCode);
  }
}

interface SessionOptions {
  /** How the member proved who they are, as the audit entry says. */
  method?: string;
  /** Runs first in the session's transaction (using the challenge and a recovery code); throwing refuses the sign-in. */
  within?: (tx: Tx) => Promise<void>;
}

export function createAuthService(db: Db, tokens: TokenService, notifier: Notifier, twoFactor: TwoFactor) {
  /**
   * The token (and the account) a sign-in answers. A staff member's token names a new
   * session, and the answer carries their role's name and permissions; the sign-in is audited
   * in the session's transaction.
   */
  async function session(user: UserRow, device: Device, options: SessionOptions = {}): Promise<AuthResponse> {
    if (user.role !== 'admin') {
      const accessToken = await tokens.sign({ sub: user.id, role: user.role, tv: user.tokenVersion });
      return { accessToken, user: toAuthUser(user) };
    }
    if (!user.active) throw forbidden(DEACTIVATED);
    const role = user.staffRoleId ? await findRole(db, user.staffRoleId) : undefined;
    if (!role) throw forbidden(DEACTIVATED);
    const staffSession = await db.transaction(async (tx) => {
      await options.within?.(tx);
      await recordSignIn(tx, user.id);
      const created = await createSession(tx, { userId: user.id, ip: device.ip, userAgent: device.userAgent });
      await recordEvent(tx, {
        actor: user,
        actorRole: role.name,
        origin: device.origin ?? null,
        action: SIGN_IN_EVENTS.signedIn,
        entityId: user.id,
        after: { sessionId: created.id, method: options.method ?? 'password' },
      });
      return created;
    });
    const accessToken = await tokens.sign({ sub: user.id, role: user.role, tv: user.tokenVersion, sid: staffSession.id });
    return { accessToken, user: toAuthUser(user, toStaffRole(role)) };
  }

  /** Same answer and about the same time whether the email is unknown or the password wrong. */
  async function checkCredentials(email: string, password: string): Promise<UserRow> {
    const user = await findUserByEmail(db, email);
    const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
    if (!user || !ok) throw new SignInRefused(user?.role === 'admin' ? user : undefined);
    return user;
  }

  /**
   * The password was right: signed in, or, for a staff member with two-factor on, a
   * challenge to answer with a code first (no token, no session yet).
   */
  async function signIn(user: UserRow, device: Device): Promise<SignInResponse> {
    if (user.role === 'admin' && user.active && (await twoFactor.isOn(db, user.id))) {
      return { twoFactorRequired: true, challenge: await twoFactor.openChallenge(user.id) };
    }
    return session(user, device);
  }

  return {
    session,

    /**
     * Answers a challenge (whose member the caller has looked up) with a code from the app or
     * a recovery code: signed in, the challenge and the recovery code used in the session's
     * transaction. A wrong one throws WrongCode; a challenge used or dead meanwhile, 401.
     */
    async completeChallenge(
      userId: string,
      challengeId: string,
      answer: Pick<TwoFactorVerifyBody, 'code' | 'recoveryCode'>,
      device: Device,
    ): Promise<AuthResponse> {
      const user = await findUserById(db, userId);
      if (user?.role !== 'admin') throw unauthorized(TWO_FACTOR_MESSAGES.challengeEnded);
      if (answer.code !== undefined && !(await twoFactor.checkCode(user.id, answer.code))) throw new WrongCode();
      return session(user, device, {
        method: answer.code !== undefined ? 'password and code' : 'password and recovery code',
        within: async (tx) => {
          const { recoveryCode } = answer;
          if (recoveryCode !== undefined && !(await twoFactor.spendRecoveryCode(tx, user.id, recoveryCode)))
            throw new WrongCode();
          if (!(await twoFactor.claimChallenge(tx, challengeId))) throw unauthorized(TWO_FACTOR_MESSAGES.challengeEnded);
        },
      });
    },

    async register(input: RegisterBody, device: Device): Promise<AuthResponse> {
      // Hashed before the transaction: the hash may queue (passwords.ts), the connection should not wait.
      const passwordHash = await hashPassword(input.password);
      try {
        const user = await db.transaction(async (tx) => {
          // Registration always makes a shopper, whatever the body says.
          const created = await insertUser(tx, input, 'shopper', passwordHash);
          await notifier.welcome(tx, created);
          if (input.marketingConsent)
            await grantConsent(tx, { email: created.email, userId: created.id, source: 'registration' });
          return created;
        });
        return await session(user, device);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(MESSAGES.emailTaken);
        throw error;
      }
    },

    async login(email: string, password: string, device: Device): Promise<SignInResponse> {
      return signIn(await checkCredentials(email, password), device);
    },

    /** The back office's sign-in: any active staff member. */
    async adminLogin(email: string, password: string, device: Device): Promise<SignInResponse> {
      const user = await checkCredentials(email, password);
      if (user.role !== 'admin') throw forbidden(MESSAGES.notAdmin);
      return signIn(user, device);
    },

    /**
     * Changing the password signs out every other session (token version bump), ends any
     * reset link still open, and tells the owner by e-mail.
     */
    async changePassword(user: UserRow, currentPassword: string, newPassword: string, device: Device): Promise<AuthResponse> {
      if (!(await verifyPassword(user.passwordHash, currentPassword))) {
        throw unauthorized('Current password is incorrect');
      }
      await db.transaction(async (tx) => {
        await setPassword(tx, user.id, newPassword);
        await endResets(tx, user.id);
        await notifier.passwordChanged(tx, user);
      });
      return session({ ...(await checkCredentials(user.email, newPassword)) }, device, { method: 'password change' });
    },

    /**
     * "Forgot password?": for a known address, a new reset request and the e-mail with its
     * link, in one transaction. The caller answers the same for any address, and an unknown
     * one costs a transaction too (the housekeeping), so neither the answer nor a quick
     * return tells whether an account exists; the rate limits keep anyone from timing many.
     * Older links stay valid until they expire: mail can arrive late or out of order, and
     * whichever link the shopper opens first should work. A reset ends them all.
     */
    async forgotPassword(email: string): Promise<void> {
      const user = await findUserByEmail(db, email);
      const token = newResetToken();
      await db.transaction(async (tx) => {
        await pruneResets(tx);
        if (!user) return;
        await insertReset(tx, user.id, hashResetToken(token));
        await notifier.passwordReset(tx, user, token);
      });
    },

    /**
     * Sets a new password with a reset link's token: used once, before it expires. Uses the
     * token, sets the password (signing the account out everywhere), ends the user's other
     * links and queues the "password changed" e-mail, all in one transaction. Answers the
     * account's e-mail (whose sign-in failures the caller then forgets).
     */
    async resetPassword(token: string, password: string): Promise<string | undefined> {
      return db.transaction(async (tx) => {
        const claim = await claimReset(tx, hashResetToken(token));
        if ('refused' in claim) throw badRequest(RESET_MESSAGES[claim.refused]);
        await setPassword(tx, claim.userId, password);
        await endResets(tx, claim.userId);
        const user = await findUserById(tx, claim.userId);
        if (user) await notifier.passwordChanged(tx, user);
        return user?.email;
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
