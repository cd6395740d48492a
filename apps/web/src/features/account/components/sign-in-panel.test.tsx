import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session-store.ts';
import { useSignInRequest } from '@/lib/sign-in-request.ts';
import { heldFetch, renderWithProviders } from '@/test/harness.tsx';
import SignInPanel from './sign-in-panel.tsx';

function renderPanel() {
  return renderWithProviders(<SignInPanel />, {
    path: '/somewhere',
    routes: [
      { path: '/', element: <p>Home page</p> },
      { path: '/register', element: <p>Register page</p> },
      { path: '/forgot-password', element: <p>Forgot password page</p> },
    ],
  }).router;
}

const user = {
  id: 'u1',
  fname: 'Tolu',
  lname: 'Adeyemi',
  email: 'tolu@example.com',
  phone: '',
  address: '',
  city: '',
  state: '',
  country: '',
  role: 'shopper' as const,
};

describe('SignInPanel', () => {
  beforeEach(() => {
    localStorage.clear();
    useSignInRequest.setState({ open: true, waiting: null });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('reads "Loading..." while working, then shows the server\'s message', async () => {
    const { release } = heldFetch(401, { msg: 'Invalid email or password' });
    renderPanel();
    await userEvent.type(screen.getByLabelText('Email'), 'tolu@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'LOGIN' }));
    expect(await screen.findByRole('button', { name: 'Loading...' })).toBeTruthy();
    release();
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');
    expect(screen.getByRole('button', { name: 'LOGIN' })).toBeTruthy();
    expect(useSession.getState().status).toBe('signed-out');
  });

  it('shows and hides the password', async () => {
    renderPanel();
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('type')).toBe('password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.getAttribute('type')).toBe('text');
  });

  it('signs in and goes to / when opened from the header', async () => {
    heldFetch(200, { accessToken: 'tok', user }).release();
    const router = renderPanel();
    await userEvent.type(screen.getByLabelText('Email'), 'tolu@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'right-password');
    await userEvent.click(screen.getByRole('button', { name: 'LOGIN' }));
    await screen.findByText('Home page');
    expect(router.state.location.pathname).toBe('/');
    expect(useSession.getState().user?.fname).toBe('Tolu');
    expect(localStorage.getItem('access_token')).toBe('tok');
  });

  it('lets whoever asked carry on, without leaving the page', async () => {
    heldFetch(200, { accessToken: 'tok', user }).release();
    const asked = useSignInRequest.getState().request();
    const router = renderPanel();
    await userEvent.type(screen.getByLabelText('Email'), 'tolu@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'right-password');
    await userEvent.click(screen.getByRole('button', { name: 'LOGIN' }));
    await expect(asked).resolves.toBe(true);
    expect(router.state.location.pathname).toBe('/somewhere');
  });

  it('"Forgot password?" closes the panel and goes to /forgot-password with the address typed', async () => {
    const router = renderPanel();
    await userEvent.type(screen.getByLabelText('Email'), 'tolu@example.com ');
    await userEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(router.state.location.pathname).toBe('/forgot-password');
    expect(router.state.location.state).toEqual({ email: 'tolu@example.com' });
    expect(useSignInRequest.getState().open).toBe(false);
  });

  it('SIGN UP goes to /register', async () => {
    const router = renderPanel();
    await userEvent.click(screen.getByRole('button', { name: 'SIGN UP' }));
    expect(router.state.location.pathname).toBe('/register');
  });
});
