/** The shopper's own account through HTTP: name and phone, and the address book. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerShopper, type TestContext } from '../../test/helpers.ts';
import { type Client, client } from '../../test/clients.ts';

let ctx: TestContext;
let shopper: Client;
let other: Client;
beforeAll(async () => {
  ctx = await createTestApp();
  shopper = client(ctx.app, (await registerShopper(ctx.app)).accessToken);
  other = client(ctx.app, (await registerShopper(ctx.app)).accessToken);
});
afterAll(() => ctx.close());

const home = {
  label: 'Home',
  name: 'Chioma Eze',
  phone: '0803 000 0000',
  address: '5 Awolowo Road',
  city: 'Ikoyi',
  state: 'Lagos Island',
};

describe('PATCH /api/auth/me', () => {
  it('changes the name and phone, and nothing else', async () => {
    const res = await shopper.json('PATCH', '/api/auth/me', {
      firstName: 'Ngozi',
      phone: '+234 809 111 2222',
      email: 'x@y.z',
      role: 'admin',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ fname: 'Ngozi', lname: 'Eze', phone: '+234 809 111 2222', role: 'shopper' });
    expect(res.json().user.email).not.toBe('x@y.z');
    expect((await shopper.json('GET', '/api/auth/me')).json().user.fname).toBe('Ngozi');
  });

  it('refuses an empty name or an empty change, and strangers', async () => {
    expect((await shopper.json('PATCH', '/api/auth/me', { firstName: '  ' })).json().msg).toContain('First name is required');
    expect((await shopper.json('PATCH', '/api/auth/me', {})).statusCode).toBe(400);
    expect((await client(ctx.app).json('PATCH', '/api/auth/me', { firstName: 'A' })).statusCode).toBe(401);
  });
});

describe('the address book', () => {
  it('makes the first address the default, moves the default when asked, and keeps one default', async () => {
    const first = (await shopper.json('POST', '/api/account/addresses', home)).json();
    expect(first).toMatchObject({ ...home, country: 'Nigeria', isDefault: true });
    const office = (
      await shopper.json('POST', '/api/account/addresses', {
        ...home,
        label: 'Office',
        address: '1 Broad Street',
        isDefault: true,
      })
    ).json();
    let list = (await shopper.json('GET', '/api/account/addresses')).json();
    expect(list.map((a: { label: string; isDefault: boolean }) => [a.label, a.isDefault])).toEqual([
      ['Office', true],
      ['Home', false],
    ]);
    // Removing the default makes the oldest one left the default.
    expect((await shopper.json('DELETE', `/api/account/addresses/${office.id}`)).statusCode).toBe(200);
    list = (await shopper.json('GET', '/api/account/addresses')).json();
    expect(list).toEqual([{ ...first, isDefault: true }]);
  });

  it('edits an address', async () => {
    const [first] = (await shopper.json('GET', '/api/account/addresses')).json();
    const res = await shopper.json('PUT', `/api/account/addresses/${first.id}`, { ...home, city: 'Victoria Island' });
    expect(res.json()).toMatchObject({ city: 'Victoria Island', isDefault: true });
  });

  it('refuses a state outside the list, a missing phone, and more than 10 addresses', async () => {
    const bad = await shopper.json('POST', '/api/account/addresses', { ...home, state: 'Lagos' });
    expect([bad.statusCode, bad.body.includes('Choose a state from the list')]).toEqual([400, true]);
    expect((await shopper.json('POST', '/api/account/addresses', { ...home, phone: '' })).statusCode).toBe(400);
    const many = client(ctx.app, (await registerShopper(ctx.app)).accessToken);
    for (let i = 0; i < 10; i++) expect((await many.json('POST', '/api/account/addresses', home)).statusCode).toBe(201);
    const eleventh = await many.json('POST', '/api/account/addresses', home);
    expect([eleventh.statusCode, eleventh.json().msg]).toEqual([409, 'You can keep up to 10 addresses; remove one first']);
  });

  it('keeps each shopper to their own addresses', async () => {
    const [mine] = (await shopper.json('GET', '/api/account/addresses')).json();
    expect((await other.json('GET', '/api/account/addresses')).json()).toEqual([]);
    expect((await other.json('PUT', `/api/account/addresses/${mine.id}`, home)).statusCode).toBe(404);
    expect((await other.json('DELETE', `/api/account/addresses/${mine.id}`)).statusCode).toBe(404);
    expect((await client(ctx.app).json('GET', '/api/account/addresses')).statusCode).toBe(401);
    expect((await shopper.json('GET', '/api/account/addresses')).json()).toHaveLength(1);
  });
});
