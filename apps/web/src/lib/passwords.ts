/** The spec's words when a password and its confirmation differ (register, reset, accepting an invitation to the staff). */
export const PASSWORDS_MUST_MATCH = 'Both passwords must match!';

/**
 * Whether to say the two passwords differ: once the confirmation has been typed in (or the
 * form was sent and refused it), as long as they differ.
 */
export const passwordsDiffer = (password: string, confirm: string, refused: boolean): boolean =>
  (confirm.length > 0 || refused) && password !== confirm;
