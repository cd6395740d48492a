/**
 * The bank account shoppers pay transfers to (issue 28), through HTTP: changing it needs
 * `settings.payments` and the member's current password (or a code from their app with
 * two-factor on) in the same body; a refusal changes nothing; the same values resent need
 * neither (the original back office sends every setting back); a change is e-mailed to every
 * active Owner and audited, the numbers masked. Also who may change the two-factor rule.
 */
import { TWO_FACTOR_MESSAGES } from '@shop/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aStepLater, bearer, createStaff, createTestApp, type TestContext } from '../../test/helpers.ts';
import { auditLog, messages, roles, users } from '../db/schema/index.ts';
import { maskAccountNumber } from './settings-bank.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const put = (token: string, payload: object) =>
  ctx.app.inject({ method: 'PUT', url: '/api/settings', headers: bearer(token), payload });
const settings = async (token: string) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/settings', headers: bearer(token) })).json() as Record<string, unknown>;
const bankMessages = () => ctx.database.db.select().from(messages).where(eq(messages.template, 'shop-bank-account-changed'));
const settingsEntries = () => ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'settings.updated'));

const FIRST = { bankName: 'GTBank', bankAccountName: 'Adire Fashion Ltd', bankAccountNumber: '0123454821' };
const SECOND = { bankName: 'Access Bank', bankAccountName: 'Adire Fashion Ltd', bankAccountNumber: '0987655678' };

describe('maskAccountNumber', () => {
  it('hides all but the last four digits', () => {
    expect(maskAccountNumber('0987655678')).toBe('******5678');
    expect(maskAccountNumber('5678')).toBe('5678');
    expect(maskAccountNumber('')).toBe('');
  });
});

describe('changing the bank account', () => {
  let owner: Awaited<ReturnType<typeof createStaff>>;
  beforeAll(async () => {
    owner = await createStaff(ctx, 'owner');
    expect((await put(owner.accessToken, { ...FIRST, currentPassword: owner.password })).statusCode).toBe(200);
  });

  it('refuses a change without the current password, or with a wrong one (403), and changes nothing', async () => {
    const before = { mails: (await bankMessages()).length, entries: (await settingsEntries()).length };
    const missing = await put(owner.accessToken, { ...SECOND, storeName: 'Adire Lekki' });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().msg).toMatch(/Enter your current password/);
    const wrong = await put(owner.accessToken, { bankAccountNumber: SECOND.bankAccountNumber, currentPassword: 'not it' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().msg).toBe(TWO_FACTOR_MESSAGES.wrongPassword);
    // Without two-factor on, a code does not stand for the password.
    const code = await put(owner.accessToken, { bankAccountNumber: SECOND.bankAccountNumber, totpCode: '123456' });
    expect(code.statusCode).toBe(403);
    expect(code.json().msg).toMatch(/Enter your current password/);
    expect(await settings(owner.accessToken)).toMatchObject({ ...FIRST, storeName: 'Adire' });
    expect((await bankMessages()).length).toBe(before.mails);
    expect((await settingsEntries()).length).toBe(before.entries);
  });

  it('still refuses a member without settings.payments, whatever the password', async () => {
    const manager = await createStaff(ctx, 'manager');
    const res = await put(manager.accessToken, { ...SECOND, currentPassword: manager.password });
    expect(res.statusCode).toBe(403);
    expect(res.json().permission).toBe('settings.payments');
  });

  it('lets the same values be sent back without a password (the original back office), with other changes', async () => {
    const manager = await createStaff(ctx, 'manager');
    const everything = await settings(owner.accessToken);
    const res = await put(manager.accessToken, { ...everything, storeName: 'Adire Ikeja' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ...FIRST, storeName: 'Adire Ikeja' });
  });

  it('changes it with the right password, e-mails every active Owner with the numbers masked, and audits it masked', async () => {
    const away = await createStaff(ctx, 'owner');
    await ctx.database.db.update(users).set({ active: false }).where(eq(users.id, away.user.id));
    const seen = new Set([...(await bankMessages()), ...(await settingsEntries())].map((row) => row.id));
    const res = await put(owner.accessToken, { ...SECOND, currentPassword: owner.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject(SECOND);
    expect(res.json()).not.toHaveProperty('currentPassword');
    expect(await settings(owner.accessToken)).not.toHaveProperty('currentPassword');

    const owners = await ctx.database.db
      .select({ email: users.email })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.staffRoleId))
      .where(and(eq(roles.template, 'owner'), eq(users.active, true)));
    const mails = (await bankMessages()).filter((m) => !seen.has(m.id));
    expect(mails.map((m) => m.to).sort()).toEqual(owners.map((o) => o.email).sort());
    expect(mails.map((m) => m.to)).not.toContain(away.email);
    expect(mails[0]?.props).toMatchObject({
      changedBy: `Owner Staff (Owner, ${owner.email})`,
      before: { bankName: 'GTBank', accountNumber: '******4821' },
      after: { bankName: 'Access Bank', accountNumber: '******5678' },
    });
    expect(JSON.stringify(mails.map((m) => [m.props, m.subject]))).not.toContain(SECOND.bankAccountNumber);

    const [entry] = (await settingsEntries()).filter((e) => !seen.has(e.id));
    expect(entry).toMatchObject({ actorId: owner.user.id, actorRole: 'Owner', entity: 'settings' });
    expect(entry?.before).toEqual({ bankName: 'GTBank', bankAccountNumber: '******4821' });
    expect(entry?.after).toEqual({ bankName: 'Access Bank', bankAccountNumber: '******5678' });
    expect(JSON.stringify(entry)).not.toContain(owner.password);
  });

  it('takes a code from the app instead of the password when two-factor is on', async () => {
    const member = await createStaff(ctx, 'owner');
    const { secret } = (
      await ctx.app.inject({ method: 'POST', url: '/api/auth/2fa/setup', headers: bearer(member.accessToken), payload: {} })
    ).json() as { secret: string };
    const enable = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/2fa/enable',
      headers: bearer(member.accessToken),
      payload: { code: await generate({ secret }) },
    });
    expect(enable.statusCode).toBe(200);
    await aStepLater(ctx, member.user.id);
    const now = await generate({ secret });
    const wrong = await put(member.accessToken, {
      bankAccountNumber: '1112223334',
      totpCode: now === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().msg).toBe(TWO_FACTOR_MESSAGES.wrongCode);
    const right = await put(member.accessToken, { bankAccountNumber: '1112223334', totpCode: await generate({ secret }) });
    expect(right.statusCode).toBe(200);
    expect(right.json().bankAccountNumber).toBe('1112223334');
  });
});

describe('the two-factor rule in the settings', () => {
  it('is read by staff who may change settings, hidden from everyone else, and changed only with staff.manage', async () => {
    const owner = await createStaff(ctx, 'owner');
    const manager = await createStaff(ctx, 'manager');
    expect((await settings(owner.accessToken)).require2fa).toBe('none');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/settings' })).json()).not.toHaveProperty('require2fa');
    const refused = await put(manager.accessToken, { require2fa: 'all_staff' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().permission).toBe('staff.manage');
    expect((await put(owner.accessToken, { require2fa: 'sometimes' })).statusCode).toBe(400);
    const changed = await put(owner.accessToken, { require2fa: 'none' });
    expect(changed.statusCode).toBe(200);
    const ids = [owner.user.id, manager.user.id];
    expect(await ctx.database.db.select().from(users).where(inArray(users.id, ids))).toHaveLength(2);
  });
});
