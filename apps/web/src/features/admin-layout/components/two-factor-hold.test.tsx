import { TWO_FACTOR_MESSAGES } from '@shop/shared/two-factor';
import { useQuery } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiRequest } from '@/lib/api-client.ts';
import { useSession } from '@/lib/session-store.ts';
import { useTwoFactorHold } from '@/lib/two-factor-hold.ts';
import { mockFetch, renderWithProviders } from '@/test/harness.tsx';
import { resetStaffTest, signInStaff } from '@/test/staff.ts';
import { AdminLayout } from './admin-layout.tsx';

/** A page built on a call the server refuses while the member has not set up two-factor sign-in. */
function UsersPage() {
  const users = useQuery({ queryKey: ['users'], queryFn: () => apiRequest('/api/users') });
  return <h1>{users.error ? users.error.message : 'Users'}</h1>;
}

const PAGES = [
  { path: 'dashboard', element: <UsersPage /> },
  { path: 'settings', element: <h1>Settings</h1> },
  { path: 'security', element: <h1>Sign-in security</h1> },
];

beforeEach(() => {
  localStorage.setItem('access_token', 'tok');
});
afterEach(resetStaffTest);

describe('the back office while the shop requires two-factor sign-in of the member', () => {
  it('takes them to Sign-in security at the first refusal, holding them there, without signing them out', async () => {
    const owner = signInStaff('owner');
    mockFetch(({ url }) => {
      if (url.pathname === '/api/auth/me') return { body: { user: { ...owner, twoFactor: false } } };
      return { status: 403, body: { msg: TWO_FACTOR_MESSAGES.setUpFirst } };
    });
    const { router } = renderWithProviders(<AdminLayout />, { url: '/dashboard', children: PAGES });
    expect(await screen.findByRole('heading', { name: 'Sign-in security', level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/security');
    expect(useTwoFactorHold.getState().heldMemberId).toBe(owner.id);
    expect(useSession.getState().status).toBe('signed-in');
  });

  it('offers every member their Sign-in security beside their profile', async () => {
    signInStaff('fulfilment');
    mockFetch(({ url }) => (url.pathname === '/api/auth/me' ? { body: { user: useSession.getState().user } } : undefined));
    const { router } = renderWithProviders(<AdminLayout />, { url: '/settings', children: PAGES });
    const profile = screen.getAllByRole('region', { name: 'Profile' })[0]!;
    await userEvent.click(within(profile).getByRole('link', { name: 'Sign-in security' }));
    expect(router.state.location.pathname).toBe('/security');
    expect(screen.getByRole('heading', { name: 'Sign-in security', level: 1 })).toBeTruthy();
  });
});
