/**
 * /account (issue 31): the signed-in shopper's e-mail choices. The marketing box ("E-mail me
 * about my cart and items I'm waiting for") shows her consent as the server has it, and
 * saves each change at once (given here: source account; unticked: withdrawn). Order
 * e-mails are not marketing and always come.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { MarketingConsentBox } from '@/components/marketing-consent-box.tsx';
import { LoadingState } from '@/components/page-states.tsx';
import { primaryButton } from '@/components/ui-classes.ts';
import { marketingConsentOptions, setMarketingConsentMutation } from '@/lib/api/marketing.ts';
import { shortDate } from '@/lib/dates.ts';
import { useSession } from '@/lib/session-store.ts';
import { useSignInRequest } from '@/lib/sign-in-request.ts';

const SOURCES = {
  checkout: 'at checkout',
  registration: 'when you signed up',
  account: 'here',
  alert: 'on a back-in-stock alert',
};

export function AccountPage() {
  const status = useSession((s) => s.status);
  const user = useSession((s) => s.user);
  const consent = useQuery({ ...marketingConsentOptions, enabled: status === 'signed-in' });
  const save = useMutation(setMarketingConsentMutation);

  let body: React.ReactNode;
  if (status === 'restoring' || (status === 'signed-in' && consent.isPending)) body = <LoadingState />;
  else if (status === 'signed-out') {
    body = (
      <div className="bg-cream px-6 py-12 text-center">
        <p className="font-display text-2xl">Sign in to see your account</p>
        <button type="button" className={`${primaryButton} mt-6`} onClick={() => void useSignInRequest.getState().request()}>
          Sign in
        </button>
      </div>
    );
  } else if (consent.isError || !consent.data) {
    body = (
      <p role="alert" className="text-sale">
        Your e-mail choices could not be loaded. Please try again.
      </p>
    );
  } else {
    const view = consent.data;
    body = (
      <section aria-labelledby="email-choices" className="space-y-4 border border-line p-6">
        <h2 id="email-choices" className="text-xs font-semibold tracking-[0.14em] uppercase">
          E-mails
        </h2>
        <p className="text-sm text-muted">
          We send order e-mails (receipts, delivery) to {user?.email} whatever you choose here.
        </p>
        <MarketingConsentBox
          id="account-marketing-consent"
          checked={view.consent}
          disabled={save.isPending}
          onChange={(event) => save.mutate(event.target.checked)}
        />
        <p className="text-sm" aria-live="polite">
          {view.consent && view.grantedAt && view.source
            ? `You agreed ${SOURCES[view.source]} on ${shortDate(view.grantedAt)}.`
            : 'You get no marketing e-mails from us.'}
        </p>
        {save.isError && (
          <p role="alert" className="text-sm font-medium text-sale">
            Your choice could not be saved. Please try again.
          </p>
        )}
      </section>
    );
  }

  return (
    <div className="mx-auto max-w-2xl px-4 pt-10 pb-16 sm:px-6 lg:pt-16">
      <h1 className="font-display text-4xl sm:text-5xl">My account</h1>
      <p className="mt-3 text-muted">
        <Link to="/orders" className="underline underline-offset-4 hover:text-accent">
          My orders
        </Link>
      </p>
      <div className="mt-8">{body}</div>
    </div>
  );
}
