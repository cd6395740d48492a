/** Registration, sign-in and password changes. Routes stay thin; the rules live here. */
import { type AuthResponse, MESSAGES, type RegisterBody } from '@shop/shared';
import type { Db } from '../db/client.ts';
import type { UserRow } from '../db/schema/index.ts';
import { conflict, forbidden, unauthorized } from '../lib/http-error.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { findUserByEmail, insertUser, setPassword, toAuthUser } from '../users/service.ts';
import { dummyPasswordHash, verifyPassword } from './passwords.ts';
import type { TokenService } from './tokens.ts';

export function createAuthService(db: Db, tokens: TokenService) {
  async function session(user: UserRow): Promise<AuthResponse> {
    const accessToken = await tokens.sign({ sub: user.id, role: user.role, tv: user.tokenVersion });
    return { accessToken, user: toAuthUser(user) };
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

    async register(input: RegisterBody): Promise<AuthResponse> {
      try {
        // Registration always makes a shopper, whatever the body says.
        return await session(await insertUser(db, input, 'shopper'));
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(MESSAGES.emailTaken);
        throw error;
      }
    },

    async login(email: string, password: string): Promise<AuthResponse> {
      return session(await checkCredentials(email, password));
    },

    async adminLogin(email: string, password: string): Promise<AuthResponse> {
      const user = await checkCredentials(email, password);
      if (user.role !== 'admin') throw forbidden(MESSAGES.notAdmin);
      return session(user);
    },

    /** Changing the password signs out every other session (token version bump). */
    async changePassword(user: UserRow, currentPassword: string, newPassword: string): Promise<AuthResponse> {
      if (!(await verifyPassword(user.passwordHash, currentPassword))) {
        throw unauthorized('Current password is incorrect');
      }
      await setPassword(db, user.id, newPassword);
      return session({ ...(await checkCredentials(user.email, newPassword)) });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
