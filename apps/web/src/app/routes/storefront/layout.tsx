/**
 * The storefront's frame: announcement banner (not on the blog), header, page, footer, and
 * the panels any page may open (sign-in, the checkout's delivery step and sandbox checkout). It also provides the shop
 * actions (add to cart, check out) to every page. Only the header and this frame are in the
 * entry bundle (its budget is 120 kB gzip); the banner (behind a placeholder of the same
 * height), the footer, pages, panels and the checkout flow load on demand.
 */
import type { ListingPath } from '@shop/shared/storefront-pages';
import { lazy, type ReactNode, Suspense, useEffect, useMemo } from 'react';
import { Outlet, useLocation, useMatches, useNavigate, useNavigationType } from 'react-router';
import { useSession } from '@/lib/session-store.ts';
import { totalQuantity, useCart } from '@/features/cart/cart-store.ts';
import { useCheckoutUi } from '@/features/checkout/checkout-store.ts';
import { Header } from '@/features/storefront-layout/components/header.tsx';
import { notify } from '@/lib/notify.tsx';
import { type ShopActions, ShopActionsContext } from '@/lib/shop-actions.ts';
import { useSignInRequest } from '@/lib/sign-in-request.ts';

const SignInPanel = lazy(() => import('@/features/account/components/sign-in-panel.tsx'));
const DeliveryStepDialog = lazy(() => import('@/features/checkout/components/delivery-step-dialog.tsx'));
const SandboxCheckoutDialog = lazy(() => import('@/features/checkout/components/sandbox-checkout-dialog.tsx'));
const AnnouncementBanner = lazy(() => import('@/features/storefront-layout/components/announcement-banner.tsx'));
// The footer, and with it the cart sync (app/footer.tsx).
const Footer = lazy(() => import('@/app/footer.tsx'));
const MegaMenuPanel = lazy(() => import('@/features/catalog/components/mega-menu-panel.tsx'));

/** Route `handle` of storefront pages. */
export interface StorefrontHandle {
  /** false: no announcement banner (the blog pages). */
  announcement?: boolean;
  /** A page of the listing table: which (listings.tsx's ListingPage reads it). */
  listing?: ListingPath;
}

/** After a paid checkout, the home page shows the confirmation: the order and how it arrives. */
export interface PurchaseState {
  purchase?: { number?: string; delivery?: string; orderId?: string };
}

function StorefrontFrame({ children }: { children: ReactNode }) {
  const matches = useMatches();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const signedIn = useSession((s) => s.status === 'signed-in');
  const logOut = useSession((s) => s.logOut);
  const cartCount = useCart((s) => totalQuantity(s.lines));
  const signInOpen = useSignInRequest((s) => s.open);
  const showSignIn = useSignInRequest((s) => s.show);
  const detailsOpen = useCheckoutUi((s) => s.details !== null);
  const sandboxOpen = useCheckoutUi((s) => s.sandbox !== null);
  const showBanner = !matches.some((m) => (m.handle as StorefrontHandle | undefined)?.announcement === false);

  const actions = useMemo<ShopActions>(
    () => ({
      addToCart(item, quantity = 1) {
        useCart.getState().add(item, quantity);
        notify.success(`${item.title} added to your cart`, { id: `cart-${item.productId}` });
      },
      async checkout(request) {
        const { startCheckout } = await import('@/features/checkout/start-checkout.tsx');
        const result = await startCheckout(request);
        if (result.status === 'paid' || result.status === 'placed') {
          if (request.kind === 'cart') useCart.getState().clear();
        }
        if (result.status === 'paid') {
          navigate('/', {
            state: {
              purchase: { number: result.number, delivery: result.delivery, orderId: result.orderId },
            } satisfies PurchaseState,
          });
        } else if (result.status === 'placed') {
          // What happens next (where to transfer, or that the rider takes the money) is on the order's page.
          navigate(`/orders/${result.orderId}`);
        }
        return result.status;
      },
    }),
    [navigate],
  );

  return (
    <ShopActionsContext.Provider value={actions}>
      <a href="#main" className="sr-only z-50 bg-ink px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
        Skip to content
      </a>
      {showBanner && (
        // The bar keeps its height while its code and banners load: nothing below it moves.
        <Suspense fallback={<div className="h-9 bg-ink" />}>
          <AnnouncementBanner />
        </Suspense>
      )}
      <Header
        user={signedIn ? user : null}
        cartCount={cartCount}
        onSignIn={showSignIn}
        onSignOut={() => {
          logOut();
          notify.success('You are signed out');
        }}
        renderPanel={(section, close) => (
          <Suspense fallback={<div className="h-64" />}>
            <MegaMenuPanel section={section} onNavigate={close} />
          </Suspense>
        )}
      />
      <main id="main" tabIndex={-1} className="min-h-[70vh] outline-none">
        {children}
      </main>
      <Suspense>
        <Footer />
      </Suspense>
      <Suspense>
        {signInOpen && <SignInPanel />}
        {detailsOpen && <DeliveryStepDialog />}
        {sandboxOpen && <SandboxCheckoutDialog />}
      </Suspense>
    </ShopActionsContext.Provider>
  );
}

/**
 * A new page starts at the top; back and forward leave the browser to restore the position
 * (a few bytes instead of ScrollRestoration, which the entry bundle cannot afford).
 */
function useScrollToTopOnNavigate() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page changes
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname]);
}

export function StorefrontLayout() {
  useScrollToTopOnNavigate();
  return (
    <StorefrontFrame>
      <Outlet />
    </StorefrontFrame>
  );
}

/**
 * Shown on first load while the page's code arrives: the frame, and a quiet placeholder a
 * screen tall (so the footer, arriving below, never shows and then moves).
 */
export function StorefrontFallback() {
  return (
    <StorefrontFrame>
      <div className="mx-auto min-h-dvh max-w-7xl px-4 py-10" aria-busy="true">
        <div className="aspect-[4/5] max-h-[70vh] w-full animate-pulse bg-cream sm:aspect-[16/7]" />
      </div>
    </StorefrontFrame>
  );
}
