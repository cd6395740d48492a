import type { AuthUser } from '@shop/shared/auth';
import { type RoleTemplate, TEMPLATE_ROLES } from '@shop/shared/staff';
import { useMutation } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Toaster } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '@/lib/api-client.ts';
import { notify } from '@/lib/notify.tsx';
import { useSession } from '@/lib/session-store.ts';
import { mockFetch, renderWithProviders } from '@/test/harness.tsx';
import { signInStaff, signOutStaff, staffUser } from '@/test/staff.ts';
import { AdminLayout } from './admin-layout.tsx';
import { NO_ACCESS } from './no-access.tsx';

const REFUSAL = { msg: "You don't have permission to refund orders", permission: 'orders.refund' };

/** A page whose one button makes a request the server refuses for want of a permission, and says so itself too. */
function RefundingPage() {
  const refund = useMutation({
    mutationFn: () => apiRequest('/api/orders/o1/refunds', { method: 'POST', body: {} }),
    onError: (error) => notify.error(error.message, { area: 'admin' }),
  });
  return (
    <>
      <h1>Order ADR-1001</h1>
      <button type="button" onClick={() => refund.mutate()}>
        Refund
      </button>
    </>
  );
}

const PAGES = [
  { path: 'overview', element: <h1>Overview</h1> },
  { path: 'purchasetable', element: <h1>Purchases</h1> },
  { path: 'purchasetable/:id', element: <RefundingPage /> },
  { path: 'pos', element: <h1>Point of Sale</h1> },
  { path: 'settings', element: <h1>Settings</h1> },
];

/** The back office at `url`, with /api/auth/me answering `me` (the member as the server has them now). */
function renderAt(url: string, me: AuthUser | null = useSession.getState().user) {
  const fetch = mockFetch(({ url: requested }) => {
    if (requested.pathname === '/api/auth/me') return { body: { user: me } };
    if (requested.pathname === '/api/orders/o1/refunds') return { status: 403, body: REFUSAL };
  });
  const view = renderWithProviders(
    <>
      <AdminLayout />
      <Toaster />
    </>,
    { url, children: PAGES },
  );
  return { ...view, fetch };
}

const menuLinks = () =>
  within(screen.getAllByRole('navigation', { name: 'Menu' })[0]!)
    .getAllByRole('link')
    .map((link) => link.textContent);

/** The screen as media queries see it: a phone unless a test widens it to lg (the toasts ask too). */
const screenSize = { wide: false, listeners: new Set<() => void>() };
const mediaList = (query: string) => ({
  get matches() {
    return query === '(min-width: 64rem)' && screenSize.wide;
  },
  addEventListener: (_type: string, listener: () => void) => screenSize.listeners.add(listener),
  removeEventListener: (_type: string, listener: () => void) => screenSize.listeners.delete(listener),
});
function widenScreen() {
  screenSize.wide = true;
  for (const listener of screenSize.listeners) listener();
}

beforeEach(() => {
  // A stored token, as after a real sign-in: the layout reads the member again with it.
  localStorage.setItem('access_token', 'tok');
  screenSize.wide = false;
  vi.stubGlobal('matchMedia', mediaList);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
  signOutStaff();
});

/** Each template's menu: the pages its role may open, in the menu's order. */
const MENUS: Record<RoleTemplate, string[]> = {
  owner: [
    'Overview',
    'Reports',
    'Users',
    'Purchases',
    'Categories',
    'Sub-Categories',
    'Sub Sub-Categories',
    'Brands',
    'Products',
    'Point of Sale',
    'Tills',
    'Cash drawers',
    'Sync conflicts',
    'Banner Display',
    'Blog Posts',
    'Delivery',
    'Coupons',
    'Messages',
    'Recovery',
    'Staff',
    'Settings',
  ],
  manager: [],
  cashier: [
    'Users',
    'Categories',
    'Sub-Categories',
    'Sub Sub-Categories',
    'Brands',
    'Products',
    'Point of Sale',
    'Tills',
    'Cash drawers',
    'Settings',
  ],
  fulfilment: [
    'Purchases',
    'Categories',
    'Sub-Categories',
    'Sub Sub-Categories',
    'Brands',
    'Products',
    'Sync conflicts',
    'Recovery',
    'Settings',
  ],
  content_editor: [
    'Categories',
    'Sub-Categories',
    'Sub Sub-Categories',
    'Brands',
    'Products',
    'Banner Display',
    'Blog Posts',
    'Settings',
  ],
};
// Everything the Owner has but Staff (staff.manage).
MENUS.manager = MENUS.owner.filter((label) => label !== 'Staff');

