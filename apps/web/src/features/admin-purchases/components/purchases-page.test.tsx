import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '@/test/harness.tsx';
import { PurchasesPage } from './purchases-page.tsx';
import { signInStaff, signOutStaff } from '@/test/staff.ts';

// The Owner, who may use every button and field of these screens.
beforeEach(() => {
  signInStaff('owner');
});
afterEach(signOutStaff);

const purchase = {
  id: 'o1',
  title: 'Adire silk maxi dress',
  email: 'ngozi@example.com',
  price: 45000,
  description: '',
  color: 'indigo',
  size: 'medium',
  quantity: 2,
  totalPrice: '88000.00',
  categoryId: 'abcdef123456',
  discount: 2000,
  number: 'NG-000123',
  status: 'paid',
  paymentStatus: 'partially_refunded',
  channel: 'pos',
  customerName: 'Ngozi Eze',
  createdAt: '2024-05-01T10:00:00.000Z',
  archivedAt: null,
};

function serve() {
  return mockFetch(({ url, method }) => {
    if (url.pathname === '/api/purchases') return { body: [purchase], headers: { 'X-Total-Count': '31' } };
    if (url.pathname === '/api/purchases/o1' && method === 'DELETE') return { body: { msg: 'Purchase archived', id: 'o1' } };
    if (url.pathname === '/api/purchases/o1/restore') return { body: purchase };
  });
}
const lastQuery = (api: ReturnType<typeof serve>) => Object.fromEntries(api.last('/api/purchases')!.url.searchParams);

describe('Purchases table (server-driven)', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows the spec’s cut columns and naira', async () => {
    serve();
    renderWithProviders(<PurchasesPage />);
    expect(await screen.findByText('Adire s...')).toBeTruthy();
    expect(screen.getByText('abcdef')).toBeTruthy();
    expect(screen.getByText('₦88,000.00')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'NG-000123' }).getAttribute('href')).toBe('/purchasetable/o1');
  });

  it('shows each purchase’s payment status in the Payment column, beside its status', async () => {
    mockFetch(({ url }) => {
      if (url.pathname === '/api/purchases') {
        return {
          body: [purchase, { ...purchase, id: 'o2', number: 'NG-000124', status: 'delivered', paymentStatus: 'unpaid' }],
          headers: { 'X-Total-Count': '2' },
        };
      }
    });
    renderWithProviders(<PurchasesPage />);
    const table = await screen.findByRole('table', { name: 'Purchases' });
    await within(table).findByText('NG-000124');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers.indexOf('Payment')).toBe(headers.indexOf('Status') + 1);
    const cell = (number: string, column: string) => {
      const row = within(table).getByText(number).closest('tr')!;
      return within(row).getAllByRole('cell')[headers.indexOf(column)]!.textContent;
    };
    expect(cell('NG-000123', 'Payment')).toBe('Partly refunded');
    expect(cell('NG-000123', 'Status')).toBe('paid');
    expect(cell('NG-000124', 'Payment')).toBe('Unpaid');
    expect(cell('NG-000124', 'Status')).toBe('delivered');
  });

  it('sends status, dates, sort, page and the archived view to the server', async () => {
    const api = serve();
    renderWithProviders(<PurchasesPage />);
    await screen.findByText('Adire s...');
    expect(lastQuery(api)).toEqual({ sort: 'latest', limit: '10', offset: '0' });

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'paid' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2024-05-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2024-05-31' } });
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ status: 'paid', from: '2024-05-01', to: '2024-05-31' }));

    fireEvent.click(screen.getByRole('button', { name: 'Page 4' }));
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ offset: '30', status: 'paid' }));

    fireEvent.click(screen.getByRole('tab', { name: 'Archived' }));
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ archived: 'true', offset: '0' }));
    expect(screen.getByRole('button', { name: 'Restore purchase NG-000123' })).toBeTruthy();
  });

  it('archives after a confirmation (the delete icon), and restores from the archived view', async () => {
    const api = serve();
    renderWithProviders(<PurchasesPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete purchase NG-000123' }));
    const dialog = screen.getByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await waitFor(() =>
      expect(api.requests.some((r) => r.method === 'DELETE' && r.url.pathname === '/api/purchases/o1')).toBe(true),
    );

    fireEvent.click(screen.getByRole('tab', { name: 'Archived' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Restore purchase NG-000123' }));
    await waitFor(() =>
      expect(api.requests.some((r) => r.method === 'POST' && r.url.pathname === '/api/purchases/o1/restore')).toBe(true),
    );
  });
});

describe('Purchases table by role', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('lets Fulfilment archive but not export every customer (customers.export)', async () => {
    signInStaff('fulfilment');
    serve();
    renderWithProviders(<PurchasesPage />);
    expect(await screen.findByRole('button', { name: 'Delete purchase NG-000123' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
  });

  it('gives a role that may only read orders neither archive nor export', async () => {
    signInStaff('owner', ['orders.read']);
    serve();
    renderWithProviders(<PurchasesPage />);
    expect(await screen.findByText('NG-000123')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Delete purchase/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
  });
});
