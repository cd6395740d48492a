/** The table of what each staff write records (audit-actions.ts) against the routes the app declares, and its documentation. */
import { readFileSync } from 'node:fs';
import { AUDIT_ACTIONS } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../paths.ts';
import { createTestApp, type TestContext } from '../../test/helpers.ts';
import { ROUTE_AUDIT } from './audit-actions.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('ROUTE_AUDIT', () => {
  it('names every staff write the app records: none is recorded as a bare "METHOD /url"', () => {
    const recorded = [...ctx.app.audit.routes.keys()];
    expect(recorded.filter((key) => !(key in ROUTE_AUDIT))).toEqual([]);
  });

  it('has no row for a route that does not exist or that records its own entries', () => {
    const recorded = new Set(ctx.app.audit.routes.keys());
    expect(Object.keys(ROUTE_AUDIT).filter((key) => !recorded.has(key))).toEqual([]);
  });

  it('uses actions the shared list words', () => {
    for (const { action } of Object.values(ROUTE_AUDIT)) expect(Object.keys(AUDIT_ACTIONS)).toContain(action);
  });

  it('is documented: decision 22 lists every route with its action', () => {
    const record = readFileSync(`${repoRoot}/docs/decisions/0022-audit-in-the-same-transaction.md`, 'utf8');
    for (const [key, { action }] of Object.entries(ROUTE_AUDIT)) {
      const [method, url] = key.split(' ');
      expect(record, key).toMatch(
        new RegExp(`\\| ${method} \`${url!.replaceAll('/', '\\/')}\` \\| \`${action.replace('.', '\\.')}\``),
      );
    }
  });
});