describe('the back office’s menu', () => {
  for (const template of Object.keys(MENUS) as RoleTemplate[]) {
    it(`shows the ${TEMPLATE_ROLES[template].name} only the pages the role may open`, async () => {
      signInStaff(template);
      renderAt('/settings');
      expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeTruthy();
      expect(menuLinks()).toEqual(MENUS[template]);
      expect(screen.getAllByText(TEMPLATE_ROLES[template].name).length).toBeGreaterThan(0);
    });
  }
});

describe('a page the role may not open', () => {
  it('says so inside the layout, with the menu and the way to the member’s own page, and signs nobody out', async () => {
    signInStaff('cashier');
    const { router, fetch } = renderAt('/purchasetable');
    expect(await screen.findByRole('heading', { name: NO_ACCESS, level: 1 })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Purchases' })).toBeNull();
    expect(menuLinks()).toContain('Point of Sale');
    expect(screen.getByText(/Your role, Cashier, does not include it/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Point of Sale' }).getAttribute('href')).toBe('/pos');
    await waitFor(() => expect(fetch.last('/api/auth/me')).toBeDefined());
    expect(router.state.location.pathname).toBe('/purchasetable');
    expect(useSession.getState().status).toBe('signed-in');
  });

  it('opens once the role allows it', async () => {
    signInStaff('fulfilment');
    renderAt('/purchasetable');
    expect(await screen.findByRole('heading', { name: 'Purchases', level: 1 })).toBeTruthy();
    expect(screen.queryByText(NO_ACCESS)).toBeNull();
  });
});

describe('fresh permissions', () => {
  it('reads the member again when the back office loads: a role changed meanwhile changes the menu and the pages', async () => {
    signInStaff('owner');
    renderAt('/overview', staffUser('cashier'));
    expect(screen.getByRole('heading', { name: 'Overview', level: 1 })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: NO_ACCESS, level: 1 })).toBeTruthy();
    expect(menuLinks()).toEqual(MENUS.cashier);
    expect(JSON.parse(localStorage.getItem('user')!).staffRole).toBe('Cashier');
  });

  it('shows a refusal’s message once, reads the member again, and keeps them signed in and on the page', async () => {
    signInStaff('owner');
    const { fetch, router } = renderAt('/purchasetable/o1');
    await waitFor(() => expect(fetch.requests.filter((r) => r.url.pathname === '/api/auth/me')).toHaveLength(1));
    fireEvent.click(await screen.findByRole('button', { name: 'Refund' }));
    expect(await screen.findByText(REFUSAL.msg)).toBeTruthy();
    await waitFor(() => expect(fetch.requests.filter((r) => r.url.pathname === '/api/auth/me')).toHaveLength(2));
    // The page said it too (its own onError): one toast, not two alike.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getAllByText(REFUSAL.msg)).toHaveLength(1);
    expect(useSession.getState().status).toBe('signed-in');
    expect(localStorage.getItem('access_token')).toBe('tok');
    expect(router.state.location.pathname).toBe('/purchasetable/o1');
  });
});

describe('the menu on a phone', () => {
  it('opens as a drawer with focus inside, and Escape closes it with focus back on the button', async () => {
    signInStaff('owner');
    renderAt('/overview');
    const button = screen.getByRole('button', { name: 'Open menu' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();

    fireEvent.click(button);
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    expect(drawer.getAttribute('aria-modal')).toBe('true');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.getAttribute('aria-controls')).toBe(drawer.id);
    const close = within(drawer).getByRole('button', { name: 'Close menu' });
    expect(document.activeElement).toBe(close);
    expect(within(drawer).getByRole('link', { name: 'Purchases' })).toBeTruthy();
    // The page behind is out of reach while it is open.
    expect(screen.getByRole('main', { hidden: true }).hasAttribute('inert')).toBe(true);

    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
    expect(screen.getByRole('main').hasAttribute('inert')).toBe(false);
  });

  it('closes when the screen widens to the fixed sidebar, so the page is not left out of reach', async () => {
    signInStaff('owner');
    renderAt('/overview');
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeTruthy();
    act(() => widenScreen());
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
    expect(screen.getByRole('main').hasAttribute('inert')).toBe(false);
  });

  it('keeps Tab inside the drawer, and closes it on Close menu and on a link', async () => {
    signInStaff('owner');
    const { router } = renderAt('/overview');
    const button = screen.getByRole('button', { name: 'Open menu' });
    fireEvent.click(button);
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    const close = within(drawer).getByRole('button', { name: 'Close menu' });
    const logOut = within(drawer).getByRole('link', { name: 'Log out' });
    logOut.focus();
    fireEvent.keyDown(logOut, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(logOut);

    fireEvent.click(close);
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
    expect(document.activeElement).toBe(button);

    fireEvent.click(button);
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Menu' })).getByRole('link', { name: 'Point of Sale' }));
    expect(await screen.findByRole('heading', { name: 'Point of Sale', level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/pos');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
  });
});
