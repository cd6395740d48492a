/** A PIN's till hash (issue 29): what a till checks offline, the same bytes in the browser's scrypt. */
import { scrypt } from '@noble/hashes/scrypt.js';
import { TILL_PIN_SCRYPT } from '@shop/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffPins } from '../db/schema/index.ts';
import { hashPassword } from '../lib/passwords.ts';
import { createStaff, createTestApp, type TestContext } from '../../test/helpers.ts';
import { checkPin, ensurePin, setPin } from './pins.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const pinRow = async (userId: string) => (await ctx.database.db.select().from(staffPins).where(eq(staffPins.userId, userId)))[0]!;

/** What the till does offline: @noble/hashes' scrypt of the typed PIN with the stored salt. */
const tillAccepts = (stored: { N: number; r: number; p: number; salt: string; hash: string }, pin: string) =>
  Buffer.from(scrypt(pin, Buffer.from(stored.salt, 'base64'), { N: stored.N, r: stored.r, p: stored.p, dkLen: 32 })).toString(
    'base64',
  ) === stored.hash;

describe('till PIN hashes', () => {
  it('are written with every PIN set, with the shared cost, and check offline as the browser does', async () => {
    const member = await createStaff(ctx, 'cashier');
    await setPin(ctx.database.db, member.user.id, '4821');
    const first = (await pinRow(member.user.id)).tillHash!;
    expect(first).toMatchObject({ algorithm: 'scrypt', N: TILL_PIN_SCRYPT.N, r: TILL_PIN_SCRYPT.r, p: TILL_PIN_SCRYPT.p });
    expect(Buffer.from(first.salt, 'base64')).toHaveLength(16);
    expect(tillAccepts(first, '4821')).toBe(true);
    expect(tillAccepts(first, '4822')).toBe(false);

    await setPin(ctx.database.db, member.user.id, '907733');
    const second = (await pinRow(member.user.id)).tillHash!;
    expect(second.salt).not.toBe(first.salt);
    expect(tillAccepts(second, '907733')).toBe(true);
    expect(tillAccepts(second, '4821')).toBe(false);
  });

  it('are added to a PIN set before there were any: by the demo seed while it is still its PIN, or by a right try', async () => {
    const seeded = await createStaff(ctx, 'manager');
    const changed = await createStaff(ctx, 'cashier');
    const tried = await createStaff(ctx, 'cashier');
    for (const { user } of [seeded, changed, tried]) {
      await ctx.database.db.insert(staffPins).values({ userId: user.id, pinHash: await hashPassword('1357') });
    }
    await ensurePin(ctx.database.db, seeded.user.id, '1357');
    expect(tillAccepts((await pinRow(seeded.user.id)).tillHash!, '1357')).toBe(true);
    // A PIN changed since the seed keeps its hashes (and gets no till hash from the seed's PIN).
    await ensurePin(ctx.database.db, changed.user.id, '2468');
    expect((await pinRow(changed.user.id)).tillHash).toBeNull();

    expect(await checkPin(ctx.database.db, tried.user.id, '0000')).toMatchObject({ ok: false, reason: 'wrong' });
    expect((await pinRow(tried.user.id)).tillHash).toBeNull();
    expect(await checkPin(ctx.database.db, tried.user.id, '1357')).toEqual({ ok: true });
    expect(tillAccepts((await pinRow(tried.user.id)).tillHash!, '1357')).toBe(true);
  });
});
