/**
 * Invitations through HTTP: the e-mail with its single-use link (hashed in the database,
 * sealed in the outbox), the pending list (expired ones marked), cancel and resend (the old
 * link stops working), and accepting: a new account signed in as staff, an existing shopper
 * with the right password becoming staff (names unchanged), the wrong password 401, signed in
 * as someone else 409, expired, cancelled, reused or unknown links refused with nothing
 * changed, and two accepts of one link at once making one member (PostgreSQL: two connections).
 */
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, staffInvitations, users } from '../db/schema/index.ts';
import { type SmtpStandin, startSmtpStandin } from '../../test/smtp-standin.ts';
import {
  bearer,
  createStaff,
  createTestApp,
  expectRefusedWithout,
  registerShopper,
  type TestContext,
} from '../../test/helpers.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const PUBLIC_URL = 'https://shop.example.ng';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

let smtp: SmtpStandin;
let ctx: TestContext;
let owner: Awaited<ReturnType<typeof createStaff>>;
let roleIds: Record<string, string>;
beforeAll(async () => {
  smtp = await startSmtpStandin();
  ctx = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL });
  owner = await createStaff(ctx);
  const list = (await as(owner.accessToken)('GET', '/api/roles')).json() as { id: string; template: string | null }[];
  roleIds = Object.fromEntries(list.map((r) => [r.template, r.id]));
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const as = (token?: string) => (method: Method, url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload && { payload }) });
const asOwner = (method: Method, url: string, payload?: object) => as(owner.accessToken)(method, url, payload);
let counter = 0;
const newEmail = () => `invitee${++counter}-${Date.now()}@example.com`;

/** Invites the address and sends the e-mail: the invitation and the token from its link. */
async function invite(email = newEmail(), roleId = roleIds.cashier!) {
  const res = await as(owner.accessToken)('POST', '/api/staff/invitations', { email, roleId });
  expect(res.statusCode, res.body).toBe(201);
  await ctx.app.messages.worker.drain();
  return { invitation: res.json(), token: lastToken(email.toLowerCase()), email };
}
/** The token in the last invitation link e-mailed to the address. */
function lastToken(email: string): string {
  const mail = smtp.received.filter((m) => m.to === email).at(-1);
  const link = /https:\/\/shop\.example\.ng\/accept-invitation\?token=([\w-]+)/.exec(mail?.text ?? '');
  if (!link) throw new Error(`no invitation link e-mailed to ${email}`);
  return link[1]!;
}
const accept = (body: object, token?: string) => as(token)('POST', '/api/staff/invitations/accept', body);
const newMember = { firstName: 'Ifeoma', lastName: 'Nwankwo', password: 'a long staff password' };
const userByEmail = async (email: string) => (await ctx.database.db.select().from(users).where(eq(users.email, email)))[0];
const expire = (id: string) =>
  ctx.database.db
    .update(staffInvitations)
    .set({ expiresAt: sql`now() - interval '1 minute'` })
    .where(eq(staffInvitations.id, id));

describe('inviting', () => {
  it('e-mails a single-use link valid 72 hours, keeps only its hash, and lists it as pending', async () => {
    const { invitation, token, email } = await invite();
    expect(invitation).toMatchObject({
      email,
      roleId: roleIds.cashier,
      roleName: 'Cashier',
      invitedByName: 'Owner Staff',
      status: 'pending',
    });
    const hours = (Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt)) / 3_600_000;
    expect(hours).toBeCloseTo(72, 3);
    const mail = smtp.received.find((m) => m.to === email)!;
    expect(mail.subject).toBe('Owner Staff invited you to the Adire team');
    expect(mail.text).toContain('as Cashier');
    const [row] = await ctx.database.db.select().from(staffInvitations).where(eq(staffInvitations.id, invitation.id));
    expect(row!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    const [queued] = await ctx.database.db.select().from(messages).where(eq(messages.to, email));
    expect(JSON.stringify(queued!.props)).not.toContain(token);
    expect((await asOwner('GET', '/api/staff/invitations')).json()).toContainEqual(invitation);
  });

  it('refuses an address already staff or with a working invitation (409), an unknown role (400), bad input (400)', async () => {
    const member = await createStaff(ctx, 'fulfilment');
    const staff = await asOwner('POST', '/api/staff/invitations', { email: member.email.toUpperCase(), roleId: roleIds.cashier });
    expect(staff.statusCode).toBe(409);
    expect(staff.json().msg).toBe(`${member.email} is on the staff already`);
    const { email } = await invite();
    const twice = await asOwner('POST', '/api/staff/invitations', { email, roleId: roleIds.manager });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().msg).toBe(`${email} has an invitation already: resend it or cancel it`);
    const role = await asOwner('POST', '/api/staff/invitations', { email: newEmail(), roleId: UNKNOWN });
    expect(role.statusCode).toBe(400);
    expect(role.json()).toMatchObject({ msg: 'Unknown role', errors: [{ path: 'roleId' }] });
    for (const body of [
      { email: 'not an address', roleId: roleIds.cashier },
      { email: newEmail() },
      { email: newEmail(), roleId: 'x' },
    ]) {
      expect((await asOwner('POST', '/api/staff/invitations', body)).statusCode).toBe(400);
    }
  });

  it('lists an expired invitation as expired; inviting the address again replaces it', async () => {
    const { invitation, token, email } = await invite();
    await expire(invitation.id);
    const listed = (await asOwner('GET', '/api/staff/invitations')).json();
    expect(listed).toContainEqual({ ...invitation, expiresAt: expect.any(String), status: 'expired' });
    const again = await invite(email, roleIds.manager);
    expect(again.invitation).toMatchObject({ status: 'pending', roleName: 'Manager' });
    const ids = (await asOwner('GET', '/api/staff/invitations')).json().map((i: { id: string }) => i.id);
    expect(ids).toContain(again.invitation.id);
    expect(ids).not.toContain(invitation.id);
    expect((await accept({ ...newMember, token })).statusCode).toBe(410);
  });
});

