/**
 * Whether the server holds the signed-in member until they set up two-factor sign-in (the
 * shop's `require2fa` covers them: every call but a few answers 403 "Set up two-factor sign-in
 * first"). The back office's layout records it when it hears that refusal and takes the member
 * to Sign-in security, which then shows why and leaves out what it cannot load meanwhile (their
 * sessions). Kept per member, so someone else signing in here is not held by it.
 */
import { create } from 'zustand';

interface TwoFactorHold {
  /** The member held, by id; null when nobody is. */
  heldMemberId: string | null;
  hold(memberId: string): void;
  release(): void;
}

export const useTwoFactorHold = create<TwoFactorHold>((set) => ({
  heldMemberId: null,
  hold: (memberId) => set({ heldMemberId: memberId }),
  release: () => set({ heldMemberId: null }),
}));

/** The path of the page where a member sets up two-factor sign-in and sees their sessions. */
export const SIGN_IN_SECURITY_PATH = '/security';
