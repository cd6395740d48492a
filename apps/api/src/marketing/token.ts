/**
 * The unsubscribe token: the address and an HMAC of it under a key derived from the server's
 * JWT secret. It never expires (an old e-mail's link must still work) and opens nothing but
 * the unsubscribe of that one address.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const mac = (secret: string, email: string) =>
  createHmac('sha256', `${secret}:marketing-unsubscribe`).update(email).digest('base64url');

export function unsubscribeToken(secret: string, email: string): string {
  const address = email.trim().toLowerCase();
  return `${Buffer.from(address, 'utf8').toString('base64url')}.${mac(secret, address)}`;
}

/** The address the token was made for, or undefined when it was not made with this secret. */
export function addressOfToken(secret: string, token: string): string | undefined {
  const [encoded, signature] = token.split('.');
  if (!encoded || !signature || token.split('.').length !== 2) return undefined;
  const address = Buffer.from(encoded, 'base64url').toString('utf8');
  const expected = Buffer.from(mac(secret, address));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? address : undefined;
}
