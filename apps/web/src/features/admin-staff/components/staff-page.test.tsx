import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockFetch, type RecordedRequest, renderWithProviders } from '@/test/harness.tsx';
import { resetStaffTest, signInStaff } from '@/test/staff.ts';
import { INVITATIONS, MEMBERS, ROLES } from '@/test/staff-team.ts';
import { StaffPage } from './staff-page.tsx';

type Answer = { status?: number; body?: unknown } | undefined;

/** The Staff page against a team, `first` answering before the team's lists. */
function renderStaff(first: (request: RecordedRequest) => Answer = () => undefined) {
  const fetch = mockFetch((request) => {
    const answer = first(request);
    if (answer) return answer;
    const { pathname } = request.url;
    if (request.method === 'POST' && pathname === '/api/staff/invitations') return { status: 201, body: INVITATIONS[0] };
    if (request.method !== 'GET') return { status: 204 };
    if (pathname === '/api/staff') return { body: MEMBERS };
    if (pathname === '/api/staff/invitations') return { body: INVITATIONS };
    if (pathname === '/api/roles') return { body: ROLES };
    if (pathname === '/api/settings') return { body: { storeName: 'Adire', require2fa: 'owners' } };
    return undefined;
  });
  renderWithProviders(<StaffPage />, { path: '/staff' });
  return fetch;
}

const rowOf = (table: HTMLElement, text: string) => within(table).getByText(text).closest('tr')!;

beforeEach(() => {
  signInStaff('owner');
});
afterEach(resetStaffTest);

describe('Staff: members', () => {
  it('lists each member with role, last sign-in, two-factor and whether active, and a way to manage them', async () => {
    renderStaff();
    const table = await screen.findByRole('table', { name: 'Staff members' });
    await within(table).findByText('cashier@demo.shop');
    const emeka = within(rowOf(table, 'cashier@demo.shop'));
    await waitFor(() => expect(emeka.getByText('Emeka Nwosu')).toBeTruthy());
    expect(emeka.getByText('Cashier')).toBeTruthy();
    expect(emeka.getByText('Never')).toBeTruthy();
    expect(emeka.getByText('On')).toBeTruthy();
    expect(emeka.getByText('Active')).toBeTruthy();
    expect(emeka.getByRole('link', { name: 'Manage Emeka Nwosu' }).getAttribute('href')).toBe('/staff/members/member-emeka');
    const bisi = within(rowOf(table, 'fulfilment@demo.shop'));
    expect(bisi.getByText('Deactivated')).toBeTruthy();
    expect(bisi.getByText('Off')).toBeTruthy();
    expect(within(rowOf(table, 'owner@demo.shop')).getByText('(you)')).toBeTruthy();
  });
});

describe('Staff: invitations', () => {
  it('checks the address and the role, then sends the invitation', async () => {
    const fetch = renderStaff();
    const form = (await screen.findByRole('heading', { name: 'Invite a member' })).closest('form')!;
    await userEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText('Enter a valid email address')).toBeTruthy();
    expect(within(form).getByText('Choose a role', { selector: 'p' })).toBeTruthy();
    expect(fetch.requests.some((r) => r.method === 'POST')).toBe(false);

    await userEvent.type(within(form).getByLabelText('E-mail'), 'tayo@example.com');
    await waitFor(() => expect(within(form).getAllByRole('option').length).toBe(ROLES.length + 1));
    await userEvent.selectOptions(within(form).getByLabelText('Role'), 'Fulfilment');
    await userEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    const sent = () => fetch.requests.filter((r) => r.method === 'POST' && r.url.pathname === '/api/staff/invitations');
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]?.body).toEqual({
      email: 'tayo@example.com',
      roleId: ROLES.find((r) => r.name === 'Fulfilment')!.id,
    });
  });

  it('shows the server’s refusal of an address already invited', async () => {
    renderStaff((r) =>
      r.method === 'POST' && r.url.pathname === '/api/staff/invitations'
        ? { status: 409, body: { msg: 'tayo@example.com has an invitation already: resend it or cancel it' } }
        : undefined,
    );
    const form = (await screen.findByRole('heading', { name: 'Invite a member' })).closest('form')!;
    await userEvent.type(within(form).getByLabelText('E-mail'), 'tayo@example.com');
    await waitFor(() => expect(within(form).getAllByRole('option').length).toBeGreaterThan(1));
    await userEvent.selectOptions(within(form).getByLabelText('Role'), 'Cashier');
    await userEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'tayo@example.com has an invitation already: resend it or cancel it',
    );
  });

  it('lists the invitations waiting, the expired one marked, and resends or cancels one', async () => {
    const fetch = renderStaff();
    const table = await screen.findByRole('table', { name: 'Invitations not accepted yet' });
    const late = within(await waitFor(() => rowOf(table, 'late@example.com')));
    expect(late.getByText('Expired')).toBeTruthy();
    expect(late.getByText('—')).toBeTruthy();
    await userEvent.click(late.getByRole('button', { name: 'Resend to late@example.com' }));
    await waitFor(() => expect(fetch.last('/api/staff/invitations/inv-2/resend')?.method).toBe('POST'));

    await userEvent.click(within(rowOf(table, 'new.hand@example.com')).getByRole('button', { name: /^Cancel/ }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('Cancel the invitation of new.hand@example.com?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel invitation' }));
    await waitFor(() => expect(fetch.last('/api/staff/invitations/inv-1')?.method).toBe('DELETE'));
  });
});

describe('Staff: roles and the two-factor rule', () => {
  it('lists the roles with their members, the Owner’s to view, the others to edit', async () => {
    renderStaff();
    const table = await screen.findByRole('table', { name: 'Roles' });
    const owner = within(await waitFor(() => rowOf(table, 'Owner')));
    expect(owner.getByText('2 members')).toBeTruthy();
    expect(owner.getByRole('link', { name: 'View the role Owner' })).toBeTruthy();
    expect(within(rowOf(table, 'Manager')).getByText('1 member')).toBeTruthy();
    expect(within(rowOf(table, 'Cashier')).getByRole('link', { name: 'Edit the role Cashier' }).getAttribute('href')).toBe(
      `/staff/roles/${ROLES[2]!.id}`,
    );
    expect(screen.getByRole('link', { name: 'New role' }).getAttribute('href')).toBe('/staff/roles/new');
  });

  it('shows who must use two-factor sign-in and saves a new choice', async () => {
    const fetch = renderStaff((r) =>
      r.method === 'PUT'
        ? { body: { storeName: 'Adire', require2fa: (r.body as { require2fa: string }).require2fa } }
        : undefined,
    );
    const owners = await screen.findByRole('radio', { name: /Owners must/ });
    expect((owners as HTMLInputElement).checked).toBe(true);
    const save = screen.getByRole('button', { name: 'Save' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('radio', { name: /All staff must/ }));
    await userEvent.click(save);
    await waitFor(() => expect(fetch.last('/api/settings')?.method).toBe('PUT'));
    expect(fetch.last('/api/settings')?.body).toEqual({ require2fa: 'all_staff' });
    await waitFor(() => expect((screen.getByRole('radio', { name: /All staff must/ }) as HTMLInputElement).checked).toBe(true));
  });
});
