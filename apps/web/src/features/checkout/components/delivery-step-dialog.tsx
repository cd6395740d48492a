import { zodResolver } from '@hookform/resolvers/zod';
import { DELIVERY_STATES, etaText } from '@shop/shared/delivery';
import { formatNaira, formatNairaAmount, nairaToKobo } from '@shop/shared/money';
import type { QuoteBody, QuoteResponse, WebPaymentMethod } from '@shop/shared/orders';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { Dialog } from '@/components/dialog.tsx';
import { FormField, type TextFieldSpec, TextFields } from '@/components/form-field.tsx';
import { Select } from '@/components/select.tsx';
import { inputClass, labelClass, primaryButton, secondaryButton } from '@/components/ui-classes.ts';
import { ApiError } from '@/lib/api-client.ts';
import { addAddressMutation, addressesOptions } from '@/lib/api/addresses.ts';
import { createCheckoutMutation, quoteOptions } from '@/lib/api/checkout.ts';
import { deliveryZonesOptions } from '@/lib/api/delivery.ts';
import { useSession } from '@/lib/session-store.ts';
import type { CheckoutLineInput } from '@/lib/shop-actions.ts';
import { type DetailsOutcome, useCheckoutUi } from '../checkout-store.ts';
import {
  addressDefaults,
  COUNTRY,
  type DeliveryAddress,
  type DeliveryAddressInput,
  deliveryAddressForm,
  feeText,
  isSaved,
  missingAddress,
  PAYMENT_CHOICES,
  profileDefaults,
} from '../delivery-details.ts';

/**
 * "Delivery and payment": the step between Checkout (or Buy Now) and paying. The shopper
 * confirms where the order goes (prefilled from their address book's default, or their
 * profile), picks a delivery method, may apply a coupon, reads the summary the server prices
 * for exactly those choices (/api/checkout/quote), and chooses how to pay among the ways the
 * server offers for them (card, bank transfer, pay on delivery). Pay (or Place order)
 * creates the order; for a card the flow then opens Paystack or the sandbox checkout.
 * Closing it abandons the checkout: nothing has been created yet.
 */
export default function DeliveryStepDialog() {
  const details = useCheckoutUi((s) => s.details);
  if (!details) return null;
  return <DeliveryStep key={details.id} lines={details.lines} settle={details.settle} />;
}

const ADDRESS_FIELDS: TextFieldSpec<Exclude<FieldPath<DeliveryAddressInput>, 'state'>>[] = [
  { name: 'name', label: 'Full name', autoComplete: 'name', wide: true },
  { name: 'phone', label: 'Phone number', autoComplete: 'tel', type: 'tel', wide: true },
  { name: 'address', label: 'Street address', autoComplete: 'street-address', wide: true },
  { name: 'city', label: 'Town or city', autoComplete: 'address-level2' },
];

const message = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);

