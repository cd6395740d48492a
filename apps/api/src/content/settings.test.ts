import { DEFAULT_STORE_SETTINGS } from '@shop/shared';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appMeta } from '../db/schema/index.ts';
import {
  bearer,
  createAdmin,
  createTestApp,
  expectRefusedWithout,
  registerShopper,
  type TestContext,
} from '../../test/helpers.ts';
import { getSettings, SETTINGS_KEY, updateSettings } from './settings-service.ts';

let ctx: TestContext;
let admin: InjectOptions['headers'];
let shopper: InjectOptions['headers'];
beforeAll(async () => {
  ctx = await createTestApp();
  admin = bearer((await createAdmin(ctx)).accessToken);
  shopper = bearer((await registerShopper(ctx.app)).accessToken);
});
afterAll(() => ctx.close());

const DEFAULTS = {
  storeName: 'Adire',
  phone: '+234 801 234 5678',
  serviceHours: 'Monday to Saturday, 9am to 7pm',
  bannerRotationMs: 3000,
  lowStockThreshold: 3,
  address: '',
  vatIncluded: false,
  bankName: '',
  bankAccountName: '',
  bankAccountNumber: '',
  transferHoldHours: 48,
  maxUnitsPerProduct: 20,
  podConfirmHours: 24,
  podMaxUnits: 20,
  whatsappNumber: '',
};
/** The private ones, in an admin's answer only. */
const PRIVATE = {
  notificationEmail: '',
  require2fa: 'none',
  posOfflineStock: 'allow_negative',
  posOfflineSaleLimit: 0,
  posOfflineTillLimit: 0,
  paymentFees: DEFAULT_STORE_SETTINGS.paymentFees,
  reportsReorderDays: 14,
  recoveryDelays: [60, 1440],
  recoveryCoupon: '',
  transferReminderHours: 12,
};
const read = async () => (await ctx.app.inject({ method: 'GET', url: '/api/settings' })).json();
const put = (payload: unknown, headers = admin) =>
  ctx.app.inject({ method: 'PUT', url: '/api/settings', headers, payload: payload as object });

