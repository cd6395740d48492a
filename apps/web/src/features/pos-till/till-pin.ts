/**
 * A PIN checked on the till, offline, against the slow hash the catalogue sends for each
 * member allowed on it (scrypt, ≥ 100 ms per try: guessing a 4–6 digit PIN from a stolen
 * tablet takes hours, and the hash is replaced at every sync). The same scrypt as the API's
 * (@noble/hashes), with the parameters and salt the hash names; salt and hash are base64.
 */
import type { TillPinHash } from '@shop/shared/pos-till';
import { STAFF_PIN } from '@shop/shared/staff';
import { scryptAsync } from '@noble/hashes/scrypt.js';

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Whether `pin` is the PIN `stored` was made from (compared in constant time). */
export async function checkTillPin(pin: string, stored: TillPinHash): Promise<boolean> {
  if (stored.algorithm !== 'scrypt' || !STAFF_PIN.test(pin)) return false;
  const expected = fromBase64(stored.hash);
  const actual = await scryptAsync(new TextEncoder().encode(pin), fromBase64(stored.salt), {
    N: stored.N,
    r: stored.r,
    p: stored.p,
    dkLen: expected.length,
  });
  let diff = actual.length ^ expected.length;
  for (let i = 0; i < expected.length; i++) diff |= (actual[i] ?? 0) ^ (expected[i] ?? 0);
  return diff === 0;
}
