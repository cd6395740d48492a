/**
 * A member's own sessions (issue 28), through HTTP: the list with a readable device and which
 * one is this, ending one (its token refused from the next request on), nobody else's, and a
 * shopper's empty list. Ending one is audited.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createStaff, createTestApp, registerShopper, type TestContext } from '../../test/helpers.ts';
import { auditLog } from '../db/schema/index.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

const get = (token: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
const end = (token: string, id: string) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${id}`, headers: bearer(token) });

interface SessionView {
  id: string;
  device: string;
  ip: string;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

describe('GET /api/auth/sessions', () => {
  it("lists the member's live sessions with a readable device, the IP, the times and which one is this", async () => {
    const staff = await createStaff(ctx, 'fulfilment');
    const phone = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/adminlogin',
      payload: { email: staff.email, password: staff.password },
      headers: { 'user-agent': ANDROID_CHROME },
      remoteAddress: '10.9.8.7',
    });
    const phoneToken = (phone.json() as { accessToken: string }).accessToken;
    const res = await get(staff.accessToken, '/api/auth/sessions');
    expect(res.statusCode).toBe(200);
    const list = res.json() as SessionView[];
    expect(list).toHaveLength(2);
    const onPhone = list.find((s) => s.device === 'Chrome on Android');
    expect(onPhone).toMatchObject({ ip: '10.9.8.7', current: false });
    expect(Date.parse(onPhone!.createdAt)).not.toBeNaN();
    expect(Date.parse(onPhone!.lastSeenAt)).not.toBeNaN();
    expect(list.filter((s) => s.current)).toHaveLength(1);
    // The phone sees the same two, its own marked.
    const fromPhone = (await get(phoneToken, '/api/auth/sessions')).json() as SessionView[];
    expect(fromPhone.find((s) => s.current)?.id).toBe(onPhone!.id);
  });

  it('answers a shopper an empty list, and anonymous 401', async () => {
    const shopper = await registerShopper(ctx.app);
    const res = await get(shopper.accessToken, '/api/auth/sessions');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/sessions' })).statusCode).toBe(401);
  });
});

describe('DELETE /api/auth/sessions/:id', () => {
  it("ends one of the caller's sessions: its token is 401 on the next request, the others keep working; audited", async () => {
    const staff = await createStaff(ctx, 'cashier');
    const second = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/adminlogin',
      payload: { email: staff.email, password: staff.password },
    });
    const secondToken = (second.json() as { accessToken: string }).accessToken;
    expect((await get(secondToken, '/api/auth/me')).statusCode).toBe(200);
    const other = ((await get(staff.accessToken, '/api/auth/sessions')).json() as SessionView[]).find((s) => !s.current)!;

    expect((await end(staff.accessToken, other.id)).statusCode).toBe(204);
    expect((await get(secondToken, '/api/auth/me')).statusCode).toBe(401);
    expect((await get(staff.accessToken, '/api/auth/me')).statusCode).toBe(200);
    const left = (await get(staff.accessToken, '/api/auth/sessions')).json() as SessionView[];
    expect(left.map((s) => s.id)).not.toContain(other.id);
    // Already ended: nothing to end.
    expect((await end(staff.accessToken, other.id)).statusCode).toBe(404);

    const entries = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.session_revoked'), eq(auditLog.entityId, other.id)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: staff.user.id, actorEmail: staff.email, actorRole: 'Cashier' });
    expect(entries[0]?.requestId).toEqual(expect.any(String));
  });

  it("answers 404 for another member's session (which keeps working), a malformed id, and any id from a shopper", async () => {
    const owner = await createStaff(ctx, 'owner');
    const someone = await createStaff(ctx, 'manager');
    const theirs = ((await get(someone.accessToken, '/api/auth/sessions')).json() as SessionView[])[0]!;
    const refused = await end(owner.accessToken, theirs.id);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ msg: 'No such session' });
    expect((await get(someone.accessToken, '/api/auth/me')).statusCode).toBe(200);
    expect((await end(owner.accessToken, 'not-a-uuid')).statusCode).toBe(404);
    const shopper = await registerShopper(ctx.app);
    expect((await end(shopper.accessToken, theirs.id)).statusCode).toBe(404);
  });
});
