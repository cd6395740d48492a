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
 *
 * Groups (`groupOf` in a limit's options): a key's group is noted beside its counter, so that
 * `forget(group)` ends every counter of the group at once without knowing its keys (a reset
 * password ends an e-mail's sign-in failures from every client). In Redis a group is a set of
 * its counters' keys that lives as long as the longest of them; in memory, a mark on each.
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
  /** The group a key's counter belongs to (see `forget`); none when absent. */
  groupOf?: (key: string) => string;
  routeInfo?: { method?: string; url?: string };
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Counters kept in memory at most; the least recently counted go first. */
const LOCAL_CAPACITY = 20_000;

/** Counts KEYS[1]: its count and the milliseconds its wait or window has left. */
const counting = `
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
`;
const incrScript = `${counting} return {current, ttl}`;
/** Counts KEYS[1] and notes it in its group's set KEYS[2], which outlives every counter noted. */
const incrGroupedScript = `${counting}
  redis.call('SADD', KEYS[2], KEYS[1])
  if redis.call('PTTL', KEYS[2]) < ttl then redis.call('PEXPIRE', KEYS[2], ttl) end
  return {current, ttl}
`;
/** Deletes the counters noted in the group's set KEYS[1], and the set. One script: none counted meanwhile is missed. */
const forgetScript = `
  local keys = redis.call('SMEMBERS', KEYS[1])
  for _, key in ipairs(keys) do redis.call('DEL', key) end
  redis.call('DEL', KEYS[1])
  return #keys
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
  shopRateLimitIncrGrouped(
    key: string,
    group: string,
    window: number,
    max: number,
    backoff: string,
    cap: number,
    cb: ScriptCallback,
  ): void;
  shopRateLimitRead(key: string, cb: ScriptCallback): void;
  shopRateLimitForget(group: string): Promise<number>;
}

/** In-memory counters, shared by every limit of one process (keys carry the limit's prefix). */
export class LocalCounters {
  private readonly entries = new Map<string, { current: number; expiresAt: number; group?: string }>();

  incr(key: string, window: number, max: number, backoff: boolean, cap: number, group?: string): CounterResult {
    const now = Date.now();
    let entry = this.entries.get(key);
    if (!entry || entry.expiresAt <= now) entry = { current: 0, expiresAt: now + window, group };
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

  /** Ends every counter of the group (a walk over at most LOCAL_CAPACITY entries; groups are forgotten rarely). */
  forget(group: string): void {
    for (const [key, entry] of this.entries) if (entry.group === group) this.entries.delete(key);
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
    redis.defineCommand('shopRateLimitIncrGrouped', { numberOfKeys: 2, lua: incrGroupedScript });
    redis.defineCommand('shopRateLimitRead', { numberOfKeys: 1, lua: readScript });
    redis.defineCommand('shopRateLimitForget', { numberOfKeys: 1, lua: forgetScript });
  }

  /** A script's answer passed on, or on a Redis error the same call answered in memory. */
  const fromRedis =
    (cb: Callback, inMemory: () => void): ScriptCallback =>
    (err, result) => {
      if (err) {
        onRedisError(err);
        return inMemory();
      }
      cb(null, { current: Number(result[0]), ttl: Number(result[1]) });
    };

  return class FallbackStore {
    private readonly prefix: string;
    private readonly backoff: boolean;
    private readonly cap: number;
    private readonly groupOf: ((key: string) => string) | undefined;

    constructor(options: LimitOptions, prefix = nameSpace) {
      this.prefix = prefix;
      this.backoff = options.exponentialBackoff === true;
      this.cap = options.maxBackoff ?? DAY_MS;
      this.groupOf = options.groupOf;
    }

    /** Where a group's set of counter keys is kept (in Redis; in memory the group is the mark). */
    private groupKey(group: string) {
      return `${this.prefix}group|${group}`;
    }

    incr(key: string, cb: Callback, timeWindow: number, max: number) {
      const cap = Math.max(this.cap, timeWindow);
      const group = this.groupOf && this.groupKey(this.groupOf(key));
      const inMemory = () => cb(null, local.incr(this.prefix + key, timeWindow, max, this.backoff, cap, group));
      if (scripted?.status !== 'ready') return inMemory();
      const counted = fromRedis(cb, inMemory);
      const backoff = this.backoff ? '1' : '0';
      if (group) scripted.shopRateLimitIncrGrouped(this.prefix + key, group, timeWindow, max, backoff, cap, counted);
      else scripted.shopRateLimitIncr(this.prefix + key, timeWindow, max, backoff, cap, counted);
    }

    /**
     * Ends every counter of the group (made by a limit with `groupOf` and this store's prefix),
     * in Redis and in this process's memory, where an outage may have left some.
     */
    async forget(group: string): Promise<void> {
      local.forget(this.groupKey(group));
      if (scripted?.status !== 'ready') return;
      try {
        await scripted.shopRateLimitForget(this.groupKey(group));
      } catch (err) {
        onRedisError(err as Error);
      }
    }

    read(key: string, cb: Callback) {
      const inMemory = () => cb(null, local.read(this.prefix + key));
      if (scripted?.status !== 'ready') return inMemory();
      scripted.shopRateLimitRead(this.prefix + key, fromRedis(cb, inMemory));
    }

    /** A limit of its own: a route's (named by method and URL) or one made with createRateLimit. */
    child(options: LimitOptions) {
      const route = options.routeInfo?.url ? `${options.routeInfo.method}${options.routeInfo.url}-` : '';
      return new FallbackStore(options, `${this.prefix}${route}`);
    }
  };
}
