/**
 * The counter store behind every rate limit (@fastify/rate-limit's store interface). Counts in
 * Redis when it is configured and answering, so every API process counts together; in this
 * process's memory otherwise, including while Redis is down: a limit is then counted per
 * process (looser by the number of processes), but it never switches off, which would hand an
 * attacker unlimited password guesses for the length of an outage.
 *
 * Back-off (`exponentialBackoff` in a limit's options): each request past the limit doubles the
 * wait, up to `maxBackoff` ms (default a day). Unlike the library's local store, the wait
 * announced is the wait enforced.
 */
import type { Redis } from 'ioredis';

export interface CounterResult {
  current: number;
  ttl: number;
}
type Callback = (err: Error | null, result: CounterResult) => void;

/** The options this store reads from a limit (the library passes all of them). */
interface LimitOptions {
  exponentialBackoff?: boolean;
  maxBackoff?: number;
  routeInfo?: { method?: string; url?: string };
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Counters kept in memory at most; the least recently counted go first. */
const LOCAL_CAPACITY = 20_000;

const incrScript = `
  local current = redis.call('INCR', KEYS[1])
  local window = tonumber(ARGV[1])
  local max = tonumber(ARGV[2])
  local backoff = ARGV[3] == '1'
  local cap = tonumber(ARGV[4])
  local ttl
  if backoff and current > max then
    ttl = math.floor(math.min(window * 2 ^ (current - max - 1), cap))
    redis.call('PEXPIRE', KEYS[1], ttl)
  elseif current == 1 then
    ttl = window
    redis.call('PEXPIRE', KEYS[1], ttl)
  else
    ttl = redis.call('PTTL', KEYS[1])
    if ttl < 0 then
      ttl = window
      redis.call('PEXPIRE', KEYS[1], ttl)
    end
  end
  return {current, ttl}
`;

const readScript = `
  local current = redis.call('GET', KEYS[1])
  if not current then return {0, 0} end
  local ttl = redis.call('PTTL', KEYS[1])
  if ttl < 0 then ttl = 0 end
  return {tonumber(current), ttl}
`;

type ScriptCallback = (err: Error | null, result: [number, number]) => void;
interface ScriptedRedis {
  status: string;
  shopRateLimitIncr(key: string, window: number, max: number, backoff: string, cap: number, cb: ScriptCallback): void;
  shopRateLimitRead(key: string, cb: ScriptCallback): void;
}

/** In-memory counters, shared by every limit of one process (keys carry the limit's prefix). */
export class LocalCounters {
  private readonly entries = new Map<string, { current: number; expiresAt: number }>();

  incr(key: string, window: number, max: number, backoff: boolean, cap: number): CounterResult {
    const now = Date.now();
    let entry = this.entries.get(key);
    if (!entry || entry.expiresAt <= now) entry = { current: 0, expiresAt: now + window };
    entry.current += 1;
    if (backoff && entry.current > max) entry.expiresAt = now + Math.min(window * 2 ** (entry.current - max - 1), cap);
    // Re-inserted, so the map's order is least recently counted first.
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > LOCAL_CAPACITY) this.entries.delete(this.entries.keys().next().value!);
    return { current: entry.current, ttl: entry.expiresAt - now };
  }

  read(key: string): CounterResult {
    const entry = this.entries.get(key);
    const now = Date.now();
    if (!entry || entry.expiresAt <= now) return { current: 0, ttl: 0 };
    return { current: entry.current, ttl: entry.expiresAt - now };
  }
}

/**
 * The store class to hand to @fastify/rate-limit (`store`). `onRedisError` hears of each
 * failed Redis call (the request is then counted in memory).
 */
export function fallbackStore(redis: Redis | undefined, nameSpace: string, onRedisError: (err: Error) => void) {
  const local = new LocalCounters();
  const scripted = redis as unknown as ScriptedRedis | undefined;
  if (redis) {
    redis.defineCommand('shopRateLimitIncr', { numberOfKeys: 1, lua: incrScript });
    redis.defineCommand('shopRateLimitRead', { numberOfKeys: 1, lua: readScript });
  }

  return class FallbackStore {
    private readonly prefix: string;
    private readonly backoff: boolean;
    private readonly cap: number;

    constructor(options: LimitOptions, prefix = nameSpace) {
      this.prefix = prefix;
      this.backoff = options.exponentialBackoff === true;
      this.cap = options.maxBackoff ?? DAY_MS;
    }

    incr(key: string, cb: Callback, timeWindow: number, max: number) {
      const cap = Math.max(this.cap, timeWindow);
      const inMemory = () => cb(null, local.incr(this.prefix + key, timeWindow, max, this.backoff, cap));
      if (scripted?.status !== 'ready') return inMemory();
      scripted.shopRateLimitIncr(this.prefix + key, timeWindow, max, this.backoff ? '1' : '0', cap, (err, result) => {
        if (err) {
          onRedisError(err);
          return inMemory();
        }
        cb(null, { current: Number(result[0]), ttl: Number(result[1]) });
      });
    }

    read(key: string, cb: Callback) {
      const inMemory = () => cb(null, local.read(this.prefix + key));
      if (scripted?.status !== 'ready') return inMemory();
      scripted.shopRateLimitRead(this.prefix + key, (err, result) => {
        if (err) {
          onRedisError(err);
          return inMemory();
        }
        cb(null, { current: Number(result[0]), ttl: Number(result[1]) });
      });
    }

    /** A limit of its own: a route's (named by method and URL) or one made with createRateLimit. */
    child(options: LimitOptions) {
      const route = options.routeInfo?.url ? `${options.routeInfo.method}${options.routeInfo.url}-` : '';
      return new FallbackStore(options, `${this.prefix}${route}`);
    }
  };
}
