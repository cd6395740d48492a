/**
 * New members of staff for a spec of its own: invited by the demo Owner and accepted through
 * the API with a unique address, so a spec changes no demo account (two-factor on the demo
 * Owner would stop every other spec's sign-in) and runs beside the others.
 */
import { type APIRequestContext, expect } from '@playwright/test';
import { readMail, unique } from '../storefront/fixtures.ts';
import { type StaffSession, staffSession } from './helpers.ts';

/** A fresh address for someone invited: nobody has an account or an invitation under it. */
export const freshAddress = (what: string) => `${what}-${unique()}@example.com`;

/** The link of the newest invitation e-mailed to `email` (the server writes it to DATA_DIR/outbox/). */
export async function invitationLink(email: string): Promise<string> {
  const mail = await readMail(email, /invited you to the .* team$/);
  const link = /https?:\/\/[^\s"<>]+\/accept-invitation\?token=[\w%-]+/.exec(mail.body)?.[0];
  expect(link, mail.body).toBeDefined();
  return link!;
}

export interface NewMember extends StaffSession {
  email: string;
  password: string;
}

/** Invites `email` as `roleName` (the demo Owner inviting) and accepts the e-mailed link with a new password. */
export async function newMember(
  request: APIRequestContext,
  roleName: string,
  email = freshAddress('member'),
): Promise<NewMember> {
  const owner = await staffSession(request);
  const headers = { authorization: `Bearer ${owner.accessToken}` };
  const roles: { id: string; name: string }[] = await (await request.get('/api/roles', { headers })).json();
  const role = roles.find((r) => r.name === roleName);
  expect(role, `a role named ${roleName}`).toBeDefined();
  const invited = await request.post('/api/staff/invitations', { headers, data: { email, roleId: role!.id } });
  expect(invited.status(), await invited.text()).toBe(201);

  const token = new URL(await invitationLink(email)).searchParams.get('token');
  const password = `pass-${unique()}-word`;
  const accepted = await request.post('/api/staff/invitations/accept', {
    data: { token, firstName: 'Chidi', lastName: 'New', password },
  });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  return { ...(await accepted.json()), email, password };
}
