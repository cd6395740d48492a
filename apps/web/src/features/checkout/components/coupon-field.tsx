/**
 * The coupon part of the "Delivery and payment" step: a code is checked with the server
 * (Apply, or Enter, which must not submit the form: that would pay), refused with the
 * server's reason under the field, or applied until removed.
 */
import { type KeyboardEvent, useRef } from 'react';
import { inputClass, labelClass, secondaryButton } from '@/components/ui-classes.ts';
import type { CouponState } from '../use-checkout-quote.ts';

export function CouponField({
  id,
  coupon,
  appliedCode,
  disabled,
}: {
  id: string;
  coupon: CouponState;
  /** The code as the quote names it, once applied. */
  appliedCode: string | undefined;
  /** The order is being created. */
  disabled: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void coupon.apply();
    }
  };
  const remove = () => {
    coupon.remove();
    input.current?.focus();
  };
  return (
    <div>
      <label htmlFor={`${id}-coupon`} className={labelClass}>
        Coupon code
      </label>
      <div className="flex gap-2">
        <input
          ref={input}
          id={`${id}-coupon`}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={coupon.text}
          onChange={(e) => coupon.setText(e.target.value)}
          onKeyDown={onKey}
          aria-invalid={coupon.error ? true : undefined}
          aria-describedby={coupon.error ? `${id}-coupon-error` : undefined}
          className={`${inputClass} min-w-0 uppercase`}
        />
        <button
          type="button"
          className={`${secondaryButton} shrink-0 px-4`}
          disabled={coupon.applying || disabled}
          onClick={() => void coupon.apply()}
        >
          {coupon.applying ? 'Checking...' : 'Apply'}
        </button>
      </div>
      {coupon.error && (
        <p id={`${id}-coupon-error`} role="alert" className="mt-1.5 text-sm font-medium text-sale">
          {coupon.error}
        </p>
      )}
      {coupon.code && (
        <p className="mt-2 flex flex-wrap items-center gap-x-3 text-sm" data-testid="coupon-applied">
          <span>
            Code <strong>{appliedCode ?? coupon.code}</strong> applied
          </span>
          <button type="button" className="underline underline-offset-4 hover:text-accent" onClick={remove} disabled={disabled}>
            Remove
          </button>
        </p>
      )}
    </div>
  );
}
