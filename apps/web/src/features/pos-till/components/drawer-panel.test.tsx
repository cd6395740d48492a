import 'fake-indexeddb/auto';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tillDb } from '../till-db.ts';
import { useTill } from '../till-store.ts';
import { clearTill, prepare, resetTill, server, setOnline } from './till-fixtures.tsx';

beforeEach(resetTill);
afterEach(async () => {
  cleanup();
  await clearTill();
});
configure({ asyncUtilTimeout: 5000 });

const drawerRoutes = (closeStatus = 200) =>
  server(({ method, url, body }) => {
    if (method === 'POST' && url.pathname === '/api/pos/drawers') return { status: 201, body };
    if (method === 'POST' && url.pathname.endsWith('/movements')) return { status: 201, body };
    if (method === 'POST' && url.pathname.endsWith('/close')) {
      // The server's sums: ₦20,000 float + ₦12,500 cash sale − ₦500 paid out.
      if (closeStatus !== 200) return { status: closeStatus, body: { msg: 'This drawer is closed already' } };
      const { counted } = body as { counted: number };
      return { body: { expected: 3_200_000, counted, overShort: counted - 3_200_000, drawer: {} } };
    }
    return undefined;
  });

describe('the till drawer', { timeout: 20_000 }, () => {
  it('opens with a float online, pays out and sells offline into it, and closes short once synced, in the order made', async () => {
    const api = drawerRoutes();
    const user = await prepare();
    await user.click(screen.getByRole('button', { name: 'Drawer' }));
    const dialog = screen.getByRole('dialog', { name: 'Drawer' });
    await user.type(within(dialog).getByLabelText('Float (₦)'), '20,000');
    await user.click(within(dialog).getByRole('button', { name: 'Open drawer' }));

    await within(dialog).findByText('₦20,000.00');
    // Sent at once while online (then the catalogue refreshed, as after every sync).
    await waitFor(() => expect(useTill.getState()).toMatchObject({ syncing: false, outboxWaiting: 0 }));
    const opened = api.last('/api/pos/drawers')?.body as { id: string; float: number };
    expect(opened).toMatchObject({ float: 2_000_000 });
    expect(opened.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(api.spy.mock.calls.find(([u]) => String(u).endsWith('/api/pos/drawers'))?.[1]?.headers).toMatchObject({
      Authorization: 'Bearer till_secret',
    });

    setOnline(false);
    const before = api.requests.length;
    await user.click(within(dialog).getByRole('radio', { name: 'Pay out' }));
    await user.type(within(dialog).getByLabelText('Amount (₦)'), '500');
    await user.type(within(dialog).getByLabelText('Reason'), 'Fuel for the generator');
    await user.click(within(dialog).getByRole('button', { name: 'Pay out' }));
    await within(dialog).findByText('₦500.00');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.getByRole('button', { name: 'Drawer (open)' })).toBeTruthy();

    await user.type(screen.getByRole('searchbox', { name: 'Search or scan' }), 'KAF-M{Enter}');
    await user.click(screen.getByRole('button', { name: 'Add payment' }));
    await user.click(screen.getByRole('button', { name: 'Complete sale' }));
    await screen.findByRole('heading', { name: 'Receipt T2-000001' });
    const [sale] = await tillDb().sales.toArray();
    expect(sale?.sale.drawerId).toBe(opened.id);

    await user.click(screen.getByRole('button', { name: 'Drawer (open)' }));
    const closing = screen.getByRole('dialog', { name: 'Drawer' });
    await user.type(within(closing).getByLabelText('Counted cash (₦)'), '31000');
    await user.click(within(closing).getByRole('button', { name: 'Close drawer' }));
    await within(closing).findByText('Expected and over or short show once the till syncs.');
    expect(screen.getByRole('status', { hidden: true }).textContent).toContain('2 drawer changes and returns waiting');
    // Nothing reached the server while offline.
    expect(api.requests.length).toBe(before);

    setOnline(true);
    await within(closing).findByText('Short');
    expect(within(closing).getByText('₦32,000.00')).toBeTruthy();
    expect(within(closing).getByTestId('drawer-over-short').textContent).toBe('₦1,000.00');
    expect(within(closing).getByRole('link', { name: 'Z-report' }).getAttribute('href')).toBe(`/drawers/${opened.id}`);

    const sent = api.requests.slice(before).filter((r) => r.method === 'POST');
    expect(sent.map((r) => r.url.pathname)).toEqual([
      `/api/pos/drawers/${opened.id}/movements`,
      '/api/pos/sales/sync',
      `/api/pos/drawers/${opened.id}/close`,
    ]);
    expect(sent[0]?.body).toMatchObject({ kind: 'pay_out', amount: 50_000, reason: 'Fuel for the generator' });
    expect(sent[1]?.body).toMatchObject({ sales: [{ drawerId: opened.id }] });
    expect(sent[2]?.body).toEqual({ counted: 3_100_000 });
    expect(await tillDb().drawerOps.where('status').equals('waiting').count()).toBe(0);
    // The next drawer can be opened.
    expect(within(closing).getByRole('button', { name: 'Open drawer' })).toBeTruthy();
  });

  it('keeps a close the server refuses with its reason, and does not send it again', async () => {
    const api = drawerRoutes(409);
    const user = await prepare();
    await user.click(screen.getByRole('button', { name: 'Drawer' }));
    const dialog = screen.getByRole('dialog', { name: 'Drawer' });
    await user.type(within(dialog).getByLabelText('Float (₦)'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Open drawer' }));
    await user.type(await within(dialog).findByLabelText('Counted cash (₦)'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Close drawer' }));
    await within(dialog).findByText('The server did not take the close: This drawer is closed already');
    const ops = await tillDb().drawerOps.toArray();
    expect(ops.map((o) => [o.kind, o.status])).toEqual([
      ['open', 'sent'],
      ['close', 'refused'],
    ]);
    const closes = () => api.requests.filter((r) => r.url.pathname.endsWith('/close')).length;
    expect(closes()).toBe(1);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    setOnline(false);
    setOnline(true);
    await screen.findByText('All sales synced');
    expect(closes()).toBe(1);
  });

  it('refuses a float that is not an amount, sending nothing', async () => {
    const api = drawerRoutes();
    const user = await prepare();
    await user.click(screen.getByRole('button', { name: 'Drawer' }));
    await user.type(screen.getByLabelText('Float (₦)'), 'twenty');
    await user.click(screen.getByRole('button', { name: 'Open drawer' }));
    expect(screen.getByText('Type the float in naira, such as 5000 or 5,000.50')).toBeTruthy();
    expect(api.last('/api/pos/drawers')).toBeUndefined();
    expect(await tillDb().drawerOps.count()).toBe(0);
  });
});
