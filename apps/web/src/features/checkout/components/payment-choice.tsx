/** "How would you like to pay?": the ways the quote offers for this delivery, one chosen. Nothing before a quote. */
import type { WebPaymentMethod } from '@shop/shared/orders';
import { PAYMENT_CHOICES } from '../delivery-details.ts';
import { RadioCard } from './radio-card.tsx';

export function PaymentChoice({
  id,
  offered,
  chosen,
  disabled,
  onChoose,
}: {
  id: string;
  offered: WebPaymentMethod[];
  chosen: WebPaymentMethod;
  disabled: boolean;
  onChoose(method: WebPaymentMethod): void;
}) {
  if (offered.length === 0) return null;
  return (
    <fieldset>
      <legend className="mb-4 font-display text-xl">How would you like to pay?</legend>
      <div className="grid gap-3">
        {offered.map((m) => (
          <RadioCard key={m} name={`${id}-pay`} value={m} checked={chosen === m} disabled={disabled} onChoose={() => onChoose(m)}>
            <span className="block font-medium">{PAYMENT_CHOICES[m].label}</span>
            <span className="block text-muted">{PAYMENT_CHOICES[m].hint}</span>
          </RadioCard>
        ))}
      </div>
    </fieldset>
  );
}
