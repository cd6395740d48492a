import type { TillPinHash } from '@shop/shared/pos-till';
import { scrypt } from '@noble/hashes/scrypt.js';
import { describe, expect, it } from 'vitest';
import { checkTillPin } from './till-pin.ts';

const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

/** A hash made as the API makes it (small N: the test checks the comparison, not the cost). */
function hashOf(pin: string): TillPinHash {
  const salt = new Uint8Array(16).map((_, i) => i * 7);
  const hash = scrypt(new TextEncoder().encode(pin), salt, { N: 1024, r: 8, p: 1, dkLen: 32 });
  return { algorithm: 'scrypt', N: 1024, r: 8, p: 1, salt: base64(salt), hash: base64(hash) };
}

describe('a PIN checked on the till, offline', () => {
  const stored = hashOf('4821');

  it('accepts the PIN the hash was made from', async () => {
    expect(await checkTillPin('4821', stored)).toBe(true);
  });

  it('refuses another PIN, one that is not 4 to 6 digits, and another salt', async () => {
    expect(await checkTillPin('4822', stored)).toBe(false);
    expect(await checkTillPin('48', stored)).toBe(false);
    expect(await checkTillPin('4821', { ...stored, salt: base64(new Uint8Array(16)) })).toBe(false);
  });
});
