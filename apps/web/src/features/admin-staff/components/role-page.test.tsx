import { PERMISSIONS } from '@shop/shared/staff';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockFetch, type RecordedRequest, renderWithProviders } from '@/test/harness.tsx';
import { resetStaffTest, signInStaff } from '@/test/staff.ts';
import { PERMISSION_LIST, ROLES } from '@/test/staff-team.ts';
import { RoleCreatePage, RoleEditPage } from './role-page.tsx';

type Answer = { status?: number; body?: unknown } | undefined;

function serve(first: (request: RecordedRequest) => Answer) {
  return mockFetch((request) => {
    const answer = first(request);
    if (answer) return answer;
    if (request.url.pathname === '/api/roles' && request.method === 'GET') return { body: ROLES };
    if (request.url.pathname === '/api/permissions') return { body: PERMISSION_LIST };
    if (request.url.pathname === '/api/auth/me') return { status: 401, body: { msg: 'no' } };
    return undefined;
  });
}

const routes = [{ path: '/staff', element: <h1>Staff</h1> }];
const cashier = ROLES.find((r) => r.template === 'cashier')!;
const owner = ROLES.find((r) => r.template === 'owner')!;

beforeEach(() => {
  signInStaff('owner');
});
afterEach(resetStaffTest);

describe('A new role', () => {
  it('groups the permissions as the issue does, each with the API’s sentence, and creates the role chosen', async () => {
    const fetch = serve((r) =>
      r.method === 'POST' ? { status: 201, body: { ...cashier, id: 'r-new', name: 'Stock taker' } } : undefined,
    );
    const { router } = renderWithProviders(<RoleCreatePage />, { path: '/staff/roles/new', routes });
    const orders = screen.getByRole('group', { name: 'Orders' });
    expect(within(orders).getAllByRole('checkbox')).toHaveLength(5);
    expect(await within(orders).findByLabelText(/^Refund orders/)).toBeTruthy();
    expect(screen.getAllByRole('checkbox')).toHaveLength(Object.keys(PERMISSIONS).length);

    await userEvent.type(screen.getByLabelText('Name'), 'Stock taker');
    await userEvent.click(screen.getByLabelText(/^See the catalogue in the back office/));
    await userEvent.click(screen.getByLabelText(/^Change stock levels/));
    const refunds = screen.getByRole('group', { name: 'Refunds of till sales' });
    await userEvent.click(within(refunds).getByLabelText("A manager's PIN"));
    await userEvent.clear(screen.getByLabelText('Discount limit (%)'));
    await userEvent.type(screen.getByLabelText('Discount limit (%)'), '5');
    await userEvent.click(screen.getByRole('button', { name: 'Create role' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/staff'));
    const posted = fetch.requests.find((r) => r.method === 'POST');
    expect(posted?.body).toEqual({
      name: 'Stock taker',
      permissions: ['catalog.read', 'stock.adjust'],
      pos: { discount: 'deny', priceOverride: 'deny', refund: 'approval', negativeStock: 'deny' },
      discountLimitPercent: 5,
    });
  });

  it('checks the name and the limit before sending, and shows the server’s refusal', async () => {
    const fetch = serve((r) =>
      r.method === 'POST' ? { status: 409, body: { msg: 'There is a role called Cashier already' } } : undefined,
    );
    renderWithProviders(<RoleCreatePage />, { path: '/staff/roles/new', routes });
    await userEvent.clear(screen.getByLabelText('Discount limit (%)'));
    await userEvent.type(screen.getByLabelText('Discount limit (%)'), '150');
    await userEvent.click(screen.getByRole('button', { name: 'Create role' }));
    expect(await screen.findByText('A role needs a name')).toBeTruthy();
    expect(screen.getByText('The limit is at most 100 %')).toBeTruthy();
    expect(fetch.requests.some((r) => r.method === 'POST')).toBe(false);

    await userEvent.type(screen.getByLabelText('Name'), 'Cashier');
    await userEvent.clear(screen.getByLabelText('Discount limit (%)'));
    await userEvent.type(screen.getByLabelText('Discount limit (%)'), '10');
    await userEvent.click(screen.getByRole('button', { name: 'Create role' }));
    expect((await screen.findByRole('alert')).textContent).toBe('There is a role called Cashier already');
  });
});

describe('A role', () => {
  it('opens with its permissions and policies, and saves a change', async () => {
    const fetch = serve((r) => (r.method === 'PATCH' ? { body: cashier } : undefined));
    const { router } = renderWithProviders(<RoleEditPage id={cashier.id} />, { path: '/staff/roles/:id', routes });
    expect(await screen.findByRole('heading', { name: 'Edit Cashier', level: 1 })).toBeTruthy();
    expect(((await screen.findByLabelText(/^Sell at the point of sale/)) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText(/^Refund orders/) as HTMLInputElement).checked).toBe(false);
    const priceOverride = screen.getByRole('group', { name: 'Changing a price at the till' });
    expect((within(priceOverride).getByLabelText('Not allowed') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Discount limit (%)') as HTMLInputElement).value).toBe('10');

    await userEvent.click(screen.getByLabelText(/^See orders/));
    await userEvent.click(screen.getByRole('button', { name: 'Save role' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff'));
    const patched = fetch.requests.find((r) => r.method === 'PATCH');
    expect(patched?.url.pathname).toBe(`/api/roles/${cashier.id}`);
    expect((patched!.body as { permissions: string[] }).permissions.sort()).toEqual(
      [...cashier.permissions, 'orders.read'].sort(),
    );
  });

  it('shows why a role someone holds cannot be deleted', async () => {
    const refusal = 'Cashier is held by 1 member: give them another role first';
    const fetch = serve((r) => (r.method === 'DELETE' ? { status: 409, body: { msg: refusal } } : undefined));
    renderWithProviders(<RoleEditPage id={cashier.id} />, { path: '/staff/roles/:id', routes });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete role' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete role' }));
    expect((await screen.findByRole('alert')).textContent).toBe(refusal);
    expect(fetch.last(`/api/roles/${cashier.id}`)?.method).toBe('DELETE');
  });

  it('shows the Owner’s role read-only', async () => {
    serve(() => undefined);
    renderWithProviders(<RoleEditPage id={owner.id} />, { path: '/staff/roles/:id', routes });
    expect(await screen.findByRole('heading', { name: 'Owner', level: 1 })).toBeTruthy();
    // Inside the disabled fieldset: disabled as the browser sees it (:disabled), whatever each input's own attribute.
    expect(screen.getByLabelText('Name').matches(':disabled')).toBe(true);
    for (const box of screen.getAllByRole('checkbox')) {
      expect((box as HTMLInputElement).checked).toBe(true);
      expect(box.matches(':disabled')).toBe(true);
    }
    expect(screen.queryByRole('button', { name: 'Save role' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete role' })).toBeNull();
  });
});
