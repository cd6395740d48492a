/**
 * GET /api/auth/me tells a member of staff whether they sign in with two factors (the back
 * office's Sign-in security page offers setting it up or turning it off by it), also while the
 * shop's rule holds them until they set it up; a shopper's answer has no such field.
 */
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createStaff, createTestApp, registerShopper, type TestContext } from '../../test/helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const me = async (token: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return (res.json() as { user: Record<string, unknown> }).user;
};

const post = (token: string, url: string, payload?: object) =>
  ctx.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload && { payload }) });

/** Setup, then the first code: on. */
async function turnOn(token: string, between = async () => {}) {
  const setup = await post(token, '/api/auth/2fa/setup');
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json() as { secret: string };
  await between();
  expect((await post(token, '/api/auth/2fa/enable', { code: await generate({ secret }) })).statusCode).toBe(200);
}

const require2fa = async (token: string, value: string) => {
  const saved = await ctx.app.inject({
    method: 'PUT',
    url: '/api/settings',
    headers: bearer(token),
    payload: { require2fa: value },
  });
  expect(saved.statusCode).toBe(200);
};

describe('GET /api/auth/me: two-factor sign-in', () => {
  it('says off for a member without it, and on once they have turned it on', async () => {
    const member = await createStaff(ctx, 'cashier');
    expect((await me(member.accessToken)).twoFactor).toBe(false);
    await turnOn(member.accessToken, async () => {
      // Set up but not enabled yet: still off.
      expect((await me(member.accessToken)).twoFactor).toBe(false);
    });
    expect((await me(member.accessToken)).twoFactor).toBe(true);
  });

  it('answers while the shop requires it and the member has not set it up', async () => {
    const owner = await createStaff(ctx, 'owner');
    await require2fa(owner.accessToken, 'all_staff');
    try {
      const member = await createStaff(ctx, 'fulfilment');
      const refused = await ctx.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer(member.accessToken) });
      expect(refused.statusCode).toBe(403);
      expect((await me(member.accessToken)).twoFactor).toBe(false);
    } finally {
      // Back to none for the other tests: the Owner is held too now, until they set it up.
      await turnOn(owner.accessToken);
      await require2fa(owner.accessToken, 'none');
    }
  });

  it('has no two-factor field for a shopper', async () => {
    const shopper = await registerShopper(ctx.app);
    expect(await me(shopper.accessToken)).not.toHaveProperty('twoFactor');
  });
});
