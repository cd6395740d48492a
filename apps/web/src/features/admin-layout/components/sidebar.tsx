/**
 * The back office's menu, with the signed-in member's profile and Log out: the fixed left
 * sidebar on wide screens and the drawer's content on phones. It lists only the pages the
 * member's role may open (lib/back-office-access.ts).
 */
import { useQueryClient } from '@tanstack/react-query';
import {
  BarChart3,
  ChartColumn,
  FolderTree,
  Layers,
  LayoutList,
  LogOut,
  Mail,
  Megaphone,
  Newspaper,
  Package,
  Settings,
  ShieldCheck,
  ShoppingBag,
  ShoppingCart,
  Store,
  Tablet,
  Tag,
  TicketPercent,
  TriangleAlert,
  Truck,
  UserCog,
  Users,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import { useId } from 'react';
import { Link, NavLink } from 'react-router';
import { type MenuEntry, menuFor } from '@/lib/back-office-access.ts';
import { useSession } from '@/lib/session-store.ts';
import { SIGN_IN_SECURITY_PATH } from '@/lib/two-factor-hold.ts';

const ICONS: Record<MenuEntry['to'], LucideIcon> = {
  '/overview': BarChart3,
  '/reports': ChartColumn,
  '/dashboard': Users,
  '/purchasetable': ShoppingBag,
  '/categorytable': FolderTree,
  '/subcategorytable': Layers,
  '/subsubcategorytable': LayoutList,
  '/brandtable': Tag,
  '/producttable': Package,
  '/pos': Store,
  '/tills': Tablet,
  '/drawers': Wallet,
  '/pos-conflicts': TriangleAlert,
  '/createbanner': Megaphone,
  '/posttable': Newspaper,
  '/delivery': Truck,
  '/coupons': TicketPercent,
  '/messages': Mail,
  '/recovery': ShoppingCart,
  '/staff': UserCog,
  '/settings': Settings,
};

export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const user = useSession((s) => s.user);
  const logOut = useSession((s) => s.logOut);
  const queryClient = useQueryClient();
  const headingId = useId();

  return (
    <div className="flex h-full flex-col bg-neutral-950 text-neutral-200">
      <div className="px-6 pt-6 pb-4">
        <Link to="/" className="text-lg font-bold tracking-[0.3em] text-white">
          ADIRE
        </Link>
        <p className="text-xs text-neutral-400">Back office</p>
      </div>
      <nav aria-labelledby={headingId} className="flex-1 overflow-y-auto px-3">
        <h2 id={headingId} className="px-3 pb-2 text-xs font-semibold tracking-wider text-neutral-400 uppercase">
          Menu
        </h2>
        <ul className="space-y-0.5">
          {menuFor(user?.permissions).map(({ to, label }) => {
            const Icon = ICONS[to];
            return (
              <li key={to}>
                <NavLink
                  to={to}
                  onClick={onNavigate}
                  className={({ isActive }) =>
                    `flex items-center gap-3 rounded-md px-3 py-2 text-sm transition-colors ${
                      isActive ? 'bg-white/10 font-medium text-white' : 'text-neutral-300 hover:bg-white/5 hover:text-white'
                    }`
                  }
                >
                  <Icon size={17} aria-hidden="true" />
                  {label}
                </NavLink>
              </li>
            );
          })}
        </ul>
      </nav>
      <section aria-label="Profile" className="border-t border-white/10 p-4">
        <h2 className="sr-only">Profile</h2>
        <div className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-amber-700 text-sm font-semibold text-white uppercase"
          >
            {user?.fname.charAt(0)}
          </span>
          <div className="min-w-0 text-sm">
            <p className="truncate font-medium text-white">
              {user?.fname} {user?.lname}
            </p>
            <p className="truncate text-xs text-neutral-400">{user?.email}</p>
            {user?.staffRole ? <p className="truncate text-xs text-neutral-400">{user.staffRole}</p> : null}
          </div>
        </div>
        <NavLink
          to={SIGN_IN_SECURITY_PATH}
          onClick={onNavigate}
          className={({ isActive }) =>
            `mt-4 flex items-center gap-2 rounded-md px-3 py-2 text-sm hover:bg-white/5 hover:text-white ${isActive ? 'bg-white/10 text-white' : 'text-neutral-300'}`
          }
        >
          <ShieldCheck size={16} aria-hidden="true" />
          Sign-in security
        </NavLink>
        <Link
          to="/login"
          onClick={() => {
            logOut();
            queryClient.clear();
          }}
          className="flex items-center gap-2 rounded-md px-3 py-2 text-sm text-neutral-300 hover:bg-white/5 hover:text-white"
        >
          <LogOut size={16} aria-hidden="true" />
          Log out
        </Link>
      </section>
    </div>
  );
}
