/**
 * The soak's HTTP client and its tally. node:http with one keep-alive agent per simulated
 * shopper, bound to the shopper's own loopback address (127.0.x.y), so the API's per-IP
 * limits see several hundred clients, as they would in a shop. Every answer is recorded
 * with when it came and from which process, so the run can tell a 503 while PostgreSQL was
 * away from one that should not have happened.
 */
import http from 'node:http';

/** One API process as the shoppers reach it; `url` changes when a killed process is started again. */
export interface Target {
  name: string;
  url: string;
  /** False between a kill and the restarted process's first answer: shoppers go elsewhere. */
  up: boolean;
}

/** `cut`: still waiting when the run ended and its connections were closed (not counted). */
export type Status = number | 'no-answer' | 'timeout' | 'cut';

export interface Outcome {
  /** Milliseconds since the load began. */
  at: number;
  target: string;
  route: string;
  status: Status;
  /** How long the answer took. */
  ms: number;
  retryAfter: string | undefined;
  /** The answer's message (4xx and 5xx) or the socket error, for the report. */
  detail: string;
}

export interface Answer {
  status: Status;
  json: Record<string, unknown>;
  retryAfter: string | undefined;
  /** A connection refused never reached the server: any request may be sent again. */
  refused: boolean;
}

/** A request with no answer for this long counts as unanswered (a browser would have given up too). */
const REQUEST_TIMEOUT_MS = 30_000;
const agents = new Set<http.Agent>();

export class Tally {
  readonly outcomes: Outcome[] = [];
  /** Set when the run is over: requests cut from then on are not failures. */
  ended = false;
  constructor(readonly startedAt: number) {}

  now(): number {
    return Date.now() - this.startedAt;
  }

  record(outcome: Omit<Outcome, 'at'>): void {
    this.outcomes.push({ at: this.now(), ...outcome });
  }
}

/** A client bound to one loopback address; `ip` is also what the API's rate limits key on. */
export function createClient(ip: string, tally: Tally) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4, localAddress: ip });
  agents.add(agent);

  function call(
    target: Target,
    method: string,
    path: string,
    options: { body?: unknown; raw?: string; headers?: Record<string, string>; token?: string; route?: string } = {},
  ): Promise<Answer> {
    const route = options.route ?? `${method} ${path}`;
    const payload = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    const url = new URL(path, target.url);
    const sentAt = Date.now();
    return new Promise<Answer>((resolve) => {
      let settled = false;
      const done = (answer: Answer, detail: string) => {
        if (settled) return;
        settled = true;
        tally.record({
          target: target.name,
          route,
          status: answer.status,
          ms: Date.now() - sentAt,
          retryAfter: answer.retryAfter,
          detail,
        });
        resolve(answer);
      };
      const req = http.request(
        {
          agent,
          hostname: url.hostname,
          port: url.port,
          path: `${url.pathname}${url.search}`,
          method,
          headers: {
            accept: 'application/json',
            ...(payload !== undefined && { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
            ...(options.token && { authorization: `Bearer ${options.token}` }),
            ...options.headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', (error) =>
            done({ status: 'no-answer', json: {}, retryAfter: undefined, refused: false }, error.message),
          );
          res.on('end', () => {
            let json: Record<string, unknown> = {};
            try {
              const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
              json = parsed && typeof parsed === 'object' ? parsed : { value: parsed };
            } catch {
              // Not JSON (the sitemap, an empty body): the status is what counts.
            }
            const status = res.statusCode ?? 0;
            const retryAfter = res.headers['retry-after'];
            done(
              { status, json, retryAfter: typeof retryAfter === 'string' ? retryAfter : undefined, refused: false },
              status >= 400 && typeof json.msg === 'string' ? json.msg : '',
            );
          });
        },
      );
      req.setTimeout(REQUEST_TIMEOUT_MS, () => {
        req.destroy(new Error('timeout'));
      });
      req.on('error', (error: NodeJS.ErrnoException) => {
        const timedOut = error.message === 'timeout';
        done(
          {
            status: tally.ended ? 'cut' : timedOut ? 'timeout' : 'no-answer',
            json: {},
            retryAfter: undefined,
            refused: error.code === 'ECONNREFUSED',
          },
          error.code ?? error.message,
        );
      });
      if (payload !== undefined) req.write(payload);
      req.end();
    });
  }

  return {
    ip,
    call,
    close: () => {
      agent.destroy();
      agents.delete(agent);
    },
  };
}

/** Closes every client's connections: the run is over, whatever is still waiting is cut. */
export function closeAllClients(): void {
  for (const agent of agents) agent.destroy();
  agents.clear();
}

export type Client = ReturnType<typeof createClient>;

/** The loopback address of shopper `i` (from 127.0.1.1): every one of them reaches 127.0.0.1. */
export function loopbackAddress(i: number): string {
  return `127.0.${1 + Math.floor(i / 250)}.${1 + (i % 250)}`;
}
