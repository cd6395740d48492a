import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onForbidden } from '@/lib/api-client.ts';
import { mockFetch, renderWithProviders } from '@/test/harness.tsx';
import { makeOrder } from '@/test/orders.ts';
import { resetStaffTest, signInStaff } from '@/test/staff.ts';
import { OrderPage } from './order-page.tsx';

afterEach(resetStaffTest);

/** A role of the shop's own: reads orders and sells at the till, but may not refund orders (orders.refund). */
const TILL_LEAD = ['orders.read', 'pos.sell', 'catalog.read'] as const;
const tillSale = makeOrder({ channel: 'pos', paymentMethod: 'pos', payments: [] });
const NEEDS_APPROVAL = "You don't have permission to refund orders without a manager's approval (approvalId)";

function serve(order: object, refund: () => { status?: number; body?: unknown } = () => ({ body: order })) {
  const api = mockFetch(({ url, method }) => {
    if (url.pathname === '/api/orders/o1' && method === 'GET') return { body: order };
    if (url.pathname === '/api/orders/o1/refunds' && method === 'POST') return refund();
    return undefined;
  });
  renderWithProviders(<OrderPage id="o1" />, { path: '/purchasetable/:id', url: '/purchasetable/o1' });
  return api;
}

async function refundEverything(reason: string) {
  const form = (await screen.findByRole('heading', { name: 'Refund' })).closest('form')!;
  fireEvent.change(within(form).getByLabelText('Reason'), { target: { value: reason } });
  fireEvent.click(within(form).getByRole('button', { name: 'Refund' }));
  fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Refund' }));
  return form;
}

describe('Refunding a till sale without orders.refund', () => {
  it('offers the refund of a till sale to a member who sells at the till, and sends it for the server to decide', async () => {
    signInStaff('cashier', TILL_LEAD);
    const api = serve(tillSale);
    await refundEverything('Wrong colour');
    expect(screen.getByText(/A till sale: your role’s till refund policy decides/)).toBeTruthy();
    await waitFor(() => expect(api.last('/api/orders/o1/refunds')?.body).toEqual({ reason: 'Wrong colour', restock: false }));
  });

  it('shows the server’s refusal (a manager’s approval needed) in the form, without the back office’s permission refusal', async () => {
    signInStaff('cashier', TILL_LEAD);
    const heard = vi.fn();
    const stop = onForbidden(heard);
    serve(tillSale, () => ({ status: 403, body: { msg: NEEDS_APPROVAL, permission: 'orders.refund' } }));
    const form = await refundEverything('Wrong colour');
    expect((await within(form).findByRole('alert')).textContent).toBe(NEEDS_APPROVAL);
    expect(heard).not.toHaveBeenCalled();
    stop();
  });

  it('offers no refund of a web order, nor of a till sale to a member who does not sell at the till', async () => {
    signInStaff('cashier', TILL_LEAD);
    serve(makeOrder({ channel: 'web' }));
    expect(await screen.findByRole('heading', { name: 'Refunds' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Refund' })).toBeNull();
    resetStaffTest();

    signInStaff('fulfilment');
    serve(tillSale);
    expect(await screen.findByRole('heading', { name: 'Refunds' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Refund' })).toBeNull();
  });

  it('with orders.refund, refunds a till sale as any order, without the till note', async () => {
    signInStaff('owner');
    serve(tillSale);
    await screen.findByRole('heading', { name: 'Refund' });
    expect(screen.queryByText(/A till sale: your role’s till refund policy decides/)).toBeNull();
  });
});
