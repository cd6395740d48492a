/**
 * Signing in and out: the auth routes, the token service the auth plugin verifies requests
 * with, staff sessions, and two-factor sign-in (the service, the confirmation before a change
 * that matters, the shop's rule on who must use it).
 */
export { default as authRoutes, resetRequestLimit } from './routes.ts';
export { confirmMember, createWrongCodeLimit, type Proof, type WrongCodeLimit } from './confirm.ts';
export { twoFactorRequirement } from './require-two-factor.ts';
export { resetTwoFactor } from './two-factor-reset.ts';
export { createAuthService } from './service.ts';
export { deviceOf } from './events.ts';
export { createSession, listSessions, revokeSessions, SESSION_MAX_MS, touchSession } from './sessions.ts';
export { createTokenService, type TokenService } from './tokens.ts';
export { createTwoFactor, type TwoFactor } from './two-factor.ts';
