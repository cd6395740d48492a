/**
 * Two-factor sign-in as every route can use it: `app.twoFactor` (the service),
 * `app.confirmMember` (a password or code before a change that matters: turning two-factor
 * off, the bank account), and the shop's rule that some members must use it, pushed onto
 * `app.staffChecks`. Registered after the auth and rate-limit plugins, before any route.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  confirmMember,
  createTwoFactor,
  createWrongCodeLimit,
  type Proof,
  type TwoFactor,
  twoFactorRequirement,
  type WrongCodeLimit,
} from '../auth/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    twoFactor: TwoFactor;
    /** Wrong codes per (account, client IP): 429 past 10 in 15 minutes. */
    wrongCodes: WrongCodeLimit;
    /**
     * Confirms the signed-in member with their password and a code (`both`), or either one, or
     * throws 403 saying what is missing or wrong (`missing` when nothing was sent).
     */
    confirmMember(request: FastifyRequest, proof: Proof, options: { both: boolean; missing: string }): Promise<void>;
  }
}

export default fp(
  async function twoFactorPlugin(app: FastifyInstance) {
    const twoFactor = createTwoFactor(app.db, app.config.jwtSecret);
    const wrongCodes = createWrongCodeLimit(app);
    app.decorate('twoFactor', twoFactor);
    app.decorate('wrongCodes', wrongCodes);
    app.decorate('confirmMember', (request: FastifyRequest, proof: Proof, options: { both: boolean; missing: string }) =>
      confirmMember(request, { twoFactor, wrongCodes }, request.user!, proof, options),
    );
    app.staffChecks.push(twoFactorRequirement(app.db, app.config, twoFactor));
  },
  { name: 'two-factor', dependencies: ['context', 'auth', 'rate-limit'] },
);
