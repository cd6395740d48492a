import 'fake-indexeddb/auto';
import type { TillSaleView } from '@shop/shared/pos-drawers';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tillDb } from '../till-db.ts';
import { clearTill, ids, prepare, resetTill, server, setOnline } from './till-fixtures.tsx';

beforeEach(resetTill);
afterEach(async () => {
  cleanup();
  await clearTill();
});
configure({ asyncUtilTimeout: 5000 });

const saleId = '7f000000-0000-4000-8000-0000000000aa';
/** Two kaftans sold on this till to a known customer, one brought back already. */
const ownSale: TillSaleView = {
  id: saleId,
  receiptNumber: 'T2-000009',
  createdAt: '2026-11-20T10:00:00.000Z',
  tillId: ids.till,
  customer: { id: '7f000000-0000-4000-8000-0000000000cc', name: 'Funke Akindele', phone: '+2348035550101' },
  total: 2_500_000,
  tenders: [{ type: 'card', amount: 2_500_000 }],
  lines: [
    {
      lineId: '7f000000-0000-4000-8000-0000000000dd',
      variantId: ids.variant,
      title: 'Adire Kaftan',
      size: 'm',
      color: 'Indigo',
      sku: 'KAF-M',
      quantity: 2,
      unitPrice: 1_250_000,
      returned: 1,
    },
  ],
};
const otherTillSale: TillSaleView = { ...ownSale, id: '7f000000-0000-4000-8000-0000000000bb', tillId: 'another-till' };

const returnRoutes = () =>
  server(({ method, url, body }) => {
    if (method === 'GET' && url.pathname === '/api/pos/sales') {
      return { body: url.searchParams.get('q') === 'T2-000009' ? [ownSale, otherTillSale] : [] };
    }
    if (method === 'POST' && url.pathname === '/api/pos/returns') {
      const { id, saleId: sale } = body as { id: string; saleId: string };
      return {
        status: 201,
        body: {
          returnId: id,
          saleId: sale,
          amount: 1_250_000,
          goods: 1_250_000,
          refundId: null,
          exchangeOrderId: null,
          difference: -1_250_000,
        },
      };
    }
    return undefined;
  });

/** The till set up, the Returns dialog open, and the sale T2-000009 found as a scanner types it. */
async function findOwnSale() {
  const api = returnRoutes();
  const user = await prepare();
  await user.click(screen.getByRole('button', { name: 'Returns' }));
  const dialog = screen.getByRole('dialog', { name: 'Returns' });
  await user.type(within(dialog).getByLabelText('Receipt number, customer name or phone'), 'T2-000009{Enter}');
  const found = await within(dialog).findByRole('list', { name: 'Sales found' });
  return { api, user, dialog, found };
}

