import { cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/harness.tsx';
import { signInStaff, signOutStaff } from '@/test/staff.ts';
import { AdminEntry } from './admin-entry.tsx';

afterEach(() => {
  cleanup();
  signOutStaff();
});

describe('/admin', () => {
  it('opens the member’s landing page', () => {
    signInStaff('fulfilment');
    const { router } = renderWithProviders(<AdminEntry />, { path: '/admin' });
    expect(router.state.location.pathname).toBe('/purchasetable');
  });

  it('sends a visitor who is not signed in to /login', () => {
    const { router } = renderWithProviders(<AdminEntry />, { path: '/admin' });
    expect(router.state.location.pathname).toBe('/login');
  });
});
