import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockFetch, type RecordedRequest, renderWithProviders } from '@/test/harness.tsx';
import { resetStaffTest, signInStaff } from '@/test/staff.ts';
import { MEMBERS, ROLES } from '@/test/staff-team.ts';
import { MemberPage } from './member-page.tsx';

type Answer = { status?: number; body?: unknown } | undefined;

/** A member's page against the team; `first` answers the writes (204 otherwise). */
function renderMember(id: string, first: (request: RecordedRequest) => Answer = () => undefined) {
  const fetch = mockFetch((request) => {
    const answer = first(request);
    if (answer) return answer;
    const { pathname } = request.url;
    if (pathname === '/api/staff') return { body: MEMBERS };
    if (pathname === '/api/roles') return { body: ROLES };
    if (request.method !== 'GET') return { status: 204 };
    return undefined;
  });
  renderWithProviders(<MemberPage id={id} />, { path: '/staff/members/:id', url: `/staff/members/${id}` });
  return fetch;
}

const card = (heading: string) => screen.getByRole('heading', { name: heading }).closest('section')!;
const confirmWith = async (label: string) =>
  userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: label }));

beforeEach(() => {
  signInStaff('owner');
});
afterEach(resetStaffTest);

describe('A member of staff', () => {
  it('gets another role', async () => {
    const fetch = renderMember('member-emeka', (r) =>
      r.method === 'PATCH' ? { body: { ...MEMBERS[1], roleId: ROLES[1]!.id, roleName: 'Manager' } } : undefined,
    );
    expect(await screen.findByRole('heading', { name: 'Emeka Nwosu', level: 1 })).toBeTruthy();
    const role = within(card('Role'));
    await waitFor(() => expect(role.getAllByRole('option')).toHaveLength(ROLES.length));
    expect((role.getByLabelText('Role') as HTMLSelectElement).value).toBe(MEMBERS[1]!.roleId);
    await userEvent.selectOptions(role.getByLabelText('Role'), 'Manager');
    await userEvent.click(role.getByRole('button', { name: 'Change role' }));
    await waitFor(() => expect(fetch.last('/api/staff/member-emeka')?.body).toEqual({ roleId: ROLES[1]!.id }));
    expect(fetch.last('/api/staff/member-emeka')?.method).toBe('PATCH');
  });

  it('shows the last-Owner refusal as the server words it', async () => {
    const refusal = 'The shop must keep an active Owner: make another member Owner first';
    renderMember('staff-owner', (r) => (r.method === 'PATCH' ? { status: 409, body: { msg: refusal } } : undefined));
    const role = within((await screen.findByRole('heading', { name: 'Role' })).closest('section')!);
    await waitFor(() => expect(role.getAllByRole('option')).toHaveLength(ROLES.length));
    await userEvent.selectOptions(role.getByLabelText('Role'), 'Cashier');
    await userEvent.click(role.getByRole('button', { name: 'Change role' }));
    expect((await role.findByRole('alert')).textContent).toBe(refusal);
  });

  it('is deactivated after asking, and reactivated', async () => {
    const fetch = renderMember('member-emeka', (r) =>
      r.method === 'PATCH' ? { body: { ...MEMBERS[1], active: (r.body as { active: boolean }).active } } : undefined,
    );
    const access = within((await screen.findByRole('heading', { name: 'Access' })).closest('section')!);
    await userEvent.click(access.getByRole('button', { name: 'Deactivate' }));
    expect(screen.getByRole('alertdialog').textContent).toContain('Deactivate Emeka Nwosu?');
    await confirmWith('Deactivate');
    await waitFor(() => expect(fetch.last('/api/staff/member-emeka')?.body).toEqual({ active: false }));
  });

  it('offers a deactivated member’s reactivation', async () => {
    const fetch = renderMember('member-bisi', (r) =>
      r.method === 'PATCH' ? { body: { ...MEMBERS[2], active: true } } : undefined,
    );
    const access = within((await screen.findByRole('heading', { name: 'Access' })).closest('section')!);
    await userEvent.click(access.getByRole('button', { name: 'Reactivate' }));
    await confirmWith('Reactivate');
    await waitFor(() => expect(fetch.last('/api/staff/member-bisi')?.body).toEqual({ active: true }));
  });

  it('is signed out everywhere, and a lost phone’s two-factor is turned off', async () => {
    const fetch = renderMember('member-emeka', (r) =>
      r.method === 'DELETE' && r.url.pathname.endsWith('/sessions') ? { body: { ended: 3 } } : undefined,
    );
    const signIn = within((await screen.findByRole('heading', { name: 'Sign-in' })).closest('section')!);
    expect(signIn.getByText('Two-factor on')).toBeTruthy();
    await userEvent.click(signIn.getByRole('button', { name: 'Sign out everywhere' }));
    await confirmWith('Sign out everywhere');
    await waitFor(() => expect(fetch.last('/api/staff/member-emeka/sessions')?.method).toBe('DELETE'));

    await userEvent.click(signIn.getByRole('button', { name: 'Turn off two-factor (lost phone)' }));
    expect(screen.getByRole('alertdialog').textContent).toContain("Turn off Emeka Nwosu's two-factor sign-in?");
    await confirmWith('Turn off two-factor');
    await waitFor(() => expect(fetch.last('/api/staff/member-emeka/two-factor')?.method).toBe('DELETE'));
  });

  it('shows an Owner-only refusal in the server’s words', async () => {
    const refusal = "Only an Owner can turn off an Owner's two-factor sign-in";
    renderMember('member-emeka', (r) =>
      r.method === 'DELETE' && r.url.pathname.endsWith('/two-factor') ? { status: 403, body: { msg: refusal } } : undefined,
    );
    const signIn = within((await screen.findByRole('heading', { name: 'Sign-in' })).closest('section')!);
    await userEvent.click(signIn.getByRole('button', { name: 'Turn off two-factor (lost phone)' }));
    await confirmWith('Turn off two-factor');
    expect((await signIn.findByRole('alert')).textContent).toBe(refusal);
  });

  it('never offers turning off one’s own two-factor here', async () => {
    renderMember('staff-owner');
    const signIn = within((await screen.findByRole('heading', { name: 'Sign-in' })).closest('section')!);
    expect(signIn.queryByRole('button', { name: /Turn off two-factor/ })).toBeNull();
    expect(signIn.getByRole('link', { name: 'Sign-in security' }).getAttribute('href')).toBe('/security');
  });

  it('gets a till PIN of 4 to 6 digits', async () => {
    const fetch = renderMember('member-emeka');
    const pin = within((await screen.findByRole('heading', { name: 'Till PIN' })).closest('section')!);
    await userEvent.type(pin.getByLabelText('New PIN'), '12a');
    await userEvent.click(pin.getByRole('button', { name: 'Set PIN' }));
    expect(pin.getByText('A PIN is 4 to 6 digits')).toBeTruthy();
    expect(fetch.last('/api/staff/member-emeka/pin')).toBeUndefined();
    await userEvent.clear(pin.getByLabelText('New PIN'));
    await userEvent.type(pin.getByLabelText('New PIN'), '4821');
    await userEvent.click(pin.getByRole('button', { name: 'Set PIN' }));
    await waitFor(() => expect(fetch.last('/api/staff/member-emeka/pin')?.body).toEqual({ pin: '4821' }));
    expect(fetch.last('/api/staff/member-emeka/pin')?.method).toBe('PUT');
  });

  it('says so for an unknown member', async () => {
    renderMember('nobody');
    expect(await screen.findByText('There is no such member of staff.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to Staff/ })).toBeTruthy();
  });
});
