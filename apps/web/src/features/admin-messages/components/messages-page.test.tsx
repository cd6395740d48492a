import type { MessageDetail, MessageView } from '@shop/shared/messages';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '@/test/harness.tsx';
import { MessagesPage } from './messages-page.tsx';

const message = (id: string, overrides: Partial<MessageView> = {}): MessageView => ({
  id,
  template: 'payment-received',
  to: 'ngozi@example.com',
  subject: 'Your receipt for ADR-1001',
  status: 'sent',
  attempts: 1,
  lastError: null,
  nextAttemptAt: null,
  sentAt: '2025-01-02T10:01:00.000Z',
  createdAt: '2025-01-02T10:00:00.000Z',
  orderNumber: 'ADR-1001',
  ...overrides,
});

const sent = message('m1');
// 13:30 UTC is 14:30 in Lagos.
const retrying = message('m2', {
  to: 'tolu@example.com',
  subject: 'We received your order ADR-1002',
  status: 'queued',
  attempts: 2,
  lastError: 'connect ECONNREFUSED 127.0.0.1:587',
  nextAttemptAt: '2025-01-02T13:30:00.000Z',
  sentAt: null,
  orderNumber: 'ADR-1002',
});
const failed = message('m3', {
  template: 'shop-low-stock',
  to: 'owner@adire.ng',
  subject: 'Low stock: Ankara wrap dress',
  status: 'failed',
  attempts: 5,
  lastError: '550 Mailbox unavailable',
  sentAt: null,
  orderNumber: null,
});

const detail = (m: MessageView): MessageDetail => ({
  ...m,
  html: `<html><body><h1>${m.subject}</h1><script>parent.hacked = true</script></body></html>`,
  text: `${m.subject}\n\nThank you for shopping with Adire.`,
});

type Answer = { status?: number; body?: unknown };

function serve(resend: () => Answer = () => ({ body: { ...failed, status: 'queued', attempts: 0 } })) {
  return mockFetch(({ url, method }) => {
    if (url.pathname === '/api/messages') return { body: [sent, retrying, failed], headers: { 'X-Total-Count': '45' } };
    const [, , , id, action] = url.pathname.split('/');
    const found = [sent, retrying, failed].find((m) => m.id === id);
    if (!found) return undefined;
    if (method === 'POST' && action === 'resend') return resend();
    if (method === 'GET' && !action) return { body: detail(found) };
  });
}
type Api = ReturnType<typeof serve>;
const lastQuery = (api: Api) => Object.fromEntries(api.last('/api/messages')!.url.searchParams);
const listReads = (api: Api) => api.requests.filter((r) => r.url.pathname === '/api/messages').length;

/** The text of one message's cell in the given column. */
function cell(subject: string, column: string) {
  const table = screen.getByRole('table', { name: 'Messages' });
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((th) => th.textContent);
  const row = within(table).getByRole('button', { name: subject }).closest('tr')!;
  return within(row).getAllByRole('cell')[headers.indexOf(column)]!;
}

