/**
 * Registration, sign-in, password changes and resets. Routes stay thin; the rules live here.
 * The e-mails an account event causes (welcome, reset link, password changed) are queued in
 * the transaction of the change itself, so none goes out for a change that rolled back.
 */
import { type AuthResponse, MESSAGES, RESET_MESSAGES, type RegisterBody } from '@shop/shared';
import type { Db } from '../db/client.ts';
import type { UserRow } from '../db/schema/index.ts';
import { badRequest, conflict, forbidden, unauthorized } from '../lib/http-error.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { Notifier } from '../messages/index.ts';
import { findRole, toStaffRole } from '../staff/index.ts';
import { findUserByEmail, findUserById, insertUser, recordSignIn, setPassword, toAuthUser } from '../users/index.ts';
import { claimReset, endResets, hashResetToken, insertReset, newResetToken, pruneResets } from './password-resets.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../lib/passwords.ts';
import { createSession } from './sessions.ts';
import type { TokenService } from './tokens.ts';

/** Where a sign-in comes from: a staff member's session keeps it (GET /api/auth/sessions shows it). */
export interface Device {
  ip: string;
  userAgent: string;
}

export const DEACTIVATED = 'This account is deactivated';

export function createAuthService(db: Db, tokens: TokenService, notifier: Notifier) {
  /**
   * The token (and the account) a sign-in answers. A staff member's token names a new
   * session, and the answer carries their role's name and permissions.
   */
  async function session(user: UserRow, device: Device): Promise<AuthResponse> {
    if (user.role !== 'admin') {
      const accessToken = await tokens.sign({ sub: user.id, role: user.role, tv: user.tokenVersion });
      return { accessToken, user: toAuthUser(user) };
    }
    if (!user.active) throw forbidden(DEACTIVATED);
    const role = user.staffRoleId ? await findRole(db, user.staffRoleId) : undefined;
    if (!role) throw forbidden(DEACTIVATED);
    const staffSession = await db.transaction(async (tx) => {
      await recordSignIn(tx, user.id);
      return createSession(tx, { userId: user.id, ...device });
    });
    const accessToken = await tokens.sign({ sub: user.id, role: user.role, tv: user.tokenVersion, sid: staffSession.id });
    return { accessToken, user: toAuthUser(user, toStaffRole(role)) };
  }

  /** Same answer and about the same time whether the email is unknown or the password wrong. */
  async function checkCredentials(email: string, password: string): Promise<UserRow> {
    const user = await findUserByEmail(db, email);
    const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
    if (!user || !ok) throw unauthorized(MESSAGES.invalidCredentials);
    return user;
  }

  return {
    session,

    async register(input: RegisterBody, device: Device): Promise<AuthResponse> {
      // Hashed before the transaction: the hash may queue (passwords.ts), the connection should not wait.
      const passwordHash = await hashPassword(input.password);
      try {
        const user = await db.transaction(async (tx) => {
          // Registration always makes a shopper, whatever the body says.
          const created = await insertUser(tx, input, 'shopper', passwordHash);
          await notifier.welcome(tx, created);
          return created;
        });
        return await session(user, device);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(MESSAGES.emailTaken);
        throw error;
      }
    },

    async login(email: string, password: string, device: Device): Promise<AuthResponse> {
      return session(await checkCredentials(email, password), device);
    },

    /** The back office's sign-in: any active staff member. */
    async adminLogin(email: string, password: string, device: Device): Promise<AuthResponse> {
      const user = await checkCredentials(email, password);
      if (user.role !== 'admin') throw forbidden(MESSAGES.notAdmin);
      return session(user, device);
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
      return session({ ...(await checkCredentials(user.email, newPassword)) }, device);
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
