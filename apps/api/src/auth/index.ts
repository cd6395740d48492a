/** Signing in and out: the auth routes, and the token service the auth plugin verifies requests with. */
export { default as authRoutes } from './routes.ts';
export { createSession, listSessions, revokeSessions, SESSION_MAX_MS, touchSession } from './sessions.ts';
export { createTokenService, type TokenService } from './tokens.ts';
