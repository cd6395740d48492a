/**
 * What the rate-limit tests share: a client address of the run's own (Redis outlives a run,
 * so no earlier run's counts reach it) and the one answer every limit gives when exceeded.
 */
import { randomBytes } from 'node:crypto';
import { MESSAGES } from '@shop/shared';
import { expect } from 'vitest';

/** A random IPv4 address in 10.0.0.0/8. */
export const uniqueIp = () => `10.${Array.from(randomBytes(3)).join('.')}`;

/** 429, a Retry-After, and the shop's message. */
export function expectTooMany(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
  expect(res.statusCode).toBe(429);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(res.json()).toEqual({ msg: MESSAGES.tooManyRequests });
}
