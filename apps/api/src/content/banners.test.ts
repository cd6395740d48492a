import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdmin, createTestApp, registerShopper, type TestContext } from '../../test/helpers.ts';

let ctx: TestContext;
let admin: InjectOptions['headers'];
let shopper: InjectOptions['headers'];
beforeAll(async () => {
  ctx = await createTestApp();
  admin = bearer((await createAdmin(ctx)).accessToken);
  shopper = bearer((await registerShopper(ctx.app)).accessToken);
});
afterAll(() => ctx.close());

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

async function create(payload: Record<string, unknown>) {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/banners/create', headers: admin, payload });
  expect(res.statusCode).toBe(200);
  return res.json() as { id: string; title: string; active: boolean; position: number; createdAt: string };
}
const publicTitles = async () =>
  (await ctx.app.inject({ method: 'GET', url: '/api/banners' })).json().map((b: { title: string }) => b.title);
const allBanners = async () =>
  (await ctx.app.inject({ method: 'GET', url: '/api/banners/all', headers: admin })).json() as { id: string; title: string }[];

describe('banners', () => {
  it('creates a banner from a title alone and answers 200 with it', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/banners/create',
      headers: admin,
      payload: { title: '  Free delivery in Lagos  ' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      title: 'Free delivery in Lagos',
      active: true,
      position: 0,
      createdAt: expect.any(String),
    });
    expect(new Date(res.json().createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(await publicTitles()).toContain('Free delivery in Lagos');
  });

  it('lists only active banners publicly, by position then creation; admins see all', async () => {
    const third = await create({ title: 'Third', position: 30 });
    await create({ title: 'First', position: 10 });
    await create({ title: 'Hidden', position: 5, active: false });
    await create({ title: 'Second (same position, later)', position: 10 });

    const titles = await publicTitles();
    expect(titles).not.toContain('Hidden');
    const ours = titles.filter((t: string) => ['First', 'Second (same position, later)', 'Third'].includes(t));
    expect(ours).toEqual(['First', 'Second (same position, later)', 'Third']);

    const all = await allBanners();
    expect(all.map((b) => b.title)).toContain('Hidden');
    expect(all.findIndex((b) => b.title === 'Hidden')).toBeLessThan(all.findIndex((b) => b.id === third.id));
  });

  it('updates title, active flag and position', async () => {
    const banner = await create({ title: 'Weekend sale', position: 100 });
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/banners/${banner.id}`,
      headers: admin,
      payload: { title: 'Weekend sale: 20% off', position: 1 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: banner.id, title: 'Weekend sale: 20% off', position: 1, active: true });
    // Position 1: after the position-0 banner, before those at 10.
    const titles = await publicTitles();
    expect(titles.indexOf('Weekend sale: 20% off')).toBe(titles.indexOf('Free delivery in Lagos') + 1);
    expect(titles.indexOf('Weekend sale: 20% off')).toBeLessThan(titles.indexOf('First'));

    const off = await ctx.app.inject({
      method: 'PUT',
      url: `/api/banners/${banner.id}`,
      headers: admin,
      payload: { active: false },
    });
    expect(off.json()).toMatchObject({ title: 'Weekend sale: 20% off', active: false, position: 1 });
    expect(await publicTitles()).not.toContain('Weekend sale: 20% off');
  });

  it('deletes a banner, then answers 404 for it', async () => {
    const banner = await create({ title: 'Gone soon' });
    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/banners/${banner.id}`, headers: admin });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ msg: expect.any(String) });
    expect((await allBanners()).map((b) => b.id)).not.toContain(banner.id);
    const again = await ctx.app.inject({ method: 'DELETE', url: `/api/banners/${banner.id}`, headers: admin });
    expect(again.statusCode).toBe(404);
  });

  it('refuses an empty title or a bad position with 400 and writes nothing', async () => {
    const before = await allBanners();
    for (const payload of [{ title: '' }, { title: '   ' }, {}, { title: 'ok', position: -1 }, { title: 'ok', active: 'yes' }]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/banners/create', headers: admin, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().msg).toEqual(expect.any(String));
    }
    const target = before[0]!;
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/banners/${target.id}`,
      headers: admin,
      payload: { title: ' ' },
    });
    expect(put.statusCode).toBe(400);
    expect(await allBanners()).toEqual(before);
  });

  it('answers 404 {msg} for unknown and malformed ids', async () => {
    for (const id of [UNKNOWN_ID, 'not-a-uuid']) {
      const put = await ctx.app.inject({ method: 'PUT', url: `/api/banners/${id}`, headers: admin, payload: { title: 'x' } });
      expect(put.statusCode).toBe(404);
      expect(put.json()).toEqual({ msg: 'Banner not found' });
      const del = await ctx.app.inject({ method: 'DELETE', url: `/api/banners/${id}`, headers: admin });
      expect(del.statusCode).toBe(404);
    }
  });

  it('answers 401 anonymous and 403 for a shopper on every admin endpoint, and writes nothing', async () => {
    const [target] = await allBanners();
    const requests: InjectOptions[] = [
      { method: 'GET', url: '/api/banners/all' },
      { method: 'POST', url: '/api/banners/create', payload: { title: 'Sneaky' } },
      { method: 'PUT', url: `/api/banners/${target!.id}`, payload: { title: 'Sneaky' } },
      { method: 'DELETE', url: `/api/banners/${target!.id}` },
    ];
    const before = await allBanners();
    for (const request of requests) {
      const anonymous = await ctx.app.inject(request);
      expect(anonymous.statusCode, `${request.method} ${request.url}`).toBe(401);
      expect(anonymous.json().msg).toEqual(expect.any(String));
      const asShopper = await ctx.app.inject({ ...request, headers: shopper });
      expect(asShopper.statusCode, `${request.method} ${request.url}`).toBe(403);
    }
    expect(await allBanners()).toEqual(before);
  });
});
