/**
 * The benchmark's ceiling: a bare Fastify process (no plugins, no logger, no hooks) that
 * answers every GET with the bytes and headers it was last given, so `npm run bench` can
 * compare each endpoint with what the framework alone costs for the same answer. It is a
 * separate process, like the API, so none of the API's per-request work is in its figures.
 *
 * Started by run.ts with an IPC channel: it sends `{ body: base64, headers }` and waits for
 * `'ready'`; the server's address is given by BARE_PORT. Never part of the API's build.
 */
import Fastify from 'fastify';

interface Answer {
  body: string;
  headers: Record<string, string>;
}

let body: Buffer = Buffer.from('[]');
let headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };

const app = Fastify({ logger: false });
app.get('/*', (_request, reply) => {
  reply.headers(headers).send(body);
});

process.on('message', (answer: Answer) => {
  body = Buffer.from(answer.body, 'base64');
  headers = answer.headers;
  process.send?.('ready');
});
process.on('disconnect', () => void app.close().then(() => process.exit(0)));

await app.listen({ host: '127.0.0.1', port: Number(process.env.BARE_PORT) });
process.send?.('listening');