describe('Messages (back office)', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('lists the messages with recipient, subject, order, state and time, in the shop’s time zone', async () => {
    serve();
    renderWithProviders(<MessagesPage />, { path: '/messages' });
    await screen.findByRole('button', { name: sent.subject });
    const headers = within(screen.getByRole('table', { name: 'Messages' }))
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Recipient', 'Subject', 'Order', 'State', 'Time', 'Actions']);

    expect(cell(sent.subject, 'Recipient').textContent).toBe('ngozi@example.com');
    expect(cell(sent.subject, 'Order').textContent).toBe('ADR-1001');
    expect(cell(sent.subject, 'State').textContent).toBe('Sent');
    expect(cell(sent.subject, 'Time').textContent).toBe('2 Jan 202511:00');

    expect(cell(retrying.subject, 'State').textContent).toBe('Queuedretry at 14:30');
    expect(cell(failed.subject, 'State').textContent).toBe('Failed550 Mailbox unavailable');
    expect(cell(failed.subject, 'Order').textContent).toBe('—');
    // Only a failed message can be sent again.
    expect(screen.getAllByRole('button', { name: 'Send again' })).toHaveLength(1);
    expect(within(cell(failed.subject, 'Actions')).getByRole('button', { name: 'Send again' })).toBeTruthy();
  });

  it('sends the state, the search and the page to the server', async () => {
    const api = serve();
    renderWithProviders(<MessagesPage />, { path: '/messages' });
    await screen.findByRole('button', { name: sent.subject });
    expect(lastQuery(api)).toEqual({ limit: '10', offset: '0' });

    const status = screen.getByLabelText('Status');
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All', 'Queued', 'Sending', 'Sent', 'Failed', 'Dropped']);
    fireEvent.change(status, { target: { value: 'failed' } });
    await waitFor(() => expect(lastQuery(api)).toEqual({ status: 'failed', limit: '10', offset: '0' }));

    fireEvent.change(screen.getByLabelText('Search messages'), { target: { value: 'owner@' } });
    await waitFor(() => expect(lastQuery(api)).toEqual({ status: 'failed', search: 'owner@', limit: '10', offset: '0' }));

    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ status: 'failed', search: 'owner@', offset: '20' }));

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: '' } });
    await waitFor(() => expect(lastQuery(api)).toEqual({ search: 'owner@', limit: '10', offset: '0' }));
  });

  it('previews a message: subject, recipient, its HTML in a sandboxed frame, and its plain text', async () => {
    serve();
    renderWithProviders(<MessagesPage />, { path: '/messages' });
    const subject = await screen.findByRole('button', { name: sent.subject });
    expect(subject.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(subject);
    expect(subject.getAttribute('aria-pressed')).toBe('true');

    const preview = await screen.findByRole('region', { name: sent.subject });
    expect(document.activeElement).toBe(preview);
    expect(within(preview).getByText('ngozi@example.com')).toBeTruthy();

    const frame = within(preview).getByTitle(`Preview of ${sent.subject}`) as HTMLIFrameElement;
    expect(frame.tagName).toBe('IFRAME');
    // An empty sandbox: no scripts, no forms, no same-origin access.
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe(detail(sent).html);

    const htmlTab = within(preview).getByRole('tab', { name: 'HTML' });
    const textTab = within(preview).getByRole('tab', { name: 'Plain text' });
    expect(htmlTab.getAttribute('aria-selected')).toBe('true');
    expect(within(preview).getByRole('tabpanel', { name: 'HTML' })).toBeTruthy();
    expect(within(preview).queryByRole('tabpanel', { name: 'Plain text' })).toBeNull();

    fireEvent.click(textTab);
    expect(textTab.getAttribute('aria-selected')).toBe('true');
    const textPanel = within(preview).getByRole('tabpanel', { name: 'Plain text' });
    expect(textPanel.textContent).toBe(detail(sent).text);
    expect(within(preview).queryByRole('tabpanel', { name: 'HTML' })).toBeNull();

    // Arrow keys move between the tabs.
    fireEvent.keyDown(textTab, { key: 'ArrowLeft' });
    expect(htmlTab.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(htmlTab);

    fireEvent.click(within(preview).getByRole('button', { name: 'Close the preview' }));
    expect(screen.queryByRole('region', { name: sent.subject })).toBeNull();
    expect(document.activeElement).toBe(subject);
  });

  it('sends a failed message again and reads the list again', async () => {
    let answer: (() => void) | undefined;
    const api = mockFetch(({ url, method }) => {
      if (url.pathname === '/api/messages') return { body: [failed], headers: { 'X-Total-Count': '1' } };
      if (method === 'POST' && url.pathname === '/api/messages/m3/resend') return { body: { ...failed, status: 'queued' } };
    });
    // The answer waits until the test lets it through, to see the busy state.
    const fetch = api.spy.getMockImplementation()!;
    api.spy.mockImplementation(async (input, init) => {
      if (init?.method === 'POST') await new Promise<void>((resolve) => (answer = resolve));
      return fetch(input, init);
    });
    renderWithProviders(<MessagesPage />, { path: '/messages' });
    fireEvent.click(await screen.findByRole('button', { name: 'Send again' }));
    const busy = await screen.findByRole('button', { name: 'Sending...' });
    expect(busy.hasAttribute('disabled')).toBe(true);
    const reads = listReads(api);
    answer!();
    await waitFor(() =>
      expect(api.requests.some((r) => r.method === 'POST' && r.url.pathname === '/api/messages/m3/resend')).toBe(true),
    );
    await waitFor(() => expect(listReads(api)).toBeGreaterThan(reads));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the server’s 409 next to the button when the message was not failed any more', async () => {
    const api = serve(() => ({ status: 409, body: { msg: 'Only a failed message can be sent again; this one is sent' } }));
    renderWithProviders(<MessagesPage />, { path: '/messages' });
    const button = await screen.findByRole('button', { name: 'Send again' });
    fireEvent.click(button);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Only a failed message can be sent again; this one is sent');
    expect(within(cell(failed.subject, 'Actions')).getByRole('alert')).toBe(alert);
    expect(api.requests.filter((r) => r.method === 'POST').map((r) => r.url.pathname)).toEqual(['/api/messages/m3/resend']);
    expect(screen.getByRole('button', { name: 'Send again' }).getAttribute('aria-describedby')).toBe(alert.id);
  });
});
