/**
 * "Delivery method": the ways the quote offers to deliver to the state chosen (fee, when it
 * arrives, a pickup's place and hours, a free-over threshold), one chosen; or why there are
 * none yet. Hidden when the shop has no delivery zones at all.
 */
import { etaText } from '@shop/shared/delivery';
import { formatNairaAmount } from '@shop/shared/money';
import type { QuoteResponse } from '@shop/shared/orders';
import type { ReactNode } from 'react';
import { feeText } from '../delivery-details.ts';
import { RadioCard } from './radio-card.tsx';

export function DeliveryMethods({
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
          <RadioCard
            key={m.id}
            name={`${id}-method`}
            value={m.id}
            checked={chosenId === m.id}
            disabled={disabled}
            onChoose={() => onChoose(m.id)}
          >
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
          </RadioCard>
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
