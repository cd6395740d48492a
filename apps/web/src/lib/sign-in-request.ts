/**
 * Who asked for the sign-in panel. The header's user icon just opens it; checkout and
 * reviews ask for it and wait: the promise settles true once the shopper has signed in
 * (they continue where they were) or false when the panel is closed.
 */
import { create } from 'zustand';

interface SignInRequestState {
  open: boolean;
  /** Resolves the promise of whoever is waiting, if anyone. */
  waiting: ((signedIn: boolean) => void) | null;
  show(): void;
  request(): Promise<boolean>;
  /** Closes the panel; answers whether somebody was waiting (so the panel does not navigate away). */
  settle(signedIn: boolean): boolean;
}

export const useSignInRequest = create<SignInRequestState>((set, get) => ({
  open: false,
  waiting: null,
  show: () => set({ open: true }),
  request() {
    get().waiting?.(false);
    return new Promise<boolean>((resolve) => set({ open: true, waiting: resolve }));
  },
  settle(signedIn) {
    const { waiting } = get();
    set({ open: false, waiting: null });
    waiting?.(signedIn);
    return waiting !== null;
  },
}));
