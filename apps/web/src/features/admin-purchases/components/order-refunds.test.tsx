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

const MANAGER = { id: '3b0c6f0e-8f5e-4a39-9a1e-2f4c5d6e7f80', name: 'Ngozi Eze', roleName: 'Manager' };

function serve(
  order: object,
  refund: () => { status?: number; body?: unknown } = () => ({ body: order }),
  {
    policy = 'allow',
    approval = () => ({ status: 201, body: { approvalId: 'ap1', expiresAt: '2026-11-26T10:05:00Z' } }),
  }: {
    policy?: 'allow' | 'deny' | 'approval';
    approval?: () => { status?: number; body?: unknown };
  } = {},
) {
  const api = mockFetch(({ url, method }) => {
    if (url.pathname === '/api/orders/o1' && method === 'GET') return { body: order };
    if (url.pathname === '/api/orders/o1/refunds' && method === 'POST') return refund();
    if (url.pathname === '/api/pos/approvers' && method === 'GET') return { body: { policy, approvers: [MANAGER] } };
    if (url.pathname === '/api/pos/approvals' && method === 'POST') return approval();
    return undefined;
  });
  renderWithProviders(<OrderPage id="o1" />, { path: '/purchasetable/:id', url: '/purchasetable/o1' });
  return api;
}

async function refundEverything(reason: string) {
  const form = (await screen.findByRole('heading', { name: 'Refund' }, { timeout: 5000 })).closest('form')!;
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

  it('with a policy of approval: the manager picks their name and types their PIN, then the refund names the approval and its amount', async () => {
    signInStaff('cashier', TILL_LEAD);
    const api = serve(tillSale, undefined, { policy: 'approval' });
    const form = (await screen.findByRole('heading', { name: 'Refund' }, { timeout: 5000 })).closest('form')!;
    fireEvent.change(within(form).getByLabelText('Reason'), { target: { value: 'Wrong colour' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Refund' }));
    expect(await within(form).findByText('Choose the manager who approves')).toBeTruthy();
    expect(within(form).getByText('A PIN is 4 to 6 digits')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();

    fireEvent.change(within(form).getByLabelText('Manager'), { target: { value: MANAGER.id } });
    fireEvent.change(within(form).getByLabelText('Manager’s PIN'), { target: { value: '4321' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Refund' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(api.last('/api/orders/o1/refunds')?.body).toBeTruthy());
    const total = (tillSale as { total: number }).total;
    expect(api.last('/api/pos/approvals')?.body).toEqual({
      managerId: MANAGER.id,
      pin: '4321',
      action: 'refund',
      amount: total,
      orderId: 'o1',
    });
    expect(api.last('/api/orders/o1/refunds')?.body).toEqual({
      reason: 'Wrong colour',
      restock: false,
      amount: total,
      approvalId: 'ap1',
    });
  });

  it('shows a wrong PIN in the server’s words and refunds nothing; a policy of deny offers no form', async () => {
    signInStaff('cashier', TILL_LEAD);
    const wrong = 'Wrong PIN: 4 tries left before it locks for 15 minutes';
    const heard = vi.fn();
    const stop = onForbidden(heard);
    const api = serve(tillSale, undefined, {
      policy: 'approval',
      approval: () => ({ status: 403, body: { msg: wrong, attemptsLeft: 4 } }),
    });
    const form = (await screen.findByRole('heading', { name: 'Refund' }, { timeout: 5000 })).closest('form')!;
    fireEvent.change(within(form).getByLabelText('Reason'), { target: { value: 'Wrong colour' } });
    fireEvent.change(within(form).getByLabelText('Manager'), { target: { value: MANAGER.id } });
    fireEvent.change(within(form).getByLabelText('Manager’s PIN'), { target: { value: '1111' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Refund' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Refund' }));
    expect((await within(form).findByText(wrong)).textContent).toBe(wrong);
    expect(api.last('/api/orders/o1/refunds')).toBeUndefined();
    expect(heard).not.toHaveBeenCalled();
    stop();
    resetStaffTest();

    signInStaff('cashier', TILL_LEAD);
    serve(tillSale, undefined, { policy: 'deny' });
    expect(await screen.findByText('Your role may not refund till sales: ask a manager.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Refund' })).toBeNull();
  });

  it('with orders.refund, refunds a till sale as any order, without the till note', async () => {
    signInStaff('owner');
    serve(tillSale);
    await screen.findByRole('heading', { name: 'Refund' });
    expect(screen.queryByText(/A till sale: your role’s till refund policy decides/)).toBeNull();
  });
});