function DeliveryStep({ lines, settle }: { lines: CheckoutLineInput[]; settle(result: DetailsOutcome): void }) {
  const id = useId();
  const headingId = `${id}-heading`;
  const client = useQueryClient();
  const user = useSession((s) => s.user);
  const form = useForm<DeliveryAddressInput, unknown, DeliveryAddress>({
    resolver: zodResolver(deliveryAddressForm),
    mode: 'onTouched',
    defaultValues: profileDefaults(user),
  });
  const { errors } = form.formState;
  const state = form.watch('state');
  const typed = form.watch();

  // The address book's default replaces the profile's address, unless the shopper has typed already.
  const book = useQuery({ ...addressesOptions, enabled: user !== null });
  const saved = book.data ?? [];
  const fromBook = useRef(false);
  useEffect(() => {
    const first = book.data?.[0];
    if (!first || fromBook.current || form.formState.isDirty) return;
    fromBook.current = true;
    form.reset(addressDefaults(first));
  }, [book.data, form]);
  const saveAddress = useMutation(addAddressMutation);
  const [keepAddress, setKeepAddress] = useState(true);
  const canSave = book.isSuccess && saved.length < 10 && !isSaved(typed, saved);

  const [methodId, setMethodId] = useState<string>();
  const [couponText, setCouponText] = useState('');
  const [couponCode, setCouponCode] = useState<string>();
  const [couponError, setCouponError] = useState<string | null>(null);
  const [applying, setApplying] = useState(false);
  const couponInput = useRef<HTMLInputElement>(null);

  const quoteBody = (code = couponCode): QuoteBody => ({
    lines,
    state: state || undefined,
    country: COUNTRY,
    deliveryMethodId: methodId,
    couponCode: code,
  });
  const zones = useQuery(deliveryZonesOptions);
  const quote = useQuery({ ...quoteOptions(quoteBody()), enabled: Boolean(state), placeholderData: keepPreviousData });
  const create = useMutation(createCheckoutMutation);
  const [payWith, setPayWith] = useState<WebPaymentMethod>('paystack');

  const q = quote.data;
  // A way to pay that this delivery does not allow (pay on delivery, for a courier) falls back to the first offered.
  const offered = q?.paymentMethods ?? [];
  const paymentMethod = offered.includes(payWith) ? payWith : (offered[0] ?? payWith);
  const current = q !== undefined && !quote.isPlaceholderData && !quote.isFetching && !quote.isError;
  const shopDelivers = (zones.data?.zones.length ?? 0) > 0;
  const undeliverable = current && shopDelivers && q.state !== null && q.deliveryMethods.length === 0;
  const chosenId = methodId ?? q?.deliveryMethod?.id;

  const close = () => {
    if (!create.isPending) settle('closed');
  };

  const apply = async () => {
    // Codes are shown and kept in capitals (the server matches them in any case).
    const code = couponText.trim().toUpperCase();
    setCouponError(null);
    if (!code) return setCouponError('Enter a code');
    if (!state) return setCouponError('Choose the state to deliver to first');
    setApplying(true);
    try {
      await client.fetchQuery(quoteOptions(quoteBody(code)));
      setCouponCode(code);
    } catch (error) {
      // The summary stays as it was: its query still asks for the previous code.
      setCouponError(message(error, 'The code could not be checked. Please try again.'));
    } finally {
      setApplying(false);
    }
  };
  const remove = () => {
    setCouponCode(undefined);
    setCouponText('');
    setCouponError(null);
    couponInput.current?.focus();
  };
  const onCouponKey = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter applies the code; it must not submit the form (that would pay).
    if (event.key === 'Enter') {
      event.preventDefault();
      void apply();
    }
  };

  const onSubmit = form.handleSubmit((address) => {
    if (!current || undeliverable) return;
    const missing = missingAddress(address, q.deliveryMethod?.kind === 'pickup');
    if (missing.length > 0) {
      for (const { field, message: text } of missing) form.setError(field, { message: text }, { shouldFocus: true });
      return;
    }
    create.mutate(
      {
        lines,
        ...address,
        country: COUNTRY,
        deliveryMethodId: q.deliveryMethod?.id,
        couponCode,
        paymentMethod,
      },
      {
        onSuccess: (order) => {
          // Kept for next time: the first address saved becomes the default. A failure here costs nothing.
          if (canSave && keepAddress && address.address && address.city) {
            saveAddress.mutate({
              ...address,
              address: address.address,
              city: address.city,
              label: '',
              isDefault: saved.length === 0,
            });
          }
          settle({ order, delivery: q.deliveryMethod });
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
          <fieldset>
            <legend className="mb-4 font-display text-xl">Deliver to</legend>
            <div className="grid gap-x-4 gap-y-4 sm:grid-cols-2">
              {saved.length > 0 && (
                <div className="sm:col-span-2">
                  <label htmlFor={`${id}-saved`} className={labelClass}>
                    Saved addresses
                  </label>
                  <Select
                    id={`${id}-saved`}
                    defaultValue={saved[0]!.id}
                    onChange={(e) => {
                      const chosen = saved.find((a) => a.id === e.target.value);
                      if (!chosen) return;
                      form.reset(addressDefaults(chosen));
                      setMethodId(undefined);
                      create.reset();
                    }}
                  >
                    {saved.map((a) => (
                      <option key={a.id} value={a.id}>
                        {[a.label, a.address, a.city, a.state].filter(Boolean).join(', ')}
                        {a.isDefault ? ' (default)' : ''}
                      </option>
                    ))}
                  </Select>
                </div>
              )}
              <TextFields idPrefix={id} fields={ADDRESS_FIELDS} errors={errors} register={form.register} />
              <FormField id={`${id}-state`} label="State" error={errors.state}>
                {(control) => (
                  <Select
                    {...control}
                    autoComplete="address-level1"
                    {...form.register('state', {
                      // A method of the old state is not offered in the new one: the server picks again.
                      onChange: () => {
                        setMethodId(undefined);
                        create.reset();
                      },
                    })}
                  >
                    <option value="" disabled>
                      Choose a state
                    </option>
                    {DELIVERY_STATES.map((s) => (
                      <option key={s} value={s}>
                        {s}
                      </option>
                    ))}
                  </Select>
                )}
              </FormField>
              <p className="text-sm text-muted sm:col-span-2">Country: {COUNTRY}. We deliver within Nigeria only.</p>
              {canSave && (
                <label className="flex items-center gap-2 text-sm sm:col-span-2">
                  <input
                    type="checkbox"
                    checked={keepAddress}
                    onChange={(e) => setKeepAddress(e.target.checked)}
                    className="size-4 accent-ink"
                  />
                  Save this address to my address book
                </label>
              )}
            </div>
          </fieldset>

          <DeliveryMethods
            id={id}
            quote={q}
            state={state}
            loading={quote.isPending && Boolean(state)}
            undeliverable={undeliverable}
            hidden={!shopDelivers && current && q.deliveryMethods.length === 0}
            chosenId={chosenId}
            disabled={create.isPending}
            onChoose={(chosen) => {
              setMethodId(chosen);
              create.reset();
            }}
          />

          <div>
            <label htmlFor={`${id}-coupon`} className={labelClass}>
              Coupon code
            </label>
            <div className="flex gap-2">
              <input
                ref={couponInput}
                id={`${id}-coupon`}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                value={couponText}
                onChange={(e) => setCouponText(e.target.value)}
                onKeyDown={onCouponKey}
                aria-invalid={couponError ? true : undefined}
                aria-describedby={couponError ? `${id}-coupon-error` : undefined}
                className={`${inputClass} min-w-0 uppercase`}
              />
              <button
                type="button"
                className={`${secondaryButton} shrink-0 px-4`}
                disabled={applying || create.isPending}
                onClick={() => void apply()}
              >
                {applying ? 'Checking...' : 'Apply'}
              </button>
            </div>
            {couponError && (
              <p id={`${id}-coupon-error`} role="alert" className="mt-1.5 text-sm font-medium text-sale">
                {couponError}
              </p>
            )}
            {couponCode && (
              <p className="mt-2 flex flex-wrap items-center gap-x-3 text-sm" data-testid="coupon-applied">
                <span>
                  Code <strong>{q?.coupon?.code ?? couponCode}</strong> applied
                </span>
                <button
                  type="button"
                  className="underline underline-offset-4 hover:text-accent"
                  onClick={remove}
                  disabled={create.isPending}
                >
                  Remove
                </button>
              </p>
            )}
          </div>

          <Summary id={id} quote={q} state={state} updating={quote.isFetching} error={quote.isError ? quote.error : null} />

          {offered.length > 0 && (
            <fieldset>
              <legend className="mb-4 font-display text-xl">How would you like to pay?</legend>
              <div className="grid gap-3">
                {offered.map((m) => (
                  <label
                    key={m}
                    className="flex cursor-pointer gap-3 border border-line p-3 has-[:checked]:border-ink has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent"
                  >
                    <input
                      type="radio"
                      name={`${id}-pay`}
                      value={m}
                      checked={paymentMethod === m}
                      disabled={create.isPending}
                      onChange={() => {
                        setPayWith(m);
                        create.reset();
                      }}
                      className="mt-1 size-4 shrink-0 accent-ink"
                    />
                    <span className="min-w-0 flex-1 text-sm">
                      <span className="block font-medium">{PAYMENT_CHOICES[m].label}</span>
                      <span className="block text-muted">{PAYMENT_CHOICES[m].hint}</span>
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
          )}
        </div>

        <div className="sticky bottom-0 border-t border-line bg-white px-5 py-4 sm:px-8">
          {create.isError && (
            <p role="alert" className="mb-3 text-sm font-medium text-sale">
              {message(create.error, 'The order could not be started. Please try again.')}
            </p>
          )}
          <button
            type="submit"
            className={`${primaryButton} w-full`}
            disabled={!current || undeliverable || create.isPending || applying}
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

function DeliveryMethods({
  id,
  quote,
  state,
  loading,
  undeliverable,
  hidden,
  chosenId,
  disabled,
  onChoose,
}: {
  id: string;
  quote: QuoteResponse | undefined;
  state: string;
  loading: boolean;
  undeliverable: boolean;
  hidden: boolean;
  chosenId: string | undefined;
  disabled: boolean;
  onChoose(id: string): void;
}) {
  if (hidden) return null;
  let body: ReactNode;
  if (!state) body = <p className="text-sm text-muted">Choose a state to see how we can deliver.</p>;
  else if (!quote) {
    // Without a price (refused: the summary says why) there is nothing to offer yet.
    body = <p className="text-sm text-muted">{loading ? 'Loading delivery options...' : 'No delivery options to show.'}</p>;
  } else if (undeliverable) {
    body = (
      <p role="alert" className="text-sm font-medium text-sale">
        We do not deliver to {quote.state} yet. Choose another state.
      </p>
    );
  } else {
    body = (
      <div className="grid gap-3">
        {quote.deliveryMethods.map((m) => (
          <label
            key={m.id}
            className="flex cursor-pointer gap-3 border border-line p-3 has-[:checked]:border-ink has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent"
          >
            <input
              type="radio"
              name={`${id}-method`}
              value={m.id}
              checked={chosenId === m.id}
              disabled={disabled}
              onChange={() => onChoose(m.id)}
              className="mt-1 size-4 shrink-0 accent-ink"
            />
            <span className="min-w-0 flex-1 text-sm">
              <span className="flex flex-wrap justify-between gap-x-3">
                <span className="font-medium">{m.name}</span>
                <span className="font-semibold tabular-nums">{feeText(m.fee)}</span>
              </span>
              <span className="block text-muted">{etaText(m.etaDays, m.kind)}</span>
              {m.kind === 'pickup' && (
                <span className="block text-muted">
                  {m.pickupAddress}
                  {m.pickupHours && ` · ${m.pickupHours}`}
                </span>
              )}
              {m.kind === 'free_over' && m.freeOver !== null && m.fee > 0 && (
                <span className="block text-muted">Free on goods of {formatNairaAmount(m.freeOver)} or more</span>
              )}
            </span>
          </label>
        ))}
      </div>
    );
  }
  return (
    <fieldset>
      <legend className="mb-4 font-display text-xl">Delivery method</legend>
      {body}
    </fieldset>
  );
}

function Summary({
  id,
  quote,
  state,
  updating,
  error,
}: {
  id: string;
  quote: QuoteResponse | undefined;
  state: string;
  updating: boolean;
  error: Error | null;
}) {
  const row = (label: string, value: string, testId: string, strong = false) => (
    <div
      className={`flex justify-between gap-4 py-1.5 ${strong ? 'mt-1 border-t border-line pt-3 text-base font-semibold' : ''}`}
    >
      <dt>{label}</dt>
      <dd className="tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
  let body: ReactNode;
  if (error) {
    body = (
      <p role="alert" className="text-sm font-medium text-sale">
        {message(error, 'The order could not be priced. Please try again.')}
      </p>
    );
  } else if (!quote) {
    body = (
      <p className="text-sm text-muted">
        {state ? 'Pricing your order...' : 'Choose a state to see the delivery fee and total.'}
      </p>
    );
  } else {
    const markdown = nairaToKobo(quote.discount) - nairaToKobo(quote.couponDiscount);
    body = (
      <dl className="text-sm">
        {row('Goods', formatNairaAmount(quote.subtotal), 'summary-goods')}
        {markdown > 0 && row('Discount', `−${formatNaira(markdown)}`, 'summary-discount')}
        {quote.coupon && row(`Coupon (${quote.coupon.code})`, `−${formatNairaAmount(quote.couponDiscount)}`, 'summary-coupon')}
        {row('Delivery', quote.state ? feeText(quote.deliveryFee) : '—', 'summary-delivery')}
        {row('Total', formatNairaAmount(quote.total), 'summary-total', true)}
      </dl>
    );
  }
  return (
    <section aria-labelledby={`${id}-summary`} aria-busy={updating || undefined} className="bg-cream px-4 py-4">
      <h3 id={`${id}-summary`} className="mb-2 font-display text-xl">
        Summary
      </h3>
      <div aria-live="polite">{body}</div>
    </section>
  );
}