describe('cancelling and resending', () => {
  it('cancels: the link stops working (410), the invitation leaves the list, a second cancel changes nothing', async () => {
    const { invitation, token } = await invite();
    expect((await asOwner('DELETE', `/api/staff/invitations/${invitation.id}`)).statusCode).toBe(204);
    expect((await asOwner('DELETE', `/api/staff/invitations/${invitation.id}`)).statusCode).toBe(204);
    const ids = (await asOwner('GET', '/api/staff/invitations')).json().map((i: { id: string }) => i.id);
    expect(ids).not.toContain(invitation.id);
    const res = await accept({ ...newMember, token });
    expect(res.statusCode).toBe(410);
    expect(res.json().msg).toBe('This invitation was cancelled');
    expect(await userByEmail(invitation.email)).toBeUndefined();
    const resent = await asOwner('POST', `/api/staff/invitations/${invitation.id}/resend`);
    expect(resent.statusCode).toBe(409);
  });

  it('resends with a new link and a fresh 72 hours: the old link stops working (400), the new one works', async () => {
    const { invitation, token, email } = await invite();
    await expire(invitation.id);
    const res = await asOwner('POST', `/api/staff/invitations/${invitation.id}/resend`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: invitation.id, status: 'pending' });
    expect(Date.parse(res.json().expiresAt) - Date.now()).toBeGreaterThan(71 * 3_600_000);
    await ctx.app.messages.worker.drain();
    const fresh = lastToken(email);
    expect(fresh).not.toBe(token);
    const old = await accept({ ...newMember, token });
    expect(old.statusCode).toBe(400);
    expect(old.json().msg).toBe('This invitation link is not valid: ask for a new one');
    expect((await accept({ ...newMember, token: fresh })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown invitation and 409 once accepted', async () => {
    for (const id of [UNKNOWN, 'nope']) {
      expect((await asOwner('DELETE', `/api/staff/invitations/${id}`)).statusCode).toBe(404);
      expect((await asOwner('POST', `/api/staff/invitations/${id}/resend`)).statusCode).toBe(404);
    }
    const { invitation, token } = await invite();
    expect((await accept({ ...newMember, token })).statusCode).toBe(200);
    expect((await asOwner('DELETE', `/api/staff/invitations/${invitation.id}`)).statusCode).toBe(409);
    expect((await asOwner('POST', `/api/staff/invitations/${invitation.id}/resend`)).statusCode).toBe(409);
  });
});

describe('accepting', () => {
  it('makes a new account with the role and signs it in, like a sign-in; the link then works no more (410)', async () => {
    const { invitation, token, email } = await invite(newEmail(), roleIds.fulfilment);
    const res = await accept({ ...newMember, token });
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer.user).toMatchObject({ email, fname: 'Ifeoma', lname: 'Nwankwo', role: 'admin', staffRole: 'Fulfilment' });
    expect(answer.user.permissions).toContain('orders.fulfil');
    const me = await as(answer.accessToken)('GET', '/api/auth/me');
    expect(me.json().user).toMatchObject({ email, staffRole: 'Fulfilment' });
    // A staff session: listed, and ended like any other.
    expect((await asOwner('DELETE', `/api/staff/${answer.user.id}/sessions`)).json()).toEqual({ ended: 1 });
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/adminlogin',
      payload: { email, password: newMember.password },
    });
    expect(signIn.statusCode).toBe(200);

    const reused = await accept({ ...newMember, token });
    expect(reused.statusCode).toBe(410);
    expect(reused.json().msg).toBe('This invitation was already accepted: sign in instead');
    const [row] = await ctx.database.db.select().from(staffInvitations).where(eq(staffInvitations.id, invitation.id));
    expect(row).toMatchObject({ acceptedBy: answer.user.id, acceptedAt: expect.any(Date) });
    expect((await asOwner('GET', '/api/staff/invitations')).json().map((i: { id: string }) => i.id)).not.toContain(invitation.id);
  });

  it('refuses an expired link (410) and an unknown one (400), changing nothing', async () => {
    const { invitation, token, email } = await invite();
    await expire(invitation.id);
    const expired = await accept({ ...newMember, token });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().msg).toBe('This invitation has expired: ask for a new one');
    const unknown = await accept({ ...newMember, token: 'made-up-token' });
    expect(unknown.statusCode).toBe(400);
    expect(await userByEmail(email)).toBeUndefined();
    const [row] = await ctx.database.db.select().from(staffInvitations).where(eq(staffInvitations.id, invitation.id));
    expect(row!.acceptedAt).toBeNull();
  });

  it('asks a new account for its names and a password by the registration rules (400), changing nothing', async () => {
    const { token, email } = await invite();
    for (const body of [
      { token, password: newMember.password },
      { token, firstName: 'Ifeoma', lastName: ' ', password: newMember.password },
      { token, firstName: 'Ifeoma', lastName: 'Nwankwo', password: 'short' },
    ]) {
      const res = await accept(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors?.[0]?.path).toMatch(/firstName|lastName|password/);
    }
    expect((await accept({ token })).statusCode).toBe(400);
    expect(await userByEmail(email)).toBeUndefined();
    expect((await accept({ ...newMember, token })).statusCode).toBe(200);
  });

  it("turns an existing shopper's account into staff with its current password, names unchanged; a wrong one is 401", async () => {
    const shopper = await registerShopper(ctx.app, { firstName: 'Tolu', lastName: 'Bakare' });
    const { token } = await invite(shopper.email.toUpperCase(), roleIds.cashier);
    const wrong = await accept({ token, password: 'not the password' });
    expect(wrong.statusCode).toBe(401);
    expect((await userByEmail(shopper.email))!.role).toBe('shopper');

    const res = await accept({ token, firstName: 'Someone', lastName: 'Else', password: shopper.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      id: shopper.user.id,
      fname: 'Tolu',
      lname: 'Bakare',
      role: 'admin',
      staffRole: 'Cashier',
    });
    expect(await userByEmail(shopper.email)).toMatchObject({ role: 'admin', staffRoleId: roleIds.cashier, firstName: 'Tolu' });
    // The shopper's token (role shopper) no longer works; the new staff one does.
    expect((await as(shopper.accessToken)('GET', '/api/auth/me')).statusCode).toBe(401);
    expect((await as(res.json().accessToken)('GET', '/api/auth/me')).json().user.staffRole).toBe('Cashier');
  });

  it('refuses, with 409 and nothing changed, a caller signed in as another account; the invitee signed in may accept', async () => {
    const shopper = await registerShopper(ctx.app);
    const { token, email } = await invite();
    for (const signedIn of [shopper.accessToken, owner.accessToken]) {
      const res = await accept({ ...newMember, token }, signedIn);
      expect(res.statusCode).toBe(409);
      expect(res.json().msg).toContain('You are signed in as');
    }
    expect(await userByEmail(email)).toBeUndefined();
    const own = await invite(shopper.email);
    expect((await accept({ token: own.token, password: shopper.password }, shopper.accessToken)).statusCode).toBe(200);
  });

  it('two accepts of one link at once make one member; the other is told it was accepted', async () => {
    const { token, email } = await invite();
    const results = await Promise.all([accept({ ...newMember, token }), accept({ ...newMember, firstName: 'Second', token })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 410]);
    expect(await ctx.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
    // The same for an existing shopper's account.
    const shopper = await registerShopper(ctx.app);
    const own = await invite(shopper.email);
    const both = await Promise.all([0, 1].map(() => accept({ token: own.token, password: shopper.password })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 410]);
  });
});

describe('who may invite', () => {
  it('is staff.manage for the list, invite, cancel and resend, nothing changed; accepting is public', async () => {
    const { invitation } = await invite();
    await expectRefusedWithout(ctx, 'staff.manage', [
      { method: 'GET', url: '/api/staff/invitations' },
      { method: 'POST', url: '/api/staff/invitations', payload: { email: newEmail(), roleId: roleIds.cashier } },
      { method: 'DELETE', url: `/api/staff/invitations/${invitation.id}` },
      { method: 'POST', url: `/api/staff/invitations/${invitation.id}/resend` },
    ]);
    expect((await asOwner('GET', '/api/staff/invitations')).json()).toContainEqual(invitation);
    expect((await accept({ token: 'x', password: 'y' })).statusCode).toBe(400);
  });
});
