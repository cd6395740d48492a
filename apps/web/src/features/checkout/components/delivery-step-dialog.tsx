import { zodResolver } from '@hookform/resolvers/zod';
import { formatNairaAmount } from '@shop/shared/money';
import { useMutation } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Dialog } from '@/components/dialog.tsx';
import { MarketingConsentBox } from '@/components/marketing-consent-box.tsx';
import { primaryButton } from '@/components/ui-classes.ts';
import { createCheckoutMutation } from '@/lib/api/checkout.ts';
import { useSession } from '@/lib/session-store.ts';
import type { CheckoutLineInput } from '@/lib/shop-actions.ts';
import { type DetailsOutcome, useCheckoutUi } from '../checkout-store.ts';
import {
  COUNTRY,
  type DeliveryAddress,
  type DeliveryAddressInput,
  deliveryAddressForm,
  missingAddress,
  PAYMENT_CHOICES,
  profileDefaults,
  refusalMessage,
} from '../delivery-details.ts';
import { useAddressBook } from '../use-address-book.ts';
import { useCheckoutQuote } from '../use-checkout-quote.ts';
import { AddressFields } from './address-fields.tsx';
import { CouponField } from './coupon-field.tsx';
import { DeliveryMethods } from './delivery-methods.tsx';
import { PaymentChoice } from './payment-choice.tsx';
import { QuoteSummary } from './quote-summary.tsx';

/**
 * "Delivery and payment": the step between Checkout (or Buy Now) and paying. The shopper
 * confirms where the order goes (prefilled from their address book's default, or their
 * profile), picks a delivery method, may apply a coupon, reads the summary the server prices
 * for exactly those choices (/api/checkout/quote), and chooses how to pay among the ways the
 * server offers for them (card, bank transfer, pay on delivery). Pay (or Place order)
 * creates the order; for a card the flow then opens Paystack or the sandbox checkout.
 * Closing it abandons the checkout: nothing has been created yet.
 *
 * This module puts the step together and creates the order; the pricing and the choices
 * are use-checkout-quote.ts, the address book use-address-book.ts, and each part its own
 * component.
 */
export default function DeliveryStepDialog() {
  const details = useCheckoutUi((s) => s.details);
  if (!details) return null;
  return <DeliveryStep key={details.id} lines={details.lines} settle={details.settle} />;
}

function DeliveryStep({ lines, settle }: { lines: CheckoutLineInput[]; settle(result: DetailsOutcome): void }) {
  const id = useId();
  const headingId = `${id}-heading`;
  const user = useSession((s) => s.user);
  const form = useForm<DeliveryAddressInput, unknown, DeliveryAddress>({
    resolver: zodResolver(deliveryAddressForm),
    mode: 'onTouched',
    defaultValues: profileDefaults(user),
  });
  const state = form.watch('state');
  const book = useAddressBook(form, user);
  // Unticked until the shopper ticks it (issue 31); sent with the quote and the order.
  const [marketingConsent, setMarketingConsent] = useState(false);
  const pricing = useCheckoutQuote(lines, state, marketingConsent);
  const create = useMutation(createCheckoutMutation);
  const { data: q, current, undeliverable, paymentMethod } = pricing;

  const close = () => {
    if (!create.isPending) settle('closed');
  };
  // Another choice prices another order: a refusal of the last one no longer applies.
  const changeMethod = (methodId: string | undefined) => {
    pricing.chooseMethod(methodId);
    create.reset();
  };

  const onSubmit = form.handleSubmit((address) => {
    if (!current || undeliverable) return;
    const missing = missingAddress(address, current.deliveryMethod?.kind === 'pickup');
    if (missing.length > 0) {
      for (const { field, message: text } of missing) form.setError(field, { message: text }, { shouldFocus: true });
      return;
    }
    create.mutate(
      {
        lines,
        ...address,
        country: COUNTRY,
        deliveryMethodId: current.deliveryMethod?.id,
        couponCode: pricing.coupon.code,
        paymentMethod,
        ...(marketingConsent && { marketingConsent }),
      },
      {
        onSuccess: (order) => {
          book.keepForNextTime(address);
          settle({ order, delivery: current.deliveryMethod });
        },
      },
    );
  });

  return (
    <Dialog labelledBy={headingId} onRequestClose={close} variant="drawer">
      <form onSubmit={onSubmit} noValidate className="flex min-h-full flex-col" data-testid="delivery-step">
        <div className="flex items-start justify-between gap-4 border-b border-line px-5 py-5 sm:px-8">
          <div>
            <p className="text-xs font-semibold tracking-[0.2em] text-accent uppercase">Checkout</p>
            <h2 id={headingId} className="mt-1 font-display text-2xl sm:text-3xl">
              Delivery and payment
            </h2>
          </div>
          <button
            type="button"
            aria-label="Close checkout"
            onClick={close}
            className="flex size-10 shrink-0 items-center justify-center rounded-full hover:bg-cream"
          >
            <X aria-hidden size={20} />
          </button>
        </div>

        <div className="flex-1 space-y-8 px-5 py-6 sm:px-8">
          <AddressFields
            id={id}
            form={form}
            saved={book.saved}
            canSave={book.canSave}
            keep={book.keep}
            onKeepChange={book.setKeep}
            onPlaceChange={() => changeMethod(undefined)}
          />
          <DeliveryMethods
            id={id}
            quote={q}
            state={state}
            loading={pricing.query.isPending && Boolean(state)}
            undeliverable={undeliverable}
            hidden={!pricing.shopDelivers && current !== undefined && current.deliveryMethods.length === 0}
            chosenId={pricing.methodId}
            disabled={create.isPending}
            onChoose={changeMethod}
          />
          <CouponField id={id} coupon={pricing.coupon} appliedCode={q?.coupon?.code} disabled={create.isPending} />
          <QuoteSummary
            id={id}
            quote={q}
            state={state}
            updating={pricing.query.isFetching}
            error={pricing.query.isError ? pricing.query.error : null}
          />
          <PaymentChoice
            id={id}
            offered={pricing.offered}
            chosen={paymentMethod}
            disabled={create.isPending}
            onChoose={(method) => {
              pricing.choosePayment(method);
              create.reset();
            }}
          />
          <MarketingConsentBox
            id={`${id}-marketing-consent`}
            checked={marketingConsent}
            disabled={create.isPending}
            onChange={(event) => setMarketingConsent(event.target.checked)}
          />
        </div>

        <div className="sticky bottom-0 border-t border-line bg-white px-5 py-4 sm:px-8">
          {create.isError && (
            <p role="alert" className="mb-3 text-sm font-medium text-sale">
              {refusalMessage(create.error, 'The order could not be started. Please try again.')}
            </p>
          )}
          <button
            type="submit"
            className={`${primaryButton} w-full`}
            disabled={!current || undeliverable || create.isPending || pricing.coupon.applying}
          >
            {create.isPending
              ? paymentMethod === 'paystack'
                ? 'Starting payment...'
                : 'Placing order...'
              : q
                ? PAYMENT_CHOICES[paymentMethod].action(formatNairaAmount(q.total))
                : 'Pay'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
