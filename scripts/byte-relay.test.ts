/**
 * The relay's accounting (scripts/byte-relay.mjs), which bench:web's repeat-visit budget and
 * e2e/storefront/repeat-visit.spec.ts read: each answer with its path, status and bytes, and an
 * answer still arriving when the count is reset listed as begun before it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Relay, startRelay } from './byte-relay.mjs';

let server: http.Server;
let relay: Relay;
/** Lets the slow answer finish. */
let finishSlow = () => {};

beforeAll(async () => {
  server = http.createServer((request, response) => {
    if (request.url === '/assets/app.js') {
      response.writeHead(200, { 'Content-Type': 'text/javascript' }).end('x'.repeat(5000));
    } else if (request.url === '/slow.webp') {
      response.writeHead(200, { 'Content-Type': 'image/webp' });
      response.write('y'.repeat(1000));
      finishSlow = () => response.end('y'.repeat(3000));
    } else {
      response.writeHead(304).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  relay = await startRelay(new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
});

afterAll(async () => {
  relay.close();
  await relay.stop();
  server.close();
});

/** GETs `path` through the relay on a connection of its own; resolves with the body once it has begun. */
function get(path: string): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => http.get(`${relay.origin}${path}`, { agent: false }, resolve).on('error', reject));
}
const drained = (response: http.IncomingMessage) => new Promise<void>((resolve) => response.on('end', resolve).resume());

it('lists each answer with its path, status and bytes, which add up to the kinds and the total', async () => {
  relay.reset();
  await drained(await get('/assets/app.js'));
  await drained(await get('/women'));
  expect(relay.answers.map(({ path, status }) => ({ path, status }))).toEqual([
    { path: '/assets/app.js', status: 200 },
    { path: '/women', status: 304 },
  ]);
  const [script, page] = relay.answers;
  expect(script!.bytes).toBeGreaterThan(5000);
  expect(relay.byKind.js).toBe(script!.bytes);
  expect(relay.byKind.html).toBe(page!.bytes);
  expect(relay.bytesDown).toBe(script!.bytes + page!.bytes);
});

it('counts what an answer begun before a reset sends after it, listed as continued', async () => {
  relay.reset();
  const slow = await get('/slow.webp');
  await new Promise((resolve) => slow.once('data', resolve));
  relay.reset();
  finishSlow();
  await drained(slow);
  expect(relay.answers).toEqual([{ path: '/slow.webp', status: 200, bytes: relay.bytesDown, continued: true }]);
  expect(relay.bytesDown).toBeGreaterThanOrEqual(3000);
  expect(relay.byKind.images).toBe(relay.bytesDown);
});
