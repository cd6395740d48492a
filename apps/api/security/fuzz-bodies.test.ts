/**
 * Every route, as an admin, with bodies and query strings that break the parsers rather than
 * the schemas (fuzz.test.ts says what the fuzzing is for); a file of its own, so that the suite's
 * two workers share the fuzzing.
 */
import { describe, expect, it } from 'vitest';
import { fileWorld, headersFor, operations, pathWithIds } from './support.ts';

const world = fileWorld();

describe('bodies no schema describes', () => {
  /** Every route as an admin (who gets furthest), with bodies that break the parsers rather than the schemas. */
  const BODIES: [string, string][] = [
    ['application/json', `${'['.repeat(50_000)}${']'.repeat(50_000)}`],
    ['application/json', `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`],
    ['application/json', JSON.stringify(Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`k${i}`, i])))],
    ['application/json', '{"a":'],
    ['application/json', ''],
    ['application/json', '1e999'],
    ['application/json', '"\\ud800"'],
    ['application/json; charset=utf-16', '{}'],
    ['text/plain', 'hello'],
    ['application/x-www-form-urlencoded', 'a=1&b=2'],
    ['multipart/form-data', 'no boundary'],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nA\u0000B\r\n--x--\r\n'],
  ];
  const QUERIES = ['?limit=1&limit=2', '?__proto__=1', '?constructor[prototype][x]=1', '?q=%00', '?title=a%00b', '?limit=1e999'];

  it('never answers 5xx to a body or query string the parsers must refuse', async () => {
    const failures: string[] = [];
    for (const op of operations(world().app).filter((o) => o.key !== 'POST /api/auth/logout')) {
      const url = pathWithIds(world(), op.path);
      const requests = [
        ...BODIES.map(([type, payload]) => ({ url, type, payload })),
        ...QUERIES.map((q) => ({ url: url + q, type: undefined, payload: undefined })),
      ];
      for (const r of requests) {
        const res = await world().app.inject({
          method: op.method as 'POST',
          url: r.url,
          headers: { ...headersFor(world(), 'admin'), ...(r.type && { 'content-type': r.type }) },
          ...(r.payload !== undefined && { payload: r.payload }),
        });
        if (res.statusCode >= 500)
          failures.push(`${op.key} ${r.url} ${r.type ?? ''} ${JSON.stringify(r.payload?.slice(0, 40))} → ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
