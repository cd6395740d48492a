import { useEffect } from 'react';
import { Link, Outlet } from 'react-router';
import { COPYRIGHT_YEAR } from '@shop/shared/constants';
import { useSession } from '@/features/auth/session-store.ts';

/** The app shell: header, the page, footer. Later issues fill the header and footer. */
export function RootLayout() {
  const restore = useSession((s) => s.restore);
  const user = useSession((s) => s.user);
  useEffect(() => {
    void restore();
  }, [restore]);

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-neutral-200">
        <div className="mx-auto flex max-w-7xl items-center justify-between px-4 py-3">
          <Link to="/" className="text-xl font-bold tracking-widest">
            ADIRE
          </Link>
          {user && <span className="text-sm">Hi {user.fname}</span>}
        </div>
      </header>
      <main className="flex-1">
        <Outlet />
      </main>
      <footer className="border-t border-neutral-200 py-6 text-center text-sm text-neutral-600">© {COPYRIGHT_YEAR}</footer>
    </div>
  );
}
