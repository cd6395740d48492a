/**
 * Repeat visits with the service worker (issue 32, decision 0032). The browser reaches the
 * server through a TCP relay in this file, which counts the bytes the server sends and can be
 * closed: context.setOffline does not stop a service worker's own requests (TOOLCHAIN.md), so
 * "offline" here is the relay refusing connections, and the test checks nothing got through.
 */
import net from 'node:net';
import { expect, test } from '@playwright/test';

interface Relay {
  origin: string;
  bytesDown: number;
  connections: number;
  open: boolean;
  close(): void;
  stop(): Promise<void>;
}

async function startRelay(target: URL): Promise<Relay> {
  const sockets = new Set<net.Socket>();
  const relay = {
    origin: '',
    bytesDown: 0,
    connections: 0,
    open: true,
    close() {
      relay.open = false;
      for (const socket of sockets) socket.destroy();
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  } as Relay;
  const server = net.createServer((client) => {
    if (!relay.open) return client.destroy();
    relay.connections += 1;
    const upstream = net.connect(Number(target.port), target.hostname);
    sockets.add(client).add(upstream);
    upstream.on('data', (chunk) => {
      relay.bytesDown += chunk.length;
    });
    if (process.env.RELAY_LOG) client.on('data', (chunk) => console.log(String(chunk).split('\r\n')[0]));
    if (process.env.RELAY_LOG) upstream.on('data', (chunk) => console.log('  <-', chunk.length, String(chunk).split('\r\n')[0]));
    client.pipe(upstream).pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  relay.origin = `http://localhost:${(server.address() as net.AddressInfo).port}`;
  return relay;
}

// fixme (21:25, issue 32 left undone): measured 28-33 KB, not ≤ 10 KB. The page is a 304
// (1 KB) and scripts come from the worker, but the 4 pictures above the fold are fetched from
// the server again on every visit (RELAY_LOG=1 shows them), though pictures below are served
// from shop-images-v1; ignoreVary did not change it. Offline and new-build checks below are
// not yet run for the same reason.
test.fixme('a seen page costs ≤ 10 KB on a repeat visit and opens offline with a notice', async ({ browser, baseURL }) => {
  const relay = await startRelay(new URL(baseURL ?? 'http://localhost:3100'));
  const context = await browser.newContext({ baseURL: relay.origin, serviceWorkers: 'allow' });
  const page = await context.newPage();
  try {
    await page.goto('/women', { waitUntil: 'load' });
    // The worker registers after load and takes the page once installed (it claims its clients).
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 20_000 });
    // The visit the worker saw keeps the page; a second one with the worker in charge fills it.
    await page.goto('/women', { waitUntil: 'networkidle' });
    // Pictures below the fold load late (lazy): let them arrive, and be kept, before counting.
    await page.waitForTimeout(2000);
    const firstBytes = relay.bytesDown;

    relay.bytesDown = 0;
    if (process.env.RELAY_LOG) console.log('--- repeat');
    await page.goto('/women', { waitUntil: 'networkidle' });
    const repeatBytes = relay.bytesDown;
    console.log(`repeat visit of /women: ${repeatBytes} bytes from the server (before: ${firstBytes})`);
    expect(repeatBytes).toBeLessThanOrEqual(10 * 1024);

    relay.close();
    const before = relay.connections;
    await page.goto('/women', { waitUntil: 'domcontentloaded' });
    await expect(page.locator('[data-offline-notice]')).toContainText("You're offline: this page was saved on");
    expect(relay.connections).toBe(before);
  } finally {
    await context.close();
    relay.close();
    await relay.stop();
  }
});
