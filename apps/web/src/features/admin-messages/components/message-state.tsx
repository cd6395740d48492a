/**
 * A message's state as the back office shows it: a badge, and what the admin needs next to
 * it (when a queued message that already failed is tried again; why a failed one gave up).
 */
import type { MessageStatus, MessageView } from '@shop/shared/messages';
import { Badge } from '@/components/admin/ui.tsx';
import { dateTime, time } from '@/lib/dates.ts';

export const MESSAGE_STATUS_LABELS: Record<MessageStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  dropped: 'Dropped',
};

const TONES = { queued: 'amber', sending: 'blue', sent: 'green', failed: 'red', dropped: 'neutral' } as const satisfies Record<
  MessageStatus,
  string
>;

type StateProps = Pick<MessageView, 'status' | 'attempts' | 'nextAttemptAt' | 'lastError'>;

export function MessageState({ status, attempts, nextAttemptAt, lastError }: StateProps) {
  const retrying = status === 'queued' && attempts > 0 && nextAttemptAt;
  return (
    <div className="space-y-1">
      <Badge tone={TONES[status]}>{MESSAGE_STATUS_LABELS[status]}</Badge>
      {retrying ? (
        <p className="whitespace-nowrap text-neutral-600">
          retry at{' '}
          <time dateTime={nextAttemptAt} title={dateTime(nextAttemptAt)}>
            {time(nextAttemptAt)}
          </time>
        </p>
      ) : null}
      {(status === 'failed' || status === 'dropped') && lastError ? (
        <p className="max-w-xs break-words text-red-700">{lastError}</p>
      ) : null}
    </div>
  );
}
