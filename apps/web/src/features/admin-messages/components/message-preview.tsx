/**
 * One message as it reads: its subject, recipient and state, the HTML in a sandboxed frame
 * (no scripts, no forms, no same-origin access: the body is the shop's own template, but it
 * carries what shoppers typed, such as their names) and, on the other tab, the plain text.
 */
import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { buttonClass, Card, ErrorNotice, Spinner } from '@/components/admin/ui.tsx';
import { messageOptions } from '@/lib/api/messages.ts';
import { dateTime } from '@/lib/dates.ts';
import { MessageState } from './message-state.tsx';

const VIEWS = [
  { key: 'html', label: 'HTML' },
  { key: 'text', label: 'Plain text' },
] as const;
type View = (typeof VIEWS)[number]['key'];

export function MessagePreview({ id, onClose }: { id: string; onClose(): void }) {
  const message = useQuery(messageOptions(id));
  const [view, setView] = useState<View>('html');
  const region = useRef<HTMLElement>(null);
  const tabs = useRef<Record<View, HTMLButtonElement | null>>({ html: null, text: null });
  const baseId = useId();
  const tabId = (v: View) => `${baseId}-tab-${v}`;
  const panelId = (v: View) => `${baseId}-panel-${v}`;

  // A message picked in the table: the preview takes the focus, so a keyboard or screen
  // reader user lands on what they asked for (below the table on a narrow screen).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each newly chosen message
  useEffect(() => {
    region.current?.focus();
    setView('html');
  }, [id]);

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const index = VIEWS.findIndex((v) => v.key === view);
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? VIEWS.length - 1
          : (index + (event.key === 'ArrowRight' ? 1 : VIEWS.length - 1)) % VIEWS.length;
    const key = VIEWS[next]!.key;
    setView(key);
    tabs.current[key]?.focus();
  };

  const data = message.data;
  return (
    <section
      ref={region}
      tabIndex={-1}
      aria-labelledby={`${baseId}-heading`}
      className="mt-6 max-w-4xl focus:outline-none"
      data-testid="message-preview"
    >
      <Card>
        <div className="mb-4 flex items-start justify-between gap-4">
          <div className="min-w-0">
            <p className="text-xs font-semibold tracking-wide text-neutral-500 uppercase">Preview</p>
            <h2 id={`${baseId}-heading`} className="mt-1 text-lg font-semibold break-words">
              {data ? data.subject : 'Message'}
            </h2>
          </div>
          <button type="button" className={buttonClass.icon} onClick={onClose} aria-label="Close the preview">
            <X size={16} aria-hidden="true" />
          </button>
        </div>
        {message.isPending ? <Spinner label="Loading the message" /> : null}
        {message.error ? <ErrorNotice>{message.error.message}</ErrorNotice> : null}
        {data ? (
          <>
            <dl className="mb-4 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
              <dt className="text-neutral-600">To</dt>
              <dd className="font-medium break-all">{data.to}</dd>
              {data.orderNumber ? (
                <>
                  <dt className="text-neutral-600">Order</dt>
                  <dd>{data.orderNumber}</dd>
                </>
              ) : null}
              <dt className="text-neutral-600">{data.sentAt ? 'Sent' : 'Queued'}</dt>
              <dd>
                <time dateTime={data.sentAt ?? data.createdAt}>{dateTime(data.sentAt ?? data.createdAt)}</time>
              </dd>
              <dt className="text-neutral-600">State</dt>
              <dd className="text-xs">
                <MessageState {...data} />
              </dd>
            </dl>
            <div
              role="tablist"
              aria-label="Show the message as"
              className="mb-3 inline-flex rounded-md border border-neutral-300 bg-white p-0.5"
            >
              {VIEWS.map((v) => (
                <button
                  key={v.key}
                  ref={(node) => {
                    tabs.current[v.key] = node;
                  }}
                  id={tabId(v.key)}
                  type="button"
                  role="tab"
                  aria-selected={view === v.key}
                  aria-controls={panelId(v.key)}
                  tabIndex={view === v.key ? 0 : -1}
                  onClick={() => setView(v.key)}
                  onKeyDown={onTabKey}
                  className={`rounded px-3 py-1.5 text-sm ${view === v.key ? 'bg-neutral-900 text-white' : 'text-neutral-700 hover:bg-neutral-100'}`}
                >
                  {v.label}
                </button>
              ))}
            </div>
            <div id={panelId('html')} role="tabpanel" aria-labelledby={tabId('html')} hidden={view !== 'html'}>
              <iframe
                sandbox=""
                srcDoc={data.html}
                title={`Preview of ${data.subject}`}
                className="h-[36rem] w-full rounded-md border border-neutral-200 bg-white"
              />
            </div>
            <div
              id={panelId('text')}
              role="tabpanel"
              aria-labelledby={tabId('text')}
              hidden={view !== 'text'}
              // The text is long and scrolls: its panel is a tab stop of its own.
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
              tabIndex={0}
            >
              <pre className="max-h-[36rem] overflow-auto rounded-md border border-neutral-200 bg-neutral-50 p-4 font-mono text-sm break-words whitespace-pre-wrap">
                {data.text}
              </pre>
            </div>
          </>
        ) : null}
      </Card>
    </section>
  );
}
