import { z } from 'zod';
import { ROLES } from './constants.ts';

const trimmed = z.string().trim();
const optionalText = trimmed.max(200).optional().default('');

/** POST /api/auth/register (the spec's JSON fields). Unknown fields such as `role` are stripped. */
export const registerBody = z.object({
  firstName: trimmed.min(1, 'First name is required').max(100),
  lastName: trimmed.min(1, 'Last name is required').max(100),
  email: trimmed.toLowerCase().pipe(z.email('Enter a valid email address').max(254)),
  password: z.string().min(8, 'Password must be at least 8 characters').max(200),
  phone: trimmed.max(40).optional().default(''),
  address: optionalText,
  city: optionalText,
  state: optionalText,
  country: optionalText,
  /** The unticked box "E-mail me about my cart and items I'm waiting for" (issue 31): ticked, consent with source registration. */
  marketingConsent: z.boolean().optional(),
});
export type RegisterBody = z.infer<typeof registerBody>;

/** Login takes what was typed: the spec has no client-side checks, the server decides. */
export const loginBody = z.object({
  email: z.string().max(254),
  password: z.string().max(200),
});
export type LoginBody = z.infer<typeof loginBody>;

/** The signed-in user as the original clients read it (`fname`, `lname`, ...). */
export const authUser = z.object({
  id: z.string(),
  fname: z.string(),
  lname: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  /** `admin` for every staff member, `shopper` otherwise: what the original clients read. */
  role: z.enum(ROLES),
  /** A staff member's role's name (Owner, Cashier, ...); null for a shopper. */
  staffRole: z.string().nullable().optional(),
  /** A staff member's permissions (staff.ts); empty for a shopper. */
  permissions: z.array(z.string()).optional(),
  /** Whether the member signs in with two factors (GET /api/auth/me only; two-factor.ts). */
  twoFactor: z.boolean().optional(),
});
export type AuthUser = z.infer<typeof authUser>;

export const authResponse = z.object({ accessToken: z.string(), user: authUser });
export type AuthResponse = z.infer<typeof authResponse>;

export const changePasswordBody = z.object({
  currentPassword: z.string().max(200),
  newPassword: z.string().min(8, 'Password must be at least 8 characters').max(200),
});

/** PATCH /api/auth/me: a shopper changes their own name and phone. */
export const updateMeBody = z
  .object({
    firstName: trimmed.min(1, 'First name is required').max(100).optional(),
    lastName: trimmed.min(1, 'Last name is required').max(100).optional(),
    phone: trimmed.max(40, 'Phone is too long').optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'Nothing to change');
export type UpdateMeBody = z.infer<typeof updateMeBody>;
