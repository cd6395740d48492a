/**
 * Access tokens: HS256 JWTs carrying the user id, role and token version; a staff member's
 * also names its session (`sid`, auth/sessions.ts), which can be ended before the token expires.
 */
import { SignJWT, jwtVerify } from 'jose';
import type { Role } from '@shop/shared';

export interface TokenClaims {
  sub: string;
  role: Role;
  tv: number;
  /** A staff member's session. */
  sid?: string;
}

export function createTokenService(secret: string, ttl: string) {
  const key = new TextEncoder().encode(secret);
  return {
    sign(claims: TokenClaims): Promise<string> {
      return new SignJWT({ role: claims.role, tv: claims.tv, ...(claims.sid && { sid: claims.sid }) })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime(ttl)
        .sign(key);
    },
    /** Resolves the claims, or undefined for any token that is not ours and current. */
    async verify(token: string): Promise<TokenClaims | undefined> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || typeof payload.tv !== 'number') return undefined;
        if (payload.role !== 'shopper' && payload.role !== 'admin') return undefined;
        if (payload.sid !== undefined && typeof payload.sid !== 'string') return undefined;
        return { sub: payload.sub, role: payload.role, tv: payload.tv, ...(payload.sid && { sid: payload.sid }) };
      } catch {
        return undefined;
      }
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
