import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '@/test/harness.tsx';
import { BannersPage } from './banners-page.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const banner = { id: 'b1', title: 'Free delivery in Lagos', active: true, position: 0, createdAt: '2024-05-01T10:00:00.000Z' };

function renderPage(create: () => { status?: number; body?: unknown }) {
  const api = mockFetch(({ url, method }) => {
    if (url.pathname === '/api/banners/all' && method === 'GET') return { body: [banner] };
    if (url.pathname === '/api/banners/create' && method === 'POST') return create();
  });
  const { router } = renderWithProviders(<BannersPage />, { path: '/createbanner' });
  return { api, router };
}

describe('Banner Display', () => {
  it('says "Banner title is required" for an empty or blank message and sends nothing', async () => {
    const { api } = renderPage(() => ({ body: banner }));
    expect(await screen.findByText('Free delivery in Lagos')).toBeTruthy();
    const message = screen.getByLabelText('Banner Message');

    fireEvent.click(screen.getByRole('button', { name: 'Create Post' }));
    expect(await screen.findByText('Banner title is required')).toBeTruthy();
    expect(message.getAttribute('aria-invalid')).toBe('true');
    expect(message.getAttribute('aria-describedby')).toBe('banner-title-error');

    fireEvent.change(message, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Post' }));
    expect(await screen.findByText('Banner title is required')).toBeTruthy();
    expect(api.last('/api/banners/create')).toBeUndefined();
  });

  it('creates the banner with its title trimmed, and goes to /dashboard', async () => {
    const { api, router } = renderPage(() => ({ body: { ...banner, id: 'b2', title: 'New in: adire' } }));
    fireEvent.change(await screen.findByLabelText('Banner Message'), { target: { value: '  New in: adire ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Post' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(api.last('/api/banners/create')!.body).toEqual({ title: 'New in: adire' });
  });

  it('shows the server’s refusal under the field and stays on the page', async () => {
    const { router } = renderPage(() => ({ status: 400, body: { msg: 'Banner title must be at most 200 characters' } }));
    fireEvent.change(await screen.findByLabelText('Banner Message'), { target: { value: 'Sale' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Post' }));
    expect(await screen.findByText('Banner title must be at most 200 characters')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/createbanner');
    expect((screen.getByLabelText('Banner Message') as HTMLInputElement).value).toBe('Sale');
  });
});
