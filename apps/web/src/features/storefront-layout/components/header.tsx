import { lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { FrameIcon } from '@/components/frame-icons.tsx';
import { MENU_SECTIONS, MOBILE_LINKS, type MenuSection } from '../menu.ts';

const MobileMenu = lazy(() => import('./mobile-menu.tsx'));
// The instant search loads on first use (pointer over, focus or press of the search button).
const loadSearch = () => import('./header-search.tsx');
const HeaderSearch = lazy(loadSearch);

export interface HeaderProps {
  user: { fname: string } | null;
  cartCount: number;
  onSignIn(): void;
  onSignOut(): void;
  /** The mega-menu panel of a section (loaded on demand by the caller). */
  renderPanel(section: MenuSection, close: () => void): ReactNode;
}

const iconButton =
  'relative flex size-10 items-center justify-center rounded-full text-ink transition-colors hover:bg-cream focus-visible:bg-cream';

/**
 * The shop header: logo, the desktop sections with one mega-menu panel open at a time
 * (the same section again, a click outside or Escape closes it), search (a link to /search
 * until the app runs, then the instant search's panel), sign-in and the bag with a live
 * count; a hamburger menu on small screens.
 */
export function Header({ user, cartCount, onSignIn, onSignOut, renderPanel }: HeaderProps) {
  const [openId, setOpenId] = useState<string | null>(null);
  const [mobileOpen, setMobileOpen] = useState(false);
  const [searching, setSearching] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const buttonRefs = useRef(new Map<string, HTMLButtonElement>());
  const location = useLocation();
  const panelId = useId();
  const mobileId = useId();
  const open = MENU_SECTIONS.find((s) => s.id === openId);

  // A new page closes any menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => {
    setOpenId(null);
    setMobileOpen(false);
  }, [location.pathname, location.search]);

  useEffect(() => {
    if (!openId && !mobileOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!headerRef.current?.contains(event.target as Node)) {
        setOpenId(null);
        setMobileOpen(false);
      }
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      if (openId) buttonRefs.current.get(openId)?.focus();
      setOpenId(null);
      setMobileOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [openId, mobileOpen]);

  const cartLabel = `Cart, ${cartCount} ${cartCount === 1 ? 'item' : 'items'}`;
  return (
    <header
      ref={headerRef}
      className="sticky top-0 z-30 print:hidden border-b border-line bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85"
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-2 sm:px-4 lg:h-[4.5rem] lg:px-6">
        <button
          type="button"
          className={`${iconButton} lg:hidden`}
          aria-expanded={mobileOpen}
          aria-controls={mobileId}
          aria-label={mobileOpen ? 'Close menu' : 'Open menu'}
          onClick={() => {
            setMobileOpen((v) => !v);
            setOpenId(null);
          }}
        >
          <FrameIcon name={mobileOpen ? 'close' : 'menu'} size={22} />
        </button>
        <Link
          to="/"
          className="ml-1 font-display text-xl tracking-[0.22em] text-ink sm:text-2xl sm:tracking-[0.28em] lg:mr-6 lg:ml-0 lg:text-[1.7rem]"
        >
          ADIRE
        </Link>
        <nav aria-label="Main" className="hidden flex-1 lg:block">
          <ul className="flex items-center gap-1 xl:gap-2">
            {MENU_SECTIONS.map((section) => (
              <li key={section.id}>
                {section.link ? (
                  <Link
                    to={section.to}
                    aria-current={location.pathname === section.to ? 'page' : undefined}
                    className="block px-2 py-2 text-[0.8rem] font-medium tracking-[0.14em] text-sale underline-offset-8 hover:underline aria-[current=page]:underline"
                  >
                    {section.label}
                  </Link>
                ) : (
                  <button
                    type="button"
                    ref={(el) => {
                      if (el) buttonRefs.current.set(section.id, el);
                    }}
                    aria-expanded={openId === section.id}
                    aria-controls={openId === section.id ? panelId : undefined}
                    onClick={() => setOpenId((id) => (id === section.id ? null : section.id))}
                    className={`block px-2 py-2 text-[0.8rem] font-medium tracking-[0.14em] underline-offset-8 hover:underline ${
                      openId === section.id ? 'underline decoration-2' : ''
                    }`}
                  >
                    {section.label}
                  </button>
                )}
                {/* Right after its button, so Tab goes from the section into its links. */}
                {open?.id === section.id && (
                  <div
                    id={panelId}
                    className="absolute inset-x-0 top-full hidden border-b border-line bg-white shadow-lg lg:block"
                  >
                    {renderPanel(open, () => setOpenId(null))}
                  </div>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-0.5 sm:gap-1">
          {user && (
            <span className="hidden pr-1 text-sm whitespace-nowrap sm:inline" data-testid="greeting">
              Hi {user.fname}
            </span>
          )}
          <Link
            to="/search"
            className={iconButton}
            aria-label="Search"
            aria-expanded={searching}
            onPointerEnter={loadSearch}
            onFocus={loadSearch}
            onClick={(event) => {
              event.preventDefault();
              setSearching((v) => !v);
              setOpenId(null);
              setMobileOpen(false);
            }}
          >
            <FrameIcon name="search" />
          </Link>
          {searching && (
            <Suspense>
              <HeaderSearch onClose={() => setSearching(false)} />
            </Suspense>
          )}
          {user ? (
            <>
              <Link to="/orders" className={`${iconButton} max-sm:hidden`} aria-label="My orders">
                <FrameIcon name="user" />
              </Link>
              <button type="button" className={`${iconButton} max-sm:hidden`} aria-label="Sign out" onClick={onSignOut}>
                <FrameIcon name="logOut" />
              </button>
            </>
          ) : (
            // A link to /signin without JavaScript (issue 32; she comes back to the home page); with it, the sign-in panel.
            <Link
              to="/signin"
              className={iconButton}
              aria-label="Sign in"
              onClick={(event) => {
                event.preventDefault();
                onSignIn();
              }}
            >
              <FrameIcon name="user" />
            </Link>
          )}
          <Link to="/cart" className={iconButton} aria-label={cartLabel}>
            <FrameIcon name="bag" />
            {cartCount > 0 && (
              <span
                aria-hidden
                data-testid="cart-count"
                className="absolute top-0.5 right-0.5 flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-accent px-1 text-[0.65rem] font-semibold text-white"
              >
                {cartCount > 99 ? '99+' : cartCount}
              </span>
            )}
          </Link>
        </div>
      </div>

      {/*
        Without JavaScript the search is this plain GET form (the instant one needs the app). Only
        the server renders it: React neither renders nor hydrates a <noscript>'s children in the
        browser, so the browser's build (SSR false) carries none of it (the entry's budget).
      */}
      <noscript>
        {import.meta.env.SSR && (
          <form action="/search" className="px-4 pb-2">
            <input name="title" type="search" aria-label="Search" placeholder="Find a Product" className="w-full border p-2" />
          </form>
        )}
      </noscript>
      {/* The sections' menus need the app: without it, a row of links to their listings (server only, as
          above), and to her orders (the page asks her to sign in when she has not). */}
      <noscript>
        {import.meta.env.SSR && (
          <nav aria-label="Sections" className="px-4 pb-2">
            <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs font-medium tracking-[0.14em] uppercase">
              {[...MOBILE_LINKS, { to: '/orders', label: 'My orders' }].map((item) => (
                <li key={item.to}>
                  <a href={item.to} className="underline-offset-4 hover:underline">
                    {item.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </noscript>
      {mobileOpen && (
        <Suspense fallback={null}>
          <MobileMenu id={mobileId} user={user} onSignIn={onSignIn} onSignOut={onSignOut} onClose={() => setMobileOpen(false)} />
        </Suspense>
      )}
    </header>
  );
}
