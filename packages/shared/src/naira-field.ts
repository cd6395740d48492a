/**
 * A naira amount as forms and request bodies take it: a number of at most 2 decimals (whole
 * kobo), from 0 (or above 0 when `positive`) up to `max`. One place for the wording.
 */
import { z } from 'zod';

export function nairaField(label: string, { max = 100_000_000, positive = false } = {}) {
  const base = z.number({ error: `${label} must be a number` });
  return (positive ? base.positive(`${label} must be more than ₦0`) : base.min(0, `${label} cannot be negative`))
    .max(max, `${label} is too large`)
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, `${label} can have at most 2 decimals`);
}
