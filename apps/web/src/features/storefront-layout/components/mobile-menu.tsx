import { NavLink } from 'react-router';
import { MOBILE_LINKS } from '../menu.ts';

interface MobileMenuProps {
  id: string;
  user: { fname: string } | null;
  onSignIn(): void;
  onSignOut(): void;
  onClose(): void;
}

const itemClass = 'block w-full py-3.5 text-left text-sm font-medium tracking-[0.14em] uppercase';

/** The small-screen menu under the hamburger: the listings, and Sign In (or the shopper's links). */
export default function MobileMenu({ id, user, onSignIn, onSignOut, onClose }: MobileMenuProps) {
  return (
    <nav
      id={id}
      aria-label="Menu"
      className="absolute inset-x-0 top-full max-h-[calc(100dvh-6rem)] overflow-y-auto border-b border-line bg-white shadow-lg lg:hidden"
    >
      <ul className="divide-y divide-line px-4">
        {MOBILE_LINKS.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} className={itemClass}>
              {link.label}
            </NavLink>
          </li>
        ))}
        <li>
          <NavLink to="/wishlist" className={itemClass}>
            My wishlist
          </NavLink>
        </li>
        {user ? (
          <>
            <li className="py-3.5 text-sm">Hi {user.fname}</li>
            <li>
              <NavLink to="/orders" className={itemClass}>
                My orders
              </NavLink>
            </li>
            <li>
              <NavLink to="/account" className={itemClass}>
                My account
              </NavLink>
            </li>
            <li>
              <button
                type="button"
                className={itemClass}
                onClick={() => {
                  onClose();
                  onSignOut();
                }}
              >
                Sign out
              </button>
            </li>
          </>
        ) : (
          <li>
            <button
              type="button"
              className={`${itemClass} text-accent`}
              onClick={() => {
                onClose();
                onSignIn();
              }}
            >
              Sign In
            </button>
          </li>
        )}
      </ul>
    </nav>
  );
}
