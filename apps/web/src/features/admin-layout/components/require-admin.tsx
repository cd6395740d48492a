/**
 * The guard of every back-office route. While the stored session is being checked the
 * spec's message shows; nobody signed in goes to /login; a shopper's session is refused
 * (sent to /login, which says why) without signing the shopper out of the storefront.
 */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '@/lib/session-store.ts';

export const GUARD_MESSAGE = 'Oops!! Sorry you have to log In';

export function RequireAdmin({ children }: { children: ReactNode }) {
  const status = useSession((s) => s.status);
  const user = useSession((s) => s.user);
  const location = useLocation();

  if (status === 'restoring') {
    return (
      <p role="status" className="px-4 py-24 text-center text-lg text-neutral-700">
        {GUARD_MESSAGE}
      </p>
    );
  }
  if (status !== 'signed-in' || !user) {
    return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  }
  if (user.role !== 'admin') {
    return <Navigate to="/login" replace state={{ from: location.pathname, refused: true }} />;
  }
  return children;
}
