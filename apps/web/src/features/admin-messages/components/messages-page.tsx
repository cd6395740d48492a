/**
 * Messages (/messages): what the shop sent, is sending and failed to send, newest first.
 * Search (recipient or subject), the state filter and paging run on the server. Choosing a
 * message's subject opens its preview under the table; a failed one can be sent again.
 */
import { MESSAGE_STATUSES, type MessageStatus, type MessageView } from '@shop/shared/messages';
import { useMutation, useQuery } from '@tanstack/react-query';
import { RotateCw } from 'lucide-react';
import { useState } from 'react';
import { type Column, DataTable } from '@/components/admin/data-table.tsx';
import { Pagination } from '@/components/admin/pagination.tsx';
import { SearchInput } from '@/components/admin/search-input.tsx';
import { buttonClass, PageHeader } from '@/components/admin/ui.tsx';
import { useTableParams } from '@/components/admin/use-table-params.ts';
import { messagesOptions, resendMessageMutation } from '@/lib/api/messages.ts';
import { shortDate, time } from '@/lib/dates.ts';
import { notify } from '@/lib/notify.tsx';
import { MessagePreview } from './message-preview.tsx';
import { MESSAGE_STATUS_LABELS, MessageState } from './message-state.tsx';

const controlClass = 'rounded-md border border-neutral-300 bg-white px-3 py-2 text-sm shadow-sm';

/** The subject's button, where the focus goes back when its preview closes. */
const subjectId = (id: string) => `message-subject-${id}`;

const isStatus = (value: string): value is MessageStatus => (MESSAGE_STATUSES as readonly string[]).includes(value);

export function MessagesPage() {
  const table = useTableParams(['search', 'status'] as const);
  const { search } = table.filters;
  const status = isStatus(table.filters.status) ? table.filters.status : '';
  const messages = useQuery(messagesOptions({ search, status, limit: table.pageSize, offset: table.offset }));
  const resend = useMutation(resendMessageMutation);
  const [selected, setSelected] = useState<string | null>(null);

  const columns: Column<MessageView>[] = [
    { key: 'to', header: 'Recipient', className: 'break-all', cell: (m) => m.to },
    {
      key: 'subject',
      header: 'Subject',
      cell: (m) => (
        <button
          id={subjectId(m.id)}
          type="button"
          onClick={() => setSelected((current) => (current === m.id ? null : m.id))}
          aria-pressed={selected === m.id}
          className="text-left font-medium text-neutral-900 underline-offset-4 hover:underline focus-visible:underline aria-pressed:underline"
        >
          {m.subject}
        </button>
      ),
    },
    { key: 'order', header: 'Order', className: 'whitespace-nowrap', cell: (m) => m.orderNumber ?? '—' },
    { key: 'state', header: 'State', cell: (m) => <MessageState {...m} /> },
    {
      key: 'time',
      header: 'Time',
      className: 'whitespace-nowrap',
      cell: (m) => (
        <time dateTime={m.createdAt}>
          {shortDate(m.createdAt)}
          <span className="block text-neutral-500">{time(m.createdAt)}</span>
        </time>
      ),
    },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      cell: (m) => {
        if (m.status !== 'failed') return null;
        const mine = resend.variables === m.id;
        const sending = mine && resend.isPending;
        return (
          <div className="space-y-1">
            <button
              type="button"
              className={`${buttonClass.secondary} whitespace-nowrap px-3 py-1.5 text-xs`}
              disabled={sending}
              onClick={() =>
                resend.mutate(m.id, {
                  onSuccess: () => notify.success(`The message to ${m.to} is queued to be sent again`, { area: 'admin' }),
                })
              }
              aria-describedby={mine && resend.isError ? `resend-error-${m.id}` : undefined}
            >
              <RotateCw size={14} aria-hidden="true" />
              {sending ? 'Sending...' : 'Send again'}
            </button>
            {mine && resend.isError ? (
              <p id={`resend-error-${m.id}`} role="alert" className="max-w-xs text-red-700">
                {resend.error.message}
              </p>
            ) : null}
          </div>
        );
      },
    },
  ];

  return (
    <>
      <PageHeader title="Messages" description="E-mails to shoppers and to the shop: sent, waiting and failed." />
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <SearchInput
          value={search}
          onSearch={(value) => table.setFilters({ search: value })}
          label="Search messages"
          placeholder="Recipient or subject"
          className="w-full sm:w-72"
        />
        <div>
          <label htmlFor="messages-status" className="sr-only">
            Status
          </label>
          <select
            id="messages-status"
            value={status}
            onChange={(e) => table.setFilters({ status: e.target.value })}
            className={controlClass}
          >
            <option value="">All</option>
            {MESSAGE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {MESSAGE_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <DataTable
        caption="Messages"
        dense
        columns={columns}
        rows={messages.data?.items}
        rowKey={(m) => m.id}
        isLoading={messages.isPending}
        isFetching={messages.isPlaceholderData}
        error={messages.error?.message}
        emptyText={search || status ? 'No messages match' : 'No messages yet'}
      />
      <Pagination
        page={table.page}
        pageSize={table.pageSize}
        total={messages.data?.total ?? 0}
        onPage={table.setPage}
        onPageSize={table.setPageSize}
      />
      {selected ? (
        <MessagePreview
          id={selected}
          onClose={() => {
            setSelected(null);
            document.getElementById(subjectId(selected))?.focus();
          }}
        />
      ) : null}
    </>
  );
}
