/**
 * The member's signed-in devices (GET /api/auth/sessions): which device, from which address,
 * when it signed in and was last used, and which one is this. Ending one signs that device out
 * at its next request; ending this one signs out here at once.
 */
import type { StaffSessionView } from '@shop/shared/two-factor';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useConfirm } from '@/components/admin/confirm-dialog.tsx';
import { type Column, DataTable } from '@/components/admin/data-table.tsx';
import { Badge, buttonClass, Card } from '@/components/admin/ui.tsx';
import { endSessionMutation, sessionsOptions } from '@/lib/api/two-factor.ts';
import { dateTime } from '@/lib/dates.ts';
import { notify } from '@/lib/notify.tsx';
import { useSession } from '@/lib/session-store.ts';
import { endSessionQuestion } from '../sign-in-security.ts';

export function SessionsCard() {
  const sessions = useQuery(sessionsOptions);
  const end = useMutation(endSessionMutation);
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirm();

  const onEnd = async (session: StaffSessionView) => {
    if (!(await confirm(endSessionQuestion(session), 'End session'))) return;
    end.mutate(session.id, {
      onSuccess: () => {
        if (!session.current) return notify.success(`${session.device} is signed out`, { area: 'admin' });
        queryClient.clear();
        useSession.getState().signOut();
      },
      onError: (error) => notify.error(error.message, { area: 'admin' }),
    });
  };

  const columns: Column<StaffSessionView>[] = [
    {
      key: 'device',
      header: 'Device',
      cell: (s) => (
        <span className="inline-flex flex-wrap items-center gap-2 whitespace-nowrap">
          {s.device}
          {s.current ? <Badge tone="green">This device</Badge> : null}
        </span>
      ),
    },
    { key: 'ip', header: 'IP address', cell: (s) => <span className="font-mono text-xs">{s.ip}</span> },
    { key: 'created', header: 'Signed in', cell: (s) => dateTime(s.createdAt), className: 'whitespace-nowrap' },
    { key: 'seen', header: 'Last seen', cell: (s) => dateTime(s.lastSeenAt), className: 'whitespace-nowrap' },
    {
      key: 'end',
      header: <span className="sr-only">Actions</span>,
      cell: (s) => (
        <button
          type="button"
          className={`${buttonClass.secondary} whitespace-nowrap`}
          disabled={end.isPending}
          onClick={() => onEnd(s)}
          aria-label={
            s.current ? 'End the session of this device' : `End the session of ${s.device}, last seen ${dateTime(s.lastSeenAt)}`
          }
        >
          End session
        </button>
      ),
    },
  ];

  return (
    <Card>
      <h2 className="mb-1 text-base font-semibold">Where you are signed in</h2>
      <p className="mb-3 text-sm text-neutral-700">
        A device you do not know, or one you no longer have: end its session. Signing out signs out every device.
      </p>
      <DataTable
        caption="Your sessions"
        columns={columns}
        rows={sessions.data}
        rowKey={(s) => s.id}
        isLoading={sessions.isPending}
        error={sessions.error?.message}
        emptyText="No sessions"
      />
      {dialog}
    </Card>
  );
}
