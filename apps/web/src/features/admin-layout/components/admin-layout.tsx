/**
 * The frame of every protected back-office page: the guard, the fixed sidebar on wide
 * screens (a drawer on phones and tablets), and the page itself, or "You don't have access
 * to this page" when the member's role may not open it. Loading the back office reads the
 * member's role again, and a refusal for want of a permission shows its message and reads it
 * again too, so the menu and buttons follow a role changed meanwhile. A member the shop
 * requires two-factor sign-in of, without it, is taken to Sign-in security by any call the
 * server refuses them for it (never signed out). Hidden when printing.
 */
import { Menu } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { onForbidden, onTwoFactorRequired } from '@/lib/api-client.ts';
import { canOpen, usePermissions } from '@/lib/back-office-access.ts';
import { notify } from '@/lib/notify.tsx';
import { useSession } from '@/lib/session-store.ts';
import { SIGN_IN_SECURITY_PATH, useTwoFactorHold } from '@/lib/two-factor-hold.ts';
import { useMediaQuery } from '@/lib/use-media-query.ts';
import { MENU_DRAWER_ID, MenuDrawer } from './menu-drawer.tsx';
import { NoAccess } from './no-access.tsx';
import { RequireAdmin } from './require-admin.tsx';
import { Sidebar } from './sidebar.tsx';

/** Tailwind's lg: the width from which the sidebar is fixed beside the page. */
const WIDE_SCREEN = '(min-width: 64rem)';

export function AdminLayout() {
  return (
    <RequireAdmin>
      <AdminFrame />
    </RequireAdmin>
  );
}

/** The member's permissions as the server has them now: read on load, and again after a refusal. */
function useFreshPermissions() {
  useEffect(() => {
    const session = useSession.getState();
    // Restoring: the app's start is reading them already.
    if (session.status === 'signed-in') void session.restore();
    return onForbidden((error) => {
      notify.error(error.message, { area: 'admin' });
      void useSession.getState().restore();
    });
  }, []);
}

/** Held until two-factor sign-in is set up (403 "Set up two-factor sign-in first"): to the page that sets it up. */
function useTwoFactorHoldRedirect(pathname: string) {
  const navigate = useNavigate();
  const here = useRef(pathname);
  here.current = pathname;
  useEffect(
    () =>
      onTwoFactorRequired(() => {
        const member = useSession.getState().user;
        if (member) useTwoFactorHold.getState().hold(member.id);
        if (here.current !== SIGN_IN_SECURITY_PATH) navigate(SIGN_IN_SECURITY_PATH);
      }),
    [navigate],
  );
}

function AdminFrame() {
  useFreshPermissions();
  const { pathname } = useLocation();
  useTwoFactorHoldRedirect(pathname);
  const allowed = canOpen(usePermissions(), pathname);
  const [menuOpen, setMenuOpen] = useState(false);
  // From lg the sidebar is fixed and the drawer hidden: an open drawer closes (or the page would stay inert).
  const wide = useMediaQuery(WIDE_SCREEN);
  useEffect(() => {
    if (wide) setMenuOpen(false);
  }, [wide]);
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeMenu = useCallback(() => {
    setMenuOpen(false);
    menuButton.current?.focus();
  }, []);

  return (
    <div className="min-h-screen bg-neutral-100 print:bg-white">
      <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 lg:block print:hidden">
        <Sidebar />
      </aside>
      <div className="sticky top-0 z-20 flex items-center justify-between bg-neutral-950 px-4 py-3 text-white lg:hidden print:hidden">
        <span className="font-bold tracking-[0.3em]">ADIRE</span>
        <button
          ref={menuButton}
          type="button"
          onClick={() => setMenuOpen(true)}
          aria-expanded={menuOpen}
          aria-controls={menuOpen ? MENU_DRAWER_ID : undefined}
          className="rounded-md p-2 hover:bg-white/10"
        >
          <Menu size={20} aria-hidden="true" />
          <span className="sr-only">Open menu</span>
        </button>
      </div>
      {menuOpen ? <MenuDrawer onClose={closeMenu} /> : null}
      <main inert={menuOpen} className="min-w-0 px-4 py-6 sm:px-6 lg:ml-64 lg:px-8 lg:py-8 print:m-0 print:p-0">
        {allowed ? <Outlet /> : <NoAccess />}
      </main>
    </div>
  );
}
