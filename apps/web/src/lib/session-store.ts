/**
 * The signed-in session. Kept in localStorage under the keys the original clients used
 * (`user`, `access_token`) and checked against /api/auth/me when the app starts.
 */
import type { AuthResponse, AuthUser } from '@shop/shared/auth';
import { STORAGE_KEYS } from '@shop/shared/constants';
import { create } from 'zustand';
import { ApiError, apiRequest, getToken, onUnauthorized } from '@/lib/api-client.ts';

type Status = 'restoring' | 'signed-in' | 'signed-out';

interface SessionState {
  status: Status;
  user: AuthUser | null;
  signIn(response: AuthResponse): void;
  /** Ends the session here (also when the server has refused the token). */
  signOut(): void;
  /** The person signs out: the server revokes the token too (best effort), the session ends here at once. */
  logOut(): void;
  /**
   * Reads the signed-in account from the server (/api/auth/me): when the app starts, and when
   * the back office loads or is refused for want of a permission (the role may have changed).
   */
  restore(): Promise<void>;
}

function readStoredUser(): AuthUser | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.user);
    return raw ? (JSON.parse(raw) as AuthUser) : null;
  } catch {
    return null;
  }
}

// Starts signed out, as the server renders every page; the stored session is set right
// after (see the cart store for why).
export const useSession = create<SessionState>((set) => ({
  status: 'signed-out',
  user: null,
  signIn({ accessToken, user }) {
    localStorage.setItem(STORAGE_KEYS.accessToken, accessToken);
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    set({ status: 'signed-in', user });
  },
  signOut() {
    localStorage.removeItem(STORAGE_KEYS.accessToken);
    localStorage.removeItem(STORAGE_KEYS.user);
    set({ status: 'signed-out', user: null });
  },
  logOut() {
    // The request takes the token before signOut() drops it; a failure changes nothing here.
    if (getToken()) apiRequest('/api/auth/logout', { method: 'POST' }).catch(() => undefined);
    useSession.getState().signOut();
  },
  async restore() {
    const token = getToken();
    if (!token) {
      set({ status: 'signed-out', user: null });
      return;
    }
    try {
      const { user } = await apiRequest<{ user: AuthUser }>('/api/auth/me');
      // Signed out, or in as someone else, while the answer was on its way: it is stale.
      if (getToken() !== token) return;
      localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
      set({ status: 'signed-in', user });
    } catch (error) {
      if (getToken() !== token) return;
      // Only the server saying the token is no good ends the session; a busy server or a
      // dropped connection must not sign anybody out. The stored user stands meanwhile
      // (every request is still checked by the server).
      const stored = readStoredUser();
      if ((error instanceof ApiError && error.status === 401) || !stored) useSession.getState().signOut();
      else set({ status: 'signed-in', user: stored });
    }
  },
}));

if (getToken()) useSession.setState({ status: 'restoring', user: readStoredUser() });

onUnauthorized(() => useSession.getState().signOut());
