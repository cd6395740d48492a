/**
 * "Tell me when size 12 is back" (issue 31), under a sold-out size and colour: a guest gives her
 * e-mail, a signed-in shopper's account's is used. The request is her consent to that one
 * e-mail; the box (unticked) adds consent to the shop's other marketing.
 */
import { useMutation } from '@tanstack/react-query';
import { BellRing } from 'lucide-react';
import { useId, useState } from 'react';
import { MarketingConsentBox } from '@/components/marketing-consent-box.tsx';
import { inputClass, labelClass, secondaryButton } from '@/components/ui-classes.ts';
import { ApiError } from '@/lib/api-client.ts';
import { stockAlertMutation } from '@/lib/api/marketing.ts';
import { useSession } from '@/lib/session-store.ts';

/** What the button asks for: "size 12", "Indigo", "size 12 in Indigo", or "this item". */
export function alertSubject({ size, color }: { size: string; color: string }): string {
  if (size && color) return `size ${size} in ${color}`;
  if (size) return `size ${size}`;
  return color || 'this item';
}

export function StockAlertForm({ variant }: { variant: { id: string; size: string; color: string } }) {
  const id = useId();
  const user = useSession((s) => s.user);
  const [email, setEmail] = useState('');
  const [consent, setConsent] = useState(false);
  const ask = useMutation(stockAlertMutation);
  const subject = alertSubject(variant);

  if (ask.isSuccess) {
    return (
      <p role="status" className="mt-4 flex items-start gap-2 bg-cream p-4 text-sm">
        <BellRing aria-hidden size={18} className="mt-0.5 shrink-0" />
        We will e-mail {ask.data.email} once when {subject} is back.
      </p>
    );
  }
  const failure = ask.error
    ? ask.error instanceof ApiError && ask.error.status < 500
      ? ask.error.message
      : 'Something went wrong. Please try again.'
    : null;

  return (
    <form
      className="mt-4 space-y-3 border border-line p-4"
      aria-label={`Back-in-stock alert for ${subject}`}
      onSubmit={(event) => {
        event.preventDefault();
        ask.mutate({ variantId: variant.id, ...(user ? {} : { email }), ...(consent && { marketingConsent: true }) });
      }}
    >
      <p className="text-sm font-medium">Sold out. Tell me when {subject} is back.</p>
      {!user && (
        <div>
          <label htmlFor={`${id}-email`} className={labelClass}>
            Your e-mail
          </label>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            required
            className={inputClass}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
      )}
      <MarketingConsentBox id={`${id}-consent`} checked={consent} onChange={(event) => setConsent(event.target.checked)} />
      {failure && (
        <p role="alert" className="text-sm font-medium text-sale">
          {failure}
        </p>
      )}
      <button type="submit" className={`${secondaryButton} w-full`} disabled={ask.isPending}>
        {ask.isPending ? 'Sending...' : `Tell me when ${subject} is back`}
      </button>
    </form>
  );
}
