/** Signing in and out: the auth routes, and the token service the auth plugin verifies requests with. */
export { default as authRoutes } from './routes.ts';
export { createTokenService, type TokenService } from './tokens.ts';
