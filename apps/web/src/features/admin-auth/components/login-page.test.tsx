import { type RoleTemplate, TEMPLATE_ROLES } from '@shop/shared/staff';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '@/test/harness.tsx';
import { signInStaff, signOutStaff, staffUser } from '@/test/staff.ts';
import { LoginPage } from './login-page.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
  signOutStaff();
});

/** Where each template lands: a page its role may use (the spec's /dashboard for those who see everything). */
const LANDING: Record<RoleTemplate, string> = {
  owner: '/dashboard',
  manager: '/dashboard',
  cashier: '/pos',
  fulfilment: '/purchasetable',
  content_editor: '/categorytable',
};

describe('Admin Login: where each role lands', () => {
  for (const [template, landing] of Object.entries(LANDING) as [RoleTemplate, string][]) {
    it(`takes the ${TEMPLATE_ROLES[template].name} to ${landing}`, async () => {
      const fetch = mockFetch(({ url }) =>
        url.pathname === '/api/auth/adminlogin' ? { body: { accessToken: 'tok', user: staffUser(template) } } : undefined,
      );
      const { router } = renderWithProviders(<LoginPage />, { path: '/login' });
      fireEvent.change(screen.getByLabelText('Email'), { target: { value: `${template}@demo.shop` } });
      fireEvent.change(screen.getByLabelText('Password', { selector: 'input' }), { target: { value: 'pw' } });
      fireEvent.click(screen.getByRole('button', { name: 'Login' }));
      await waitFor(() => expect(router.state.location.pathname).toBe(landing));
      expect(fetch.last('/api/auth/adminlogin')?.body).toEqual({ email: `${template}@demo.shop`, password: 'pw' });
      expect(localStorage.getItem('access_token')).toBe('tok');
    });
  }

  it('sends a member already signed in to their own page', async () => {
    signInStaff('cashier');
    const { router } = renderWithProviders(<LoginPage />, { path: '/login' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/pos'));
  });
});