describe('returns at the till', { timeout: 20_000 }, () => {
  it("finds the sale by receipt number, takes back no more than is left, and sends it with a manager's PIN", async () => {
    const { api, user, dialog, found } = await findOwnSale();
    expect(within(found).getByText('Made on another till: take it back there')).toBeTruthy();
    expect(within(found).getAllByRole('button', { name: /Choose/ })).toHaveLength(1);
    await user.click(within(found).getByRole('button', { name: /Choose/ }));

    expect(within(dialog).getByText(/sold 2, 1 back already/)).toBeTruthy();
    const quantity = within(dialog).getByRole('spinbutton', { name: 'Quantity of Adire Kaftan' });
    await user.clear(quantity);
    await user.type(quantity, '5');
    expect((quantity as HTMLInputElement).value).toBe('1');
    expect(within(dialog).getByTestId('return-value').textContent).toBe('₦12,500.00');
    await user.click(within(dialog).getByRole('checkbox', { name: /Back on sale/ }));
    await user.click(within(dialog).getByRole('radio', { name: 'Store credit' }));
    await user.click(within(dialog).getByRole('button', { name: 'Record return' }));

    // The Cashier's role asks a manager's approval for refunds.
    const pin = await screen.findByRole('dialog', { name: 'Manager approval' });
    expect(within(pin).queryByText(/Ada/)).toBeNull();
    await user.type(within(pin).getByLabelText('PIN'), '907733');
    await user.click(within(pin).getByRole('button', { name: 'Confirm' }));

    await within(dialog).findByText(/Return recorded/);
    expect(within(dialog).getByText('₦12,500.00 back to store credit for T2-000009')).toBeTruthy();
    const sent = api.last('/api/pos/returns');
    expect(sent?.body).toMatchObject({
      saleId,
      tillId: ids.till,
      cashierId: ids.cashier,
      refundTo: 'store_credit',
      lines: [{ variantId: ids.variant, quantity: 1, restock: false }],
      approvals: [{ action: 'refund', managerId: ids.manager, amount: 1_250_000 }],
    });
    expect(api.spy.mock.calls.find(([u]) => String(u).includes('/api/pos/returns'))?.[1]?.headers).toMatchObject({
      Authorization: 'Bearer till_secret',
    });
  });

  it('takes back a sale made offline on this till, found on the device, and syncs the return after the sale', async () => {
    const api = returnRoutes();
    const user = await prepare();
    setOnline(false);
    await user.type(screen.getByRole('searchbox', { name: 'Search or scan' }), 'KAF-M{Enter}');
    await user.click(screen.getByRole('button', { name: 'Add payment' }));
    await user.click(screen.getByRole('button', { name: 'Complete sale' }));
    await screen.findByRole('heading', { name: 'Receipt T2-000001' });

    await user.click(screen.getByRole('button', { name: 'Returns' }));
    const dialog = screen.getByRole('dialog', { name: 'Returns' });
    await user.type(within(dialog).getByLabelText('Receipt number, customer name or phone'), 't2-000001{Enter}');
    await user.click(await within(dialog).findByRole('button', { name: /Choose/ }));
    // A walk-in sale: no store credit.
    expect(within(dialog).queryByRole('radio', { name: 'Store credit' })).toBeNull();
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Quantity of Adire Kaftan (m / Indigo)' }), '1');
    await user.click(within(dialog).getByRole('radio', { name: 'Original payment' }));
    await user.click(within(dialog).getByRole('button', { name: 'Record return' }));
    await user.type(within(await screen.findByRole('dialog', { name: 'Manager approval' })).getByLabelText('PIN'), '907733');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    await within(dialog).findByText(/Saved on this till/);
    expect(api.requests.filter((r) => r.url.pathname === '/api/pos/returns')).toHaveLength(0);
    const [kept] = await tillDb().returns.toArray();
    expect(kept).toMatchObject({ status: 'waiting', goods: 1_250_000, body: { refundTo: 'original' } });

    setOnline(true);
    await within(dialog).findByText(/Return recorded/);
    const posts = api.requests.filter((r) => r.method === 'POST').map((r) => r.url.pathname);
    expect(posts.slice(-2)).toEqual(['/api/pos/sales/sync', '/api/pos/returns']);
    expect(api.last('/api/pos/returns')?.body).toMatchObject({ id: kept?.id, saleId: kept?.body.saleId });
    await waitFor(async () => expect((await tillDb().returns.get(kept!.id))?.status).toBe('recorded'));
  });

  it('exchanges for a dearer size in one step, the customer paying the difference', async () => {
    const { api, user, dialog, found } = await findOwnSale();
    await user.click(within(found).getByRole('button', { name: /Choose/ }));
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Quantity of Adire Kaftan' }), '1');
    // Scanned: the large at once.
    await user.type(within(dialog).getByRole('searchbox', { name: 'Exchange for: name, SKU or scan' }), 'KAF-L{Enter}');
    expect(within(dialog).getByRole('list', { name: 'Exchanged for' }).textContent).toContain('1 × Adire Kaftan (l / Indigo)');
    expect(within(dialog).getByText('To pay')).toBeTruthy();
    expect(within(dialog).getByTestId('return-difference').textContent).toBe('₦2,500.00');
    expect(within(dialog).queryByRole('radio', { name: 'Store credit' })).toBeNull();
    await user.click(within(dialog).getByRole('radio', { name: 'Card (terminal)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Record return' }));
    await user.type(within(await screen.findByRole('dialog', { name: 'Manager approval' })).getByLabelText('PIN'), '907733');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    await within(dialog).findByText(/Return recorded/);
    expect(within(dialog).getByText('₦2,500.00 paid by card (terminal) for the exchange for T2-000009')).toBeTruthy();
    expect(api.last('/api/pos/returns')?.body).toMatchObject({
      saleId,
      lines: [{ variantId: ids.variant, quantity: 1, restock: true }],
      exchange: {
        sale: {
          receiptNumber: 'T2-000001',
          lines: [{ variantId: ids.large, quantity: 1 }],
          tenders: [{ type: 'card', amount: 250_000 }],
        },
      },
    });
  });
});
