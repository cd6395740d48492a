/**
 * Property-based fuzzing of every route of the OpenAPI document (fast-check): bodies, query
 * strings and path parameters drawn from each route's own JSON schema (valid-ish values, and
 * the shop's real ids so requests reach the services) and from outside it (wrong types,
 * 100k-character strings, 10k-item arrays, lone surrogates, RTL and zero-width characters,
 * NUL bytes, `__proto__`/`constructor`/`prototype` keys, SQL and HTML, negative, fractional,
 * huge and infinite amounts), sent as anonymous, a shopper and an admin.
 *
 * The properties: no answer is a 5xx (the database is up, so even a 503 is a bug here), and a
 * refused write (4xx) leaves the money, stock and catalogue tables as they were.
 *
 * FUZZ_SEED (default 15) and FUZZ_RUNS (total cases, default 10,000) change the run; a
 * failure prints fast-check's counterexample and the seed and path to replay it. The routes are
 * fuzzed in two parts, half here and half in fuzz-routes.test.ts (fuzz-routes.ts), and the
 * parser-breaking bodies are fuzz-bodies.test.ts, so the suite's two workers share them.
 */
import { describe, expect, it } from 'vitest';
import { multipart } from '../test/clients.ts';
import { fuzzRoutes } from './fuzz-routes.ts';
import { changedTables, fileWorld, fingerprint, headersFor } from './support.ts';

const world = fileWorld();

fuzzRoutes(1, world);

/** What fuzzing found (500s before the fix), kept as plain examples. */
describe('found by fuzzing', () => {
  const admin = () => headersFor(world(), 'admin');

  it('refuses text with NUL (U+0000) in a query string, a JSON body and a form field with 400, storing nothing', async () => {
    const before = await fingerprint(world());
    const search = await world().app.inject({ method: 'GET', url: '/api/search/suggest?q=ank%00ara' });
    expect(search.statusCode).toBe(400);
    expect(search.json().msg).toMatch(/NUL/);
    const json = await world().app.inject({
      method: 'POST',
      url: '/api/posts/create',
      headers: admin(),
      payload: { title: 'a\u0000b' },
    });
    expect(json.statusCode).toBe(400);
    const rename = await world().app.inject({
      method: 'PUT',
      url: `/api/products/${world().ids.product}`,
      headers: admin(),
      payload: { title: 'Wrap\u0000Dress' },
    });
    expect(rename.statusCode).toBe(400);
    const form = await world().app.inject({
      method: 'PUT',
      url: `/api/products/${world().ids.product}`,
      headers: { ...admin(), 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nWrap\u0000Dress\r\n--x--\r\n',
    });
    expect(form.statusCode).toBe(400);
    expect(form.json().msg).toMatch(/NUL/);
    expect(changedTables(before, await fingerprint(world()))).toEqual([]);
  });

  it('refuses an unpaired surrogate (\\uD800) in the settings with 400 (PostgreSQL jsonb cannot hold it)', async () => {
    const before = await world().app.inject({ method: 'GET', url: '/api/settings', headers: admin() });
    const res = await world().app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: { ...admin(), 'content-type': 'application/json' },
      payload: '{"storeName":"x\\ud800y"}',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().msg).toMatch(/unpaired surrogate/);
    const after = await world().app.inject({ method: 'GET', url: '/api/settings', headers: admin() });
    expect(after.json()).toEqual(before.json());
    // A pair is a character like any other (an emoji).
    const emoji = await world().app.inject({ method: 'GET', url: '/api/search/suggest?q=%F0%9F%91%97' });
    expect(emoji.statusCode).toBe(200);
  });

  it('refuses a catalogue file with NUL in a cell with 400, importing nothing', async () => {
    const before = await fingerprint(world());
    const csv = 'sku,title,price,stock\nNUL-1,Wrap\u0000Dress,100,1\n';
    const { payload, contentType } = await multipart([['file', { file: Buffer.from(csv), name: 'c.csv', type: 'text/csv' }]]);
    const res = await world().app.inject({
      method: 'POST',
      url: '/api/products/import',
      headers: { ...admin(), 'content-type': contentType },
      payload,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().msg).toMatch(/NUL/);
    expect(changedTables(before, await fingerprint(world()))).toEqual([]);
  });

  it('answers a catalogue import whose multipart header has no boundary with 400', async () => {
    const res = await world().app.inject({
      method: 'POST',
      url: '/api/products/import',
      headers: { ...admin(), 'content-type': 'multipart/form-data' },
      payload: 'no boundary',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('The form data could not be read');
  });
});
