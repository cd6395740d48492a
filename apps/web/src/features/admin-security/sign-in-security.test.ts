import { describe, expect, it } from 'vitest';
import { endSessionQuestion, groupedSecret, recoveryCodesText, textFileUrl } from './sign-in-security.ts';

describe('sign-in security wording', () => {
  it('groups the secret by four, the last group shorter', () => {
    expect(groupedSecret('JBSWY3DPEHPK3PXPAB')).toBe('JBSW Y3DP EHPK 3PXP AB');
    expect(groupedSecret('')).toBe('');
  });

  it('writes the recovery codes one a line under whose they are', () => {
    const text = recoveryCodesText(['aaaa-bbbb', 'cccc-dddd'], 'ada@demo.shop');
    expect(text.split('\n')).toEqual([
      'Adire back office: recovery codes for ada@demo.shop',
      'Each code signs you in once when you cannot use your authenticator app.',
      '',
      'aaaa-bbbb',
      'cccc-dddd',
      '',
    ]);
    expect(decodeURIComponent(textFileUrl(text).replace('data:text/plain;charset=utf-8,', ''))).toBe(text);
  });

  it('asks before ending a session, saying when it signs this device out', () => {
    expect(endSessionQuestion({ device: 'Chrome on Android', current: false })).toBe(
      'End the session of Chrome on Android? It is signed out at its next request.',
    );
    expect(endSessionQuestion({ device: 'Firefox on Linux', current: true })).toMatch(/You will be signed out here/);
  });
});
