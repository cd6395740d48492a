import { DEFAULT_STORE_SETTINGS } from '@shop/shared/content';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '@/test/harness.tsx';
import { signInStaff, signOutStaff } from '@/test/staff.ts';
import { SettingsPage } from './settings-page.tsx';

const FEEDS = {
  google: 'https://adire.ng/feeds/google.xml?token=secret-feed-token',
  meta: 'https://adire.ng/feeds/meta.csv?token=secret-feed-token',
  tokenRequired: true,
};

beforeEach(() => {
  vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
});
afterEach(() => {
  cleanup();
  signOutStaff();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function serve() {
  return mockFetch(({ url }) => {
    if (url.pathname === '/api/settings') return { body: DEFAULT_STORE_SETTINGS };
    if (url.pathname === '/api/feeds') return { body: FEEDS };
  });
}

describe('Settings: catalogue feeds (issue 31)', () => {
  it('shows both feed URLs with a guide for Google and Meta, and copies one', async () => {
    signInStaff('owner');
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    serve();
    renderWithProviders(<SettingsPage />, { path: '/settings' });
    const google = (await screen.findByLabelText('Google Merchant Center feed URL')) as HTMLInputElement;
    expect(google.value).toBe(FEEDS.google);
    expect((screen.getByLabelText('Meta Commerce Manager feed URL') as HTMLInputElement).value).toBe(FEEDS.meta);
    expect(screen.getByRole('heading', { name: 'Add it to Google Merchant Center' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Add it to Meta Commerce Manager' })).toBeTruthy();
    expect(screen.getByText(/carry the shop's feed token/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Copy the Meta Commerce Manager feed URL' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(FEEDS.meta));
  });

  it('is not shown, nor asked for, to a member who may not change the settings', async () => {
    signInStaff('cashier');
    const api = serve();
    renderWithProviders(<SettingsPage />, { path: '/settings' });
    await screen.findByRole('heading', { name: 'Change password' });
    expect(screen.queryByText('Catalogue feeds')).toBeNull();
    expect(api.requests.some((r) => r.url.pathname === '/api/feeds')).toBe(false);
  });
});
