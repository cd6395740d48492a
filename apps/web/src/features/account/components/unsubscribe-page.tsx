/**
 * /unsubscribe?token=… (issue 31): the page a marketing e-mail's visible link opens. Opening it
 * changes nothing (mail scanners follow links); its button POSTs the token, and the page then
 * says it is done. No sign-in: the token names the address.
 */
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { primaryButton } from '@/components/ui-classes.ts';
import { ApiError } from '@/lib/api-client.ts';
import { unsubscribeMutation } from '@/lib/api/marketing.ts';

export const UNSUBSCRIBED = 'You will get no more marketing e-mails from us. Order e-mails (receipts, delivery) still come.';

export function UnsubscribePage({ token }: { token: string }) {
  const unsubscribe = useMutation(unsubscribeMutation);
  const failure = unsubscribe.error
    ? unsubscribe.error instanceof ApiError && unsubscribe.error.status < 500
      ? unsubscribe.error.message
      : 'Something went wrong. Please try again.'
    : null;

  return (
    <div className="mx-auto max-w-xl px-4 pt-10 pb-16 text-center sm:px-6 lg:pt-16">
      <h1 className="font-display text-4xl">Unsubscribe</h1>
      {unsubscribe.isSuccess ? (
        <div role="status" className="mt-6 space-y-4">
          <p className="font-medium">{unsubscribe.data.email} is unsubscribed.</p>
          <p className="text-muted">{UNSUBSCRIBED}</p>
          <p className="text-sm text-muted">
            Changed your mind? Tick the box on{' '}
            <Link to="/account" className="underline">
              your account
            </Link>{' '}
            again.
          </p>
        </div>
      ) : !token ? (
        <p role="alert" className="mt-6 text-sale">
          This unsubscribe link is not complete. Open it again from the e-mail.
        </p>
      ) : (
        <>
          <p className="mt-4 text-muted">
            Stop our e-mails about your cart, price drops and items you are waiting for? Order e-mails still come.
          </p>
          <button
            type="button"
            className={`${primaryButton} mt-8`}
            disabled={unsubscribe.isPending}
            onClick={() => unsubscribe.mutate(token)}
          >
            {unsubscribe.isPending ? 'Unsubscribing...' : 'Unsubscribe'}
          </button>
          {failure && (
            <p role="alert" className="mt-4 text-sm font-medium text-sale">
              {failure}
            </p>
          )}
        </>
      )}
    </div>
  );
}
