/**
 * METRICS_PORT's listener: /metrics without a token, on 127.0.0.1 and nowhere else (a
 * connection to another address of this machine is refused), nothing but /metrics, and a clear
 * refusal when the port is taken. The launchers that open it (the one process, the cluster's
 * primary): test/cluster.test.ts.
 */
import type { Server } from 'node:http';
import { type AddressInfo, createConnection } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeMetricsListener, listenForMetrics } from './listener.ts';

const TEXT = '# HELP shop_test A test figure\n# TYPE shop_test gauge\nshop_test 7\n';

/** Whether a TCP connection to host:port is accepted. */
function connects(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('the METRICS_PORT listener', () => {
  let port: number;
  let server: Server;
  beforeAll(async () => {
    // Port 0: a free one, which the server then holds.
    server = await listenForMetrics(0, async () => TEXT);
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => closeMetricsListener(server));

  it('answers GET /metrics on 127.0.0.1 without a token', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.text()).toBe(TEXT);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`, { method: 'HEAD' })).status).toBe(200);
  });

  it('is bound to 127.0.0.1 only: another address of this machine is refused', async () => {
    expect(server.address()).toMatchObject({ address: '127.0.0.1', family: 'IPv4' });
    expect(await connects('127.0.0.1', port)).toBe(true);
    // Every 127.x address reaches this machine; a listener on every address would take this one.
    expect(await connects('127.0.0.2', port)).toBe(false);
    expect(await connects('::1', port)).toBe(false);
  });

  it('serves nothing else', async () => {
    for (const path of ['/', '/api/products', '/metrics/x']) {
      expect((await fetch(`http://127.0.0.1:${port}${path}`)).status, path).toBe(404);
    }
    expect((await fetch(`http://127.0.0.1:${port}/metrics`, { method: 'POST' })).status).toBe(404);
  });

  it('says which setting to change when the port is taken', async () => {
    await expect(listenForMetrics(port, async () => TEXT)).rejects.toThrow(/METRICS_PORT \d+ is in use on 127\.0\.0\.1/);
  });
});
