import { z } from 'zod';

/** Every error answer of the API: `{msg}` (the original contract), plus field errors on 400. */
export const errorResponse = z.object({
  msg: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** On a 403 for a missing permission: the permission the route needs. */
  permission: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;
