import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/harness.tsx';
import { useSession } from '@/lib/session-store.ts';
import { RequireAdmin } from './require-admin.tsx';

const user = {
  id: 'u1',
  fname: 'Ada',
  lname: 'Okafor',
  email: 'ada@demo.shop',
  phone: '',
  address: '',
  city: '',
  state: '',
  country: '',
  role: 'admin' as const,
};

function renderGuarded() {
  return renderWithProviders(
    <RequireAdmin>
      <p>Secret</p>
    </RequireAdmin>,
    { path: '/dashboard' },
  );
}

describe('RequireAdmin', () => {
  afterEach(() => {
    cleanup();
    useSession.setState({ status: 'signed-out', user: null });
  });

  it('shows the spec’s message while the session is being restored', () => {
    useSession.setState({ status: 'restoring', user: null });
    renderGuarded();
    expect(screen.getByRole('status').textContent).toBe('Oops!! Sorry you have to log In');
    expect(screen.queryByText('Secret')).toBeNull();
  });

  it('sends a visitor who is not signed in to /login', () => {
    useSession.setState({ status: 'signed-out', user: null });
    const { router } = renderGuarded();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('refuses a shopper’s session', () => {
    useSession.setState({ status: 'signed-in', user: { ...user, role: 'shopper' } });
    const { router } = renderGuarded();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByText('Secret')).toBeNull();
  });

  it('lets an admin in', () => {
    useSession.setState({ status: 'signed-in', user });
    renderGuarded();
    expect(screen.getByText('Secret')).toBeTruthy();
  });
});
