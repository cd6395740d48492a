/**
 * Settings' "Catalogue feeds" card (issue 31), for a member who may change the settings: the
 * two feed URLs, each with a Copy button, and how to add them to Google Merchant Center and to
 * Meta Commerce Manager (whose catalogue Instagram, Facebook and WhatsApp shops show). The
 * feeds follow the catalogue by themselves: both services fetch them again on a schedule.
 */
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { buttonClass, Card, ErrorNotice, inputClass, Spinner } from '@/components/admin/ui.tsx';
import { feedsOptions } from '@/lib/api/feeds.ts';
import { notify } from '@/lib/notify.tsx';

function FeedUrl({ label, url }: { label: string; url: string }) {
  const id = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notify.success(`${label} copied`, { area: 'admin' });
    } catch {
      notify.error('Could not copy: select the address and copy it', { area: 'admin' });
    }
  };
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-neutral-800">
        {label}
      </label>
      <div className="flex gap-2">
        <input id={id} className={`${inputClass} font-mono text-xs`} value={url} readOnly onFocus={(e) => e.target.select()} />
        <button type="button" className={buttonClass.secondary} onClick={copy} aria-label={`Copy the ${label}`}>
          Copy
        </button>
      </div>
    </div>
  );
}

export function CatalogueFeedsCard() {
  const feeds = useQuery(feedsOptions);
  return (
    <Card className="lg:col-span-2">
      <h2 className="text-base font-semibold">Catalogue feeds</h2>
      <p className="mt-1 mb-4 text-sm text-neutral-600">
        Every size and colour on sale, with its price, stock and photo, for Google Shopping and for your Instagram, Facebook and
        WhatsApp shops. They update themselves: both services fetch them again on a schedule.
      </p>
      {feeds.isPending ? <Spinner /> : null}
      {feeds.error ? <ErrorNotice>{feeds.error.message}</ErrorNotice> : null}
      {feeds.data ? (
        <div className="space-y-4">
          <FeedUrl label="Google Merchant Center feed URL" url={feeds.data.google} />
          <FeedUrl label="Meta Commerce Manager feed URL" url={feeds.data.meta} />
          {feeds.data.tokenRequired ? (
            <p className="text-sm text-neutral-600">These addresses carry the shop's feed token: share them with nobody else.</p>
          ) : null}
        </div>
      ) : null}
      <div className="mt-6 grid gap-6 text-sm text-neutral-700 md:grid-cols-2">
        <section>
          <h3 className="font-semibold text-neutral-900">Add it to Google Merchant Center</h3>
          <ol className="mt-2 list-decimal space-y-1 pl-5">
            <li>In Merchant Center, open Products, then Add products.</li>
            <li>Choose Nigeria and English, then "Add products from a file" and "Add a file from a link".</li>
            <li>Paste the Google Merchant Center feed URL and choose a daily fetch.</li>
            <li>Check the Diagnostics page after the first fetch for products Google turned down.</li>
          </ol>
        </section>
        <section>
          <h3 className="font-semibold text-neutral-900">Add it to Meta Commerce Manager</h3>
          <ol className="mt-2 list-decimal space-y-1 pl-5">
            <li>In Commerce Manager, open your catalogue, then Data sources and Add items.</li>
            <li>Choose "Data feed", then "Scheduled feed", and paste the Meta Commerce Manager feed URL.</li>
            <li>Choose an hourly or daily update and the currency NGN.</li>
            <li>Connect the catalogue to your Instagram shop and to WhatsApp Business (Catalogue in WhatsApp Manager).</li>
          </ol>
        </section>
      </div>
    </Card>
  );
}
