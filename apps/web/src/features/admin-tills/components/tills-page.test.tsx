import type { TillView } from '@shop/shared/pos-till';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '@/test/harness.tsx';
import { resetStaffTest, signInStaff } from '@/test/staff.ts';
import { TillsPage } from './tills-page.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  resetStaffTest();
});

const FRONT: TillView = {
  id: 't1',
  name: 'Front counter',
  prefix: 'T1',
  createdAt: '2026-11-20T09:00:00.000Z',
  lastSyncAt: '2026-11-26T08:00:00.000Z',
  revokedAt: null,
};
const LOST: TillView = {
  ...FRONT,
  id: 't2',
  name: 'Lost tablet',
  prefix: 'T2',
  lastSyncAt: null,
  revokedAt: '2026-11-25T12:00:00.000Z',
};

function renderTills() {
  let tills: TillView[] = [FRONT, LOST];
  const api = mockFetch(({ method, url, body }) => {
    if (url.pathname === '/api/pos/tills' && method === 'GET') return { body: tills };
    if (url.pathname === '/api/pos/tills' && method === 'POST') {
      const name = (body as { name: string }).name;
      tills = [...tills, { ...FRONT, id: 't3', name, prefix: 'T3', lastSyncAt: null }];
      return { status: 201, body: { tillId: 't3', prefix: 'T3', deviceToken: 'till_secret-token' } };
    }
    if (url.pathname === '/api/pos/tills/t1' && method === 'DELETE') {
      tills = tills.map((t) => (t.id === 't1' ? { ...t, revokedAt: '2026-11-26T09:00:00.000Z' } : t));
      return { status: 204 };
    }
    return undefined;
  });
  renderWithProviders(<TillsPage />, { path: '/tills' });
  return api;
}

const rowOf = (text: string) => screen.getAllByText(text)[0]!.closest('tr')!;

describe('Tills', () => {
  it('lists each till with its prefix, last sync and whether it is revoked', async () => {
    signInStaff('owner');
    renderTills();
    await screen.findAllByText('Front counter');
    const front = within(rowOf('Front counter'));
    expect(front.getByText('T1')).toBeTruthy();
    expect(front.getByText('Active')).toBeTruthy();
    const lost = within(rowOf('Lost tablet'));
    expect(lost.getByText('Never')).toBeTruthy();
    expect(lost.getByText(/^Revoked/)).toBeTruthy();
    expect(lost.queryByRole('button', { name: /Revoke/ })).toBeNull();
  });

  it('registers a till and shows its prefix and its device token once, saying what the token is for', async () => {
    signInStaff('cashier');
    const api = renderTills();
    await screen.findAllByText('Front counter');
    await userEvent.click(screen.getByRole('button', { name: 'Register till' }));
    expect(await screen.findByText('Give the till a name')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Till name'), 'Back room');
    await userEvent.click(screen.getByRole('button', { name: 'Register till' }));
    const done = await screen.findByRole('status');
    expect(done.textContent).toContain('numbered T3-000001');
    expect(within(done).getByTestId('device-token').textContent).toBe('till_secret-token');
    expect(done.textContent).toContain('the till device’s own key');
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({ name: 'Back room' });
    expect(await screen.findAllByText('Back room')).toBeTruthy();
    await userEvent.click(within(done).getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('device-token')).toBeNull();
  });

  it('revokes a till after asking, and only for whom the API allows it (settings.write)', async () => {
    signInStaff('owner');
    const api = renderTills();
    await screen.findAllByText('Front counter');
    await userEvent.click(within(rowOf('Front counter')).getByRole('button', { name: 'Revoke Front counter' }));
    const ask = screen.getByRole('alertdialog');
    expect(ask.textContent).toContain('Revoke “Front counter” (T1)?');
    await userEvent.click(within(ask).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(within(rowOf('Front counter')).getByText(/^Revoked/)).toBeTruthy());
    expect(api.requests.some((r) => r.method === 'DELETE' && r.url.pathname === '/api/pos/tills/t1')).toBe(true);

    cleanup();
    signInStaff('cashier');
    renderTills();
    await screen.findAllByText('Front counter');
    expect(screen.queryByRole('button', { name: /^Revoke/ })).toBeNull();
  });
});