describe('store settings', () => {
  it('answers the defaults while nothing is stored, to anyone', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/settings' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(DEFAULTS);
  });

  it('saves a partial change and keeps the other settings', async () => {
    const first = await put({ bannerRotationMs: 5000 });
    expect(first.statusCode).toBe(200);
    // The admin's answer has the private settings too.
    expect(first.json()).toEqual({ ...DEFAULTS, ...PRIVATE, bannerRotationMs: 5000 });

    const second = await put({ storeName: '  Adire Lekki ', phone: '+234 802 000 1111' });
    expect(second.statusCode).toBe(200);
    const expected = { ...DEFAULTS, bannerRotationMs: 5000, storeName: 'Adire Lekki', phone: '+234 802 000 1111' };
    expect(second.json()).toEqual({ ...expected, ...PRIVATE });
    expect(await read()).toEqual(expected);
  });

  it('shows the shop’s notification address to admins only', async () => {
    expect((await put({ notificationEmail: 'orders@adire.ng' })).json().notificationEmail).toBe('orders@adire.ng');
    expect((await read()).notificationEmail).toBeUndefined();
    const shopperView = (await ctx.app.inject({ method: 'GET', url: '/api/settings', headers: shopper })).json();
    expect(shopperView.notificationEmail).toBeUndefined();
    const adminView = (await ctx.app.inject({ method: 'GET', url: '/api/settings', headers: admin })).json();
    expect(adminView.notificationEmail).toBe('orders@adire.ng');
    expect((await put({ notificationEmail: 'not an address' })).statusCode).toBe(400);
    expect((await put({ whatsappNumber: 'call me' })).statusCode).toBe(400);
    expect((await put({ whatsappNumber: '+234 803 555 0142', notificationEmail: '' })).json()).toMatchObject({
      whatsappNumber: '+234 803 555 0142',
      notificationEmail: '',
    });
    await put({ whatsappNumber: '' });
  });

  it("keeps the till's offline rules private, validated, in kobo", async () => {
    const saved = await put({ posOfflineStock: 'hold_for_review', posOfflineSaleLimit: 5_000_000, posOfflineTillLimit: 0 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      posOfflineStock: 'hold_for_review',
      posOfflineSaleLimit: 5_000_000,
      posOfflineTillLimit: 0,
    });
    for (const key of ['posOfflineStock', 'posOfflineSaleLimit', 'posOfflineTillLimit']) {
      expect(await read()).not.toHaveProperty(key);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/settings', headers: shopper })).json()).not.toHaveProperty(key);
    }
    for (const bad of [{ posOfflineStock: 'sometimes' }, { posOfflineSaleLimit: -1 }, { posOfflineTillLimit: 10.5 }]) {
      const res = await put(bad);
      expect(res.statusCode).toBe(400);
    }
    expect((await put({ posOfflineSaleLimit: 0.5 })).json().msg).toMatch(/offline sale limit must be whole kobo/i);
    const after = (await ctx.app.inject({ method: 'GET', url: '/api/settings', headers: admin })).json();
    expect(after).toMatchObject({ posOfflineStock: 'hold_for_review', posOfflineSaleLimit: 5_000_000 });
    await put({ posOfflineStock: 'allow_negative', posOfflineSaleLimit: 0 });
  });

  it('keeps checkout recovery’s delays, coupon and transfer reminder private and checked (issue 31)', async () => {
    const saved = await put({ recoveryDelays: [30, 720, 2880], recoveryCoupon: 'COMEBACK10', transferReminderHours: 6 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      recoveryDelays: [30, 720, 2880],
      recoveryCoupon: 'COMEBACK10',
      transferReminderHours: 6,
    });
    for (const key of ['recoveryDelays', 'recoveryCoupon', 'transferReminderHours']) expect(await read()).not.toHaveProperty(key);
    for (const bad of [
      { recoveryDelays: [1440, 60] },
      { recoveryDelays: [0] },
      { recoveryDelays: [20_000] },
      { recoveryCoupon: 'no spaces' },
      { transferReminderHours: -1 },
    ]) {
      expect((await put(bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await put({ recoveryDelays: [1440, 60] })).json().msg).toMatch(/longer than the one before/);
    // Back as they were: none, no coupon, the default reminder.
    expect((await put({ recoveryDelays: [60, 1440], recoveryCoupon: '', transferReminderHours: 12 })).statusCode).toBe(200);
  });

  it('keeps the stock report’s reorder cover private, whole days from 1 to 365, changed only with settings.write', async () => {
    const saved = await put({ reportsReorderDays: 30 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().reportsReorderDays).toBe(30);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/settings', headers: admin })).json().reportsReorderDays).toBe(30);
    expect(await read()).not.toHaveProperty('reportsReorderDays');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/settings', headers: shopper })).json()).not.toHaveProperty(
      'reportsReorderDays',
    );
    for (const bad of [0, 366, 7.5, '14', null]) {
      const res = await put({ reportsReorderDays: bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await put({ reportsReorderDays: 0 })).json().msg).toMatch(/days of cover must be at least 1/);
    expect((await put({ reportsReorderDays: 365 })).json().reportsReorderDays).toBe(365);
    // A role without settings.write (a Cashier, Fulfilment…) may not change it.
    await expectRefusedWithout(ctx, 'settings.write', [
      { method: 'PUT', url: '/api/settings', payload: { reportsReorderDays: 7 } },
    ]);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/settings', headers: admin })).json().reportsReorderDays).toBe(365);
    await put({ reportsReorderDays: 14 });
  });

  it('keeps both of two concurrent changes to different fields', async () => {
    const db = ctx.database.db;
    await Promise.all([
      updateSettings(db, { serviceHours: 'Every day, 8am to 8pm' }),
      updateSettings(db, { bannerRotationMs: 7000 }),
    ]);
    expect(await getSettings(db)).toMatchObject({ serviceHours: 'Every day, 8am to 8pm', bannerRotationMs: 7000 });
  });

  it('refuses invalid values and unknown keys with 400 and changes nothing', async () => {
    const before = await read();
    const bad = [
      { bannerRotationMs: 999 },
      { bannerRotationMs: 60_001 },
      { bannerRotationMs: 1500.5 },
      { bannerRotationMs: '3000' },
      { storeName: '' },
      { storeName: '   ' },
      { serviceHours: '' },
      { phone: 'call us' },
      { storeName: 'Fine', colour: 'red' },
      { bankAccountNumber: '123456789' },
      { bankAccountNumber: '01234567890' },
      { transferHoldHours: 0 },
      { transferHoldHours: 337 },
      { maxUnitsPerProduct: 0 },
      { vatIncluded: 'yes' },
      [],
    ];
    for (const payload of bad) {
      const res = await put(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().msg).toEqual(expect.any(String));
    }
    expect(await read()).toEqual(before);
    // The bounds themselves are allowed.
    expect((await put({ bannerRotationMs: 1000 })).statusCode).toBe(200);
    expect((await put({ bannerRotationMs: 60_000 })).json().bannerRotationMs).toBe(60_000);
  });

  it('falls back to the default for a stored value that is not valid', async () => {
    await ctx.database.db
      .update(appMeta)
      .set({ value: { storeName: 'Stored', bannerRotationMs: 'fast', phone: 42 } })
      .where(eq(appMeta.key, SETTINGS_KEY));
    expect(await read()).toEqual({ ...DEFAULTS, storeName: 'Stored' });
  });

  it('answers 401 anonymous and 403 for a shopper, and changes nothing', async () => {
    const before = await read();
    const anonymous = await ctx.app.inject({ method: 'PUT', url: '/api/settings', payload: { storeName: 'Hacked' } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().msg).toEqual(expect.any(String));
    const asShopper = await put({ storeName: 'Hacked' }, shopper);
    expect(asShopper.statusCode).toBe(403);
    expect(await read()).toEqual(before);
  });
});
