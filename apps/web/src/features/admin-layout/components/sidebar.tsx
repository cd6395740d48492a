/** The fixed left menu of the back office, with the signed-in admin's profile and Log out. */
import { useQueryClient } from '@tanstack/react-query';
import {
  BarChart3,
  FolderTree,
  Layers,
  LayoutList,
  LogOut,
  Mail,
  Megaphone,
  Newspaper,
  Package,
  Settings,
  ShoppingBag,
  Store,
  Tag,
  TicketPercent,
  Truck,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { Link, NavLink } from 'react-router';
import { useSession } from '@/lib/session-store.ts';

interface MenuLink {
  to: string;
  label: string;
  icon: LucideIcon;
}

/** The spec's ten links, in its order, plus Overview, Blog Posts, Delivery, Coupons, Messages and Settings. */
export const MENU: MenuLink[] = [
  { to: '/overview', label: 'Overview', icon: BarChart3 },
  { to: '/dashboard', label: 'Users', icon: Users },
  { to: '/purchasetable', label: 'Purchases', icon: ShoppingBag },
  { to: '/categorytable', label: 'Categories', icon: FolderTree },
  { to: '/subcategorytable', label: 'Sub-Categories', icon: Layers },
  { to: '/subsubcategorytable', label: 'Sub Sub-Categories', icon: LayoutList },
  { to: '/brandtable', label: 'Brands', icon: Tag },
  { to: '/producttable', label: 'Products', icon: Package },
  { to: '/pos', label: 'Point of Sale', icon: Store },
  { to: '/createbanner', label: 'Banner Display', icon: Megaphone },
  { to: '/posttable', label: 'Blog Posts', icon: Newspaper },
  { to: '/delivery', label: 'Delivery', icon: Truck },
  { to: '/coupons', label: 'Coupons', icon: TicketPercent },
  { to: '/messages', label: 'Messages', icon: Mail },
  { to: '/settings', label: 'Settings', icon: Settings },
];

export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const user = useSession((s) => s.user);
  const logOut = useSession((s) => s.logOut);
  const queryClient = useQueryClient();

  return (
    <div className="flex h-full flex-col bg-neutral-950 text-neutral-200">
      <div className="px-6 pt-6 pb-4">
        <Link to="/" className="text-lg font-bold tracking-[0.3em] text-white">
          ADIRE
        </Link>
        <p className="text-xs text-neutral-400">Back office</p>
      </div>
      <nav aria-labelledby="admin-menu-heading" className="flex-1 overflow-y-auto px-3">
        <h2 id="admin-menu-heading" className="px-3 pb-2 text-xs font-semibold tracking-wider text-neutral-400 uppercase">
          Menu
        </h2>
        <ul className="space-y-0.5">
          {MENU.map(({ to, label, icon: Icon }) => (
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
          ))}
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
          </div>
        </div>
        <Link
          to="/login"
          onClick={() => {
            logOut();
            queryClient.clear();
          }}
          className="mt-4 flex items-center gap-2 rounded-md px-3 py-2 text-sm text-neutral-300 hover:bg-white/5 hover:text-white"
        >
          <LogOut size={16} aria-hidden="true" />
          Log out
        </Link>
      </section>
    </div>
  );
}
