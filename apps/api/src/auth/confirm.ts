/**
 * Proving it is still the member before a change that matters (turning two-factor off,
 * changing the bank account shoppers pay to): their password, a code from their app, or a
 * recovery code, as the change asks. And the one count of wrong codes (and of the wrong
 * passwords these confirmations see): per (account, client IP), 10 in 15 minutes, then 429
 * until the window ends. Counted in the rate-limit store (Redis when configured, so every API
 * process counts together; decisions/0013). Nothing else blocks the account: another client
 * is never refused because of these.
 *
 * Refusals are 403, not 401: the caller is signed in, and the web client treats a 401 as
 * signed out.
 */
import { MESSAGES, TWO_FACTOR_MESSAGES } from '@shop/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema/index.ts';
import { clientOf } from '../lib/client-address.ts';
import { forbidden, HttpError } from '../lib/http-error.ts';
import { verifyPassword } from '../lib/passwords.ts';
import type { TwoFactor } from './two-factor.ts';

export const WRONG_CODE_LIMIT = { max: 10, timeWindow: '15 minutes' } as const;

/**
 * A limit counted per (a key the caller names, client IP) in the rate-limit store: the key is
 * known only once the route has looked something up (the account a challenge is for), so it
 * is handed over with each call instead of read from the request.
 */
export function limitPerClient(app: FastifyInstance, name: string, options: { max: number; timeWindow: string }) {
  const keys = new WeakMap<FastifyRequest, string>();
  const limit = app.createRateLimit({
    ...options,
    keyGenerator: (request) => `${name}|${keys.get(request)}|client|${clientOf(request)}`,
  });
  return (request: FastifyRequest, key: string, increment = true) => {
    keys.set(request, key);
    return limit(request, { increment });
  };
}

/** The count of wrong codes per (account, client): `check` refuses (429) once it is full, `count` adds one. */
export function createWrongCodeLimit(app: FastifyInstance) {
  const limit = limitPerClient(app, '2fa|account', WRONG_CODE_LIMIT);
  return {
    async check(request: FastifyRequest, userId: string): Promise<void> {
      const seen = await limit(request, userId, false);
      if (seen.isAllowed || seen.remaining > 0) return;
      throw new HttpError(429, MESSAGES.tooManyRequests, undefined, Math.max(1, seen.ttlInSeconds));
    },
    async count(request: FastifyRequest, userId: string): Promise<void> {
      await limit(request, userId);
    },
  };
}
export type WrongCodeLimit = ReturnType<typeof createWrongCodeLimit>;

/** What the change asks of the member: both their password and a code, or either one. */
export interface Proof {
  password?: string;
  code?: string;
}

/**
 * Confirms the member with `proof`, or throws 403 saying what is missing or wrong (429 past
 * the count of wrong ones). `both`: the password and a code (from the app or a recovery code,
 * which is then used up). Otherwise: the password, or a code from the app when two-factor is
 * on. A wrong password or code is counted.
 */
export async function confirmMember(
  request: FastifyRequest,
  deps: { twoFactor: TwoFactor; wrongCodes: WrongCodeLimit },
  user: UserRow,
  proof: Proof,
  options: { both: boolean; missing: string },
): Promise<void> {
  const { twoFactor, wrongCodes } = deps;
  const hasPassword = Boolean(proof.password);
  const hasCode = Boolean(proof.code?.trim());
  if (options.both ? !hasPassword || !hasCode : !hasPassword && !hasCode) throw forbidden(options.missing);
  await wrongCodes.check(request, user.id);
  const refuse = async (message: string) => {
    await wrongCodes.count(request, user.id);
    return forbidden(message);
  };
  if (hasPassword && !(await verifyPassword(user.passwordHash, proof.password!)))
    throw await refuse(TWO_FACTOR_MESSAGES.wrongPassword);
  if (options.both) {
    if (!(await twoFactor.checkCodeOrRecovery(user.id, proof.code!))) throw await refuse(TWO_FACTOR_MESSAGES.wrongCode);
  } else if (!hasPassword) {
    // A code stands for the password only for a member whose two-factor is on.
    if (!(await twoFactor.isOn(request.server.db, user.id))) throw forbidden(options.missing);
    if (!(await twoFactor.checkCode(user.id, proof.code!))) throw await refuse(TWO_FACTOR_MESSAGES.wrongCode);
  }
}
