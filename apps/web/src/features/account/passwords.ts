/** The spec's words when a password and its confirmation differ (register, reset). */
export const PASSWORDS_MUST_MATCH = 'Both passwords must match!';
