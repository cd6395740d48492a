import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct, readProduct } from '../../test/fixtures.ts';
import { createTestApp, newShopper, type TestContext } from '../../test/helpers.ts';

/** Two real API processes on one PostgreSQL database, sharing nothing but the database. */
describe.runIf(process.env.TEST_DATABASE_URL)('stock with two API processes', () => {
  let ctx: TestContext;
  const children: ChildProcess[] = [];
  const ports: number[] = [];

  function startProcess(databaseUrl: string, jwtSecret: string): Promise<number> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/fixtures/serve.ts'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: databaseUrl,
        JWT_SECRET: jwtSecret,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'proc-')),
        AUTH_RATE_LIMIT: '1000',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    return new Promise((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        const match = /PORT=(\d+)/.exec(chunk.toString());
        if (match) resolve(Number(match[1]));
      });
      child.on('exit', (code) => reject(new Error(`API process exited with ${code}`)));
    });
  }

  beforeAll(async () => {
    ctx = await createTestApp();
    const secret = 'multi-process-test-secret-0123456789abcdef';
    ports.push(...(await Promise.all([startProcess(ctx.database.url!, secret), startProcess(ctx.database.url!, secret)])));
  }, 60_000);
  afterAll(async () => {
    for (const child of children) child.kill('SIGTERM');
    await ctx.close();
  });

  const call = async (port: number, url: string, body: unknown, token?: string) => {
    const res = await fetch(`http://127.0.0.1:${port}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };

  it('20 concurrent checkouts across both processes of a product with 5 in stock: exactly 5 succeed', async () => {
    const product = await insertProduct(ctx.database.db, { title: 'Aso-Oke Fila', counter: 5 });
    const tokens = await Promise.all(
      ports.map(async (port) => (await call(port, '/api/auth/register', newShopper())).json.accessToken as string),
    );
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(ports[i % 2]!, '/api/checkout', { lines: [{ productId: product.id, quantity: 1 }] }, tokens[i % 2]),
      ),
    );
    const codes = results.map((r) => r.status);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(15);
    expect((await readProduct(ctx.database.db, product.id)).counter).toBe(0);
  });
});
