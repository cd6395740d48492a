/**
 * Sign-in security's wording and small rules, as pure functions: the secret as a person types
 * it into an authenticator app, the recovery codes as a file to keep, and each session's
 * line.
 */
import type { StaffSessionView } from '@shop/shared/two-factor';

/** "JBSW Y3DP EHPK 3PXP": groups of four, as apps show and people type them. */
export const groupedSecret = (secret: string): string => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** The recovery codes as a text file to download and keep. */
export function recoveryCodesText(codes: readonly string[], email: string, storeName = 'Adire'): string {
  return [
    `${storeName} back office: recovery codes for ${email}`,
    'Each code signs you in once when you cannot use your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/** A data URL for a download link of that text (no object URL to revoke). */
export const textFileUrl = (text: string): string => `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`;

/** What ending a session does, as the confirmation asks it. */
export function endSessionQuestion(session: Pick<StaffSessionView, 'device' | 'current'>): string {
  return session.current
    ? 'End the session of this device? You will be signed out here.'
    : `End the session of ${session.device}? It is signed out at its next request.`;
}
