/**
 * Tills (/tills, pos.sell): the shop's registered tills (name, receipt prefix, last sync,
 * revoked), registering one (its prefix and the device token, shown once: the token is the
 * till device's own sign-in for syncing), and revoking a lost or stolen one (settings.write,
 * as the API allows) after asking.
 */
import type { TillView } from '@shop/shared/pos-till';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { type Column, DataTable } from '@/components/admin/data-table.tsx';
import { Badge, buttonClass, Card, Field, inputClass, PageHeader } from '@/components/admin/ui.tsx';
import { tillsOptions } from '@/lib/api/tills.ts';
import { useCan } from '@/lib/back-office-access.ts';
import { dateTime } from '@/lib/dates.ts';
import { useTillActions } from '../use-tills.ts';

export function TillsPage() {
  const tills = useQuery(tillsOptions());
  const actions = useTillActions();
  const mayRevoke = useCan()('till.revoke');

  const columns: Column<TillView>[] = [
    { key: 'name', header: 'Name', cell: (t) => <span className="font-medium">{t.name}</span> },
    { key: 'prefix', header: 'Receipt prefix', cell: (t) => <code>{t.prefix}</code> },
    { key: 'created', header: 'Registered', cell: (t) => dateTime(t.createdAt) },
    { key: 'sync', header: 'Last sync', cell: (t) => (t.lastSyncAt ? dateTime(t.lastSyncAt) : 'Never') },
    {
      key: 'status',
      header: 'Status',
      cell: (t) => (t.revokedAt ? <Badge tone="red">Revoked {dateTime(t.revokedAt)}</Badge> : <Badge tone="green">Active</Badge>),
    },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      className: 'text-right',
      cell: (t) =>
        mayRevoke && !t.revokedAt ? (
          <button type="button" className={buttonClass.secondary} onClick={() => actions.revokeTill(t)}>
            Revoke <span className="sr-only">{t.name}</span>
          </button>
        ) : null,
    },
  ];

  return (
    <div className="space-y-6">
      <PageHeader
        title="Tills"
        description={
          <>
            Each tablet or phone that sells at the counter is a till: it sells offline and syncs its sales when the network
            returns. See also{' '}
            <Link to="/pos-conflicts" className="underline">
              Sync conflicts
            </Link>{' '}
            and{' '}
            <Link to="/drawers" className="underline">
              Cash drawers
            </Link>
            .
          </>
        }
      />
      <RegisterTill actions={actions} />
      <DataTable
        caption="Tills"
        columns={columns}
        rows={tills.data}
        rowKey={(t) => t.id}
        isLoading={tills.isPending}
        error={tills.error?.message}
        emptyText="No till registered yet"
      />
      {actions.dialog}
    </div>
  );
}

function RegisterTill({ actions }: { actions: ReturnType<typeof useTillActions> }) {
  const id = useId();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string>();
  const { created } = actions;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setProblem('Give the till a name');
    setProblem(undefined);
    actions.registerTill(trimmed, () => setName(''));
  };

  return (
    <Card>
      <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="mb-3 text-base font-semibold">
          Register a till
        </h2>
        <div className="flex flex-wrap items-end gap-3">
          <Field label="Till name" htmlFor={`${id}-name`} error={problem ?? actions.registerError} className="min-w-60 flex-1">
            <input
              id={`${id}-name`}
              className={inputClass}
              value={name}
              maxLength={60}
              placeholder="Front counter"
              onChange={(event) => setName(event.target.value)}
            />
          </Field>
          <button type="submit" className={buttonClass.primary} disabled={actions.registering}>
            Register till
          </button>
        </div>
      </form>
      {created ? (
        <div role="status" className="mt-4 space-y-2 rounded-md border border-green-200 bg-green-50 p-4 text-sm">
          <p className="font-medium">
            {created.name} is registered: its receipts are numbered {created.prefix}-000001, {created.prefix}-000002…
          </p>
          <p>
            Device token (shown only now):{' '}
            <code className="break-all rounded bg-white px-1 py-0.5" data-testid="device-token">
              {created.deviceToken}
            </code>
          </p>
          <p className="text-neutral-700">
            The token is the till device’s own key: the tablet keeps it and syncs with it, even days later, without anyone signed
            in. Enter it on that device only, never share it; if the device is lost, revoke the till here and register a new one.
            A till registered from the device itself (Point of Sale) keeps its token without this step.
          </p>
          <button type="button" className={buttonClass.secondary} onClick={actions.dismissCreated}>
            Done
          </button>
        </div>
      ) : null}
    </Card>
  );
}
