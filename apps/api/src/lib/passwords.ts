/**
 * argon2id with OWASP's recommended parameters (19 MiB, 2 iterations, 1 lane).
 *
 * Each hash takes a thread of libuv's pool (4 threads) for tens of milliseconds, and that pool
 * also reads files (images, the web build). So at most HASH_CONCURRENCY hashes run at once,
 * HASH_QUEUE more wait their turn, and past that a sign-in or sign-up is refused with 503 and
 * Retry-After (the server is busy, not the client wrong): a flood of password attempts slows
 * password attempts, not the shop.
 */
import { MESSAGES } from '@shop/shared';
import { hash, verify } from '@node-rs/argon2';
import { HttpError } from './http-error.ts';

const options = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const HASH_CONCURRENCY = 2;
export const HASH_QUEUE = 32;

let running = 0;
let peak = 0;
const waiting: (() => void)[] = [];

/** How busy hashing is; `peak` is the most hashes that ran at once (for tests and metrics). */
export function hashingStats() {
  return { running, queued: waiting.length, peak };
}

/** Runs `work` when a hashing slot is free; 503 when the queue is full. */
async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= HASH_CONCURRENCY) {
    if (waiting.length >= HASH_QUEUE) throw new HttpError(503, MESSAGES.unavailable, undefined, 1);
    // The slot is handed over by the finishing hash, so `running` never goes past the bound.
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running += 1;
  }
  peak = Math.max(peak, running);
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

export function hashPassword(password: string): Promise<string> {
  return withHashSlot(() => hash(password, options));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return withHashSlot(async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}

/**
 * A hash of a random password, verified against when the email is unknown so that a
 * wrong email costs as much time as a wrong password (no account enumeration by timing).
 */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(`dummy-${Math.random()}`).catch((error) => {
    // Refused while busy: the next sign-in makes it again.
    dummyHash = undefined;
    throw error;
  });
  return dummyHash;
}
