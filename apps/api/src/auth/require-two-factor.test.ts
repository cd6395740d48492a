/**
 * The shop's rule on two-factor sign-in (`require2fa`, issue 28), through HTTP: until a member
 * it covers has turned two-factor on, every guarded call but who-am-I, signing out and the
 * two-factor routes answers 403 "Set up two-factor sign-in first"; then they work. `owners`
 * covers the members whose role is the Owner template, `all_staff` every member; shoppers
 * never. The default comes from REQUIRE_2FA, else from where the shop runs.
 */
import { TWO_FACTOR_MESSAGES } from '@shop/shared';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createStaff, createTestApp, registerShopper, type TestContext } from '../../test/helpers.ts';
import { loadConfig } from '../config.ts';
import { updateSettings } from '../content/index.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const call = (shop: TestContext, token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  shop.app.inject({ method, url, headers: bearer(token), ...(payload && { payload }) });

/** A guarded call of the original back office's, and one any signed-in account may make. */
const blocked = async (shop: TestContext, token: string) => {
  const stats = await call(shop, token, 'GET', '/api/admin/stats');
  const sessions = await call(shop, token, 'GET', '/api/auth/sessions');
  return [stats, sessions].map((res) =>
    res.statusCode === 403 && res.json().msg === TWO_FACTOR_MESSAGES.setUpFirst ? 'blocked' : res.statusCode,
  );
};

async function turnOn(shop: TestContext, token: string) {
  const setup = await call(shop, token, 'POST', '/api/auth/2fa/setup', {});
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json() as { secret: string };
  expect((await call(shop, token, 'POST', '/api/auth/2fa/enable', { code: await generate({ secret }) })).statusCode).toBe(200);
}

describe('require2fa', () => {
  it('owners: blocks an Owner without two-factor (but for me, sign-out and the 2fa routes), not a Manager; then allows', async () => {
    await updateSettings(ctx.database.db, { require2fa: 'owners' });
    const owner = await createStaff(ctx, 'owner');
    const manager = await createStaff(ctx, 'manager');
    expect(await blocked(ctx, owner.accessToken)).toEqual(['blocked', 'blocked']);
    expect(await blocked(ctx, manager.accessToken)).toEqual([200, 200]);
    expect((await call(ctx, owner.accessToken, 'GET', '/api/auth/me')).statusCode).toBe(200);

    await turnOn(ctx, owner.accessToken);
    expect(await blocked(ctx, owner.accessToken)).toEqual([200, 200]);
    // Signing out stays open to a blocked member.
    const other = await createStaff(ctx, 'owner');
    expect((await call(ctx, other.accessToken, 'POST', '/api/auth/logout')).statusCode).toBe(204);
  });

  it('all_staff: blocks every member until they set it up, never a shopper', async () => {
    await updateSettings(ctx.database.db, { require2fa: 'all_staff' });
    const cashier = await createStaff(ctx, 'cashier');
    const shopper = await registerShopper(ctx.app);
    expect((await call(ctx, cashier.accessToken, 'GET', '/api/auth/sessions')).json().msg).toBe(TWO_FACTOR_MESSAGES.setUpFirst);
    expect((await call(ctx, shopper.accessToken, 'GET', '/api/auth/sessions')).statusCode).toBe(200);
    await turnOn(ctx, cashier.accessToken);
    expect((await call(ctx, cashier.accessToken, 'GET', '/api/auth/sessions')).statusCode).toBe(200);
  });

  it('none: blocks nobody', async () => {
    await updateSettings(ctx.database.db, { require2fa: 'none' });
    const owner = await createStaff(ctx, 'owner');
    expect(await blocked(ctx, owner.accessToken)).toEqual([200, 200]);
  });
});

describe('the default', () => {
  it('is owners in production and none elsewhere, unless REQUIRE_2FA says', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://shop.example.com' } as const;
    expect(loadConfig(production).require2fa).toBe('owners');
    expect(loadConfig({ ...production, REQUIRE_2FA: 'none' }).require2fa).toBe('none');
    expect(loadConfig({ NODE_ENV: 'development', JWT_SECRET: 'x'.repeat(32) }).require2fa).toBe('none');
    expect(() => loadConfig({ NODE_ENV: 'test', REQUIRE_2FA: 'sometimes' })).toThrow(/REQUIRE_2FA/);
  });

  it('applies while the shop has not chosen: REQUIRE_2FA=all_staff blocks a member of a fresh shop', async () => {
    const shop = await createTestApp({ REQUIRE_2FA: 'all_staff' });
    try {
      const member = await createStaff(shop, 'fulfilment');
      expect(await blocked(shop, member.accessToken)).toEqual(['blocked', 'blocked']);
      const owner = await createStaff(shop, 'owner');
      expect((await call(shop, owner.accessToken, 'GET', '/api/settings')).json().require2fa).toBe('all_staff');
    } finally {
      await shop.close();
    }
  });
});
