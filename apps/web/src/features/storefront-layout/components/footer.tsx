import { COPYRIGHT_YEAR } from '@shop/shared/constants';
import { Link, useLocation } from 'react-router';
import { settingsOptions } from '@/lib/api/settings.ts';
import { liteSwitchHref, useLite } from '@/lib/lite-mode.tsx';
import { useCachedQuery } from '@/lib/use-cached-query.ts';

const SERVICE_HOURS = 'Monday to Saturday, 9am to 7pm';

const SHOP_LINKS = [
  ['New In', '/new'],
  ['Sale', '/sales'],
  ['Women', '/women'],
  ['Men', '/men'],
  ['Beauty', '/beauty'],
  ['Jewellery', '/jewellery'],
  ['Home Decor', '/homedecor'],
  ['Brands', '/brand'],
] as const;

/** Shopping, store and customer-service information; hours and phone come from the settings. */
export default function Footer() {
  const settings = useCachedQuery(settingsOptions);
  const storeName = settings?.storeName ?? 'Adire';
  const phone = settings?.phone;
  const lite = useLite();
  const { pathname, search } = useLocation();
  return (
    <footer className="mt-16 bg-cream text-ink print:hidden">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div>
          <p className="font-display text-2xl tracking-[0.2em]">ADIRE</p>
          <p className="mt-3 max-w-xs text-sm leading-relaxed text-muted">
            Fashion, beauty, jewellery and home decoration, made and chosen in Nigeria and delivered to your door.
          </p>
        </div>
        <nav aria-label="Shopping">
          <h2 className="text-xs font-semibold tracking-[0.2em] uppercase">Shopping</h2>
          <ul className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-1">
            {SHOP_LINKS.map(([label, to]) => (
              <li key={to}>
                <Link to={to} className="hover:underline">
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-xs font-semibold tracking-[0.2em] uppercase">Our store</h2>
          <ul className="mt-4 space-y-2 text-sm">
            <li>
              <Link to="/posts" className="hover:underline">
                Journal
              </Link>
            </li>
            <li>
              {/* A full page load: the server flips the cookie and sends the page in the other mode. */}
              <a href={liteSwitchHref(lite, pathname + search)} className="hover:underline" rel="nofollow">
                Lite mode: {lite ? 'on' : 'off'}
              </a>
            </li>
            <li>
              <Link to="/orders" className="hover:underline">
                My orders
              </Link>
            </li>
            <li>
              <Link to="/account" className="hover:underline">
                My account
              </Link>
            </li>
            <li>
              <Link to="/wishlist" className="hover:underline">
                My wishlist
              </Link>
            </li>
            <li>
              <Link to="/register" className="hover:underline">
                Create an account
              </Link>
            </li>
            <li className="text-muted">Secure payments in naira (₦)</li>
          </ul>
        </div>
        <div>
          <h2 className="text-xs font-semibold tracking-[0.2em] uppercase">Customer service</h2>
          <ul className="mt-4 space-y-2 text-sm">
            <li>{settings?.serviceHours ?? SERVICE_HOURS}</li>
            <li>
              {phone ? (
                <a href={`tel:${phone.replace(/[^+\d]/g, '')}`} className="hover:underline">
                  {phone}
                </a>
              ) : (
                <span className="inline-block h-5 w-36 animate-pulse rounded bg-sand" aria-hidden />
              )}
            </li>
            <li className="text-muted">Returns within 14 days of delivery</li>
          </ul>
        </div>
      </div>
      <div className="border-t border-line">
        <p className="mx-auto max-w-7xl px-4 py-5 text-xs text-muted sm:px-6">
          © {COPYRIGHT_YEAR} {storeName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
