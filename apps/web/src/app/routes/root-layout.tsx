import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { useSession } from '@/lib/session-store.ts';

/**
 * The root of every page: restores the session from the stored token once, and hosts the
 * one toast outlet. The storefront and the back office bring their own layouts.
 */
// The toast outlet (and its CSS-in-JS) loads just after the first paint: it is not needed to
// show a page, and the storefront's entry bundle has a 120 kB budget. toast() calls made
// before it arrives are kept in react-hot-toast's store and shown when it mounts.
const Toaster = lazy(() => import('react-hot-toast').then((m) => ({ default: m.Toaster })));

export function RootLayout() {
  const restore = useSession((s) => s.restore);
  // The toasts' outlet exists only in the browser (its CSS-in-JS is not server-rendered).
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    setMounted(true);
    void restore();
    // A server-rendered page is now the app's (boot.ts replays a click made before).
    document.dispatchEvent(new Event('app:hydrated'));
  }, [restore]);
  return (
    <>
      <Outlet />
      <Suspense>
        {mounted && (
          <Toaster
            position="top-center"
            toastOptions={{ duration: 9000, success: { duration: 10000 }, error: { duration: 10000 } }}
          />
        )}
      </Suspense>
    </>
  );
}
