// A TCP relay between a browser and the shop that counts the bytes the server sends back, by
// kind (from each request's path), and can refuse connections (offline) or turn to another
// server (a deploy). Used where the browser's own accounting falls short: a service worker's
// requests are not the page's, so CDP on the page misses them, and context.setOffline does not
// stop them (TOOLCHAIN.md). Used by scripts/bench-bytes.mjs (repeat visits) and
// e2e/storefront/repeat-visit.spec.ts. Loopback only.
import net from 'node:net';

export const RELAY_KINDS = ['html', 'css', 'js', 'images', 'fonts', 'data'];

/** The kind of an answer, from the path its request named (HTTP/1.1: one request at a time per connection). */
export function kindOfPath(pathname) {
  if (pathname.startsWith('/api/')) return 'data';
  if (pathname.startsWith('/uploads/') || pathname.startsWith('/img/') || /\.(png|jpe?g|webp|avif|svg|ico)$/.test(pathname)) {
    return 'images';
  }
  if (/\.m?js$/.test(pathname)) return 'js';
  if (pathname.endsWith('.css')) return 'css';
  if (pathname.endsWith('.woff2')) return 'fonts';
  return 'html';
}

const REQUEST_LINE = /^(?:GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS) (\S+) HTTP\/1\.[01]\r\n/;
const STATUS_LINE = /^HTTP\/1\.[01] (\d{3}) /;

/** Starts a relay on 127.0.0.1 to `target` (a URL); `relay.origin` is where the browser goes. */
export async function startRelay(target) {
  const sockets = new Set();
  /** Resets so far: an answer begun before the last reset is listed again, as `continued`, for the bytes it sends after it. */
  let epoch = 0;
  const relay = {
    origin: '',
    target,
    open: true,
    connections: 0,
    bytesDown: 0,
    byKind: Object.fromEntries(RELAY_KINDS.map((kind) => [kind, 0])),
    /** Each answer since the last reset: the path asked, the status (200, 304…) and its bytes. */
    answers: [],
    reset() {
      epoch += 1;
      relay.bytesDown = 0;
      relay.answers = [];
      for (const kind of RELAY_KINDS) relay.byKind[kind] = 0;
    },
    dropConnections() {
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    },
    close() {
      relay.open = false;
      relay.dropConnections();
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = net.createServer((client) => {
    if (!relay.open) return client.destroy();
    relay.connections += 1;
    const upstream = net.connect(Number(relay.target.port), relay.target.hostname);
    sockets.add(client).add(upstream);
    let kind = 'html';
    let asked = '';
    /** The answer this connection is sending (its bytes may come in many chunks), and the reset it is listed under. */
    let answer;
    let answerEpoch = 0;
    client.on('data', (chunk) => {
      const line = REQUEST_LINE.exec(chunk.toString('latin1', 0, Math.min(chunk.length, 2048)));
      if (!line) return;
      asked = line[1];
      kind = kindOfPath(asked.split('?')[0]);
      if (process.env.RELAY_LOG) console.log(line[0].trim());
    });
    upstream.on('data', (chunk) => {
      relay.bytesDown += chunk.length;
      relay.byKind[kind] += chunk.length;
      const status = STATUS_LINE.exec(chunk.toString('latin1', 0, Math.min(chunk.length, 32)));
      if (status || (answer && answerEpoch !== epoch)) {
        answer = status
          ? { path: asked, status: Number(status[1]), bytes: 0 }
          : { path: answer.path, status: answer.status, bytes: 0, continued: true };
        answerEpoch = epoch;
        relay.answers.push(answer);
      }
      if (answer) answer.bytes += chunk.length;
    });
    client.pipe(upstream).pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  relay.origin = `http://localhost:${server.address().port}`;
  return relay;
}
