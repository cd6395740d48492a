/**
 * Staff sign-in security: two-factor sign-in (time-based codes, RFC 6238, from an
 * authenticator app, and single-use recovery codes), the shop's rule on who must use it, the
 * sign-in answer when a second factor is needed, and a member's own sessions.
 */
import { z } from 'zod';
import { authResponse } from './auth.ts';

/** Who must sign in with two factors: nobody, the members whose role is the Owner template, or every member. */
export const REQUIRE_2FA = ['none', 'owners', 'all_staff'] as const;
export type Require2fa = (typeof REQUIRE_2FA)[number];

/** How many recovery codes enabling two-factor sign-in answers (each works once). */
export const RECOVERY_CODE_COUNT = 10;

export const TWO_FACTOR_MESSAGES = {
  /** Every call but a few answers this until a member the shop requires it of has set it up. */
  setUpFirst: 'Set up two-factor sign-in first',
  staffOnly: 'Two-factor sign-in is for staff accounts',
  alreadyOn: 'Two-factor sign-in is already on: turn it off first to set it up again',
  notStarted: 'Start the two-factor setup first',
  notOn: 'Two-factor sign-in is not on',
  wrongCode: 'That code is not right',
  challengeEnded: 'This sign-in has expired or had too many wrong codes: sign in again',
  wrongPassword: 'Current password is incorrect',
} as const;

/** What an authenticator app shows: six digits. */
export const totpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app');

/** A recovery code as typed: case, spaces and dashes do not matter. */
export const recoveryCode = z.string().trim().min(1, 'Enter a recovery code').max(40, 'That is not a recovery code');

/** POST /api/auth/2fa/setup: the secret to type in, and the otpauth:// URL a QR code shows. */
export const twoFactorSetup = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TwoFactorSetup = z.infer<typeof twoFactorSetup>;

/** POST /api/auth/2fa/enable: the first code from the app, proving it holds the secret. */
export const twoFactorEnableBody = z.object({ code: totpCode });

/** The recovery codes, shown once: only their hashes are kept. */
export const recoveryCodesResponse = z.object({ recoveryCodes: z.array(z.string()).length(RECOVERY_CODE_COUNT) });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponse>;

/** POST /api/auth/2fa/disable: the password and a code from the app, or one of the recovery codes. */
export const twoFactorDisableBody = z.object({
  password: z.string().max(200),
  code: z.string().trim().min(1, 'Enter a code from your app or a recovery code').max(40),
});

/** A sign-in whose password was right and that now needs the second factor (no token yet). */
export const twoFactorChallenge = z.object({ twoFactorRequired: z.literal(true), challenge: z.string() });
export type TwoFactorChallenge = z.infer<typeof twoFactorChallenge>;

/** What /api/auth/login and /api/auth/adminlogin answer: signed in, or a challenge to answer first. */
export const signInResponse = z.union([authResponse, twoFactorChallenge]);
export type SignInResponse = z.infer<typeof signInResponse>;

/** POST /api/auth/2fa/verify: the challenge with a code from the app or a recovery code (one of the two). */
export const twoFactorVerifyBody = z
  .object({
    challenge: z.string().max(100),
    code: totpCode.optional(),
    recoveryCode: recoveryCode.optional(),
  })
  .refine((b) => (b.code === undefined) !== (b.recoveryCode === undefined), 'Send either a code or a recovery code');
export type TwoFactorVerifyBody = z.infer<typeof twoFactorVerifyBody>;

/** GET /api/auth/sessions: one of the caller's signed-in devices. */
export const staffSessionView = z.object({
  id: z.string(),
  /** A short name read from the browser's user agent: "Chrome on Android". */
  device: z.string(),
  ip: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session this request was made with. */
  current: z.boolean(),
});
export type StaffSessionView = z.infer<typeof staffSessionView>;
