/**
 * The Settings card's payment fees (issue 30): what each payment method the shop records costs
 * it, as a percentage of the amount and a fixed naira amount per payment (both 0 by default),
 * for the profit reports. Card payments online carry the provider's own fees.
 */
import { FEE_METHOD_LABELS, FEE_METHODS, type StoreSettings } from '@shop/shared/content';
import type { UseFormReturn } from 'react-hook-form';
import { errorProps, Field, inputClass } from '@/components/admin/ui.tsx';

export function PaymentFeesFieldset({ form, legendClass }: { form: UseFormReturn<StoreSettings>; legendClass: string }) {
  const errors = form.formState.errors.paymentFees;
  return (
    <fieldset className="border-t border-neutral-200 pt-4" aria-describedby="settings-fees-hint">
      <legend className={legendClass}>Payment fees</legend>
      <p id="settings-fees-hint" className="mb-3 text-xs text-neutral-600">
        What each way of being paid costs the shop, counted in the profit reports. Card payments online carry the card provider's
        own fees.
      </p>
      <div className="space-y-3">
        {FEE_METHODS.map((method) => {
          const percentId = `settings-fee-${method}-percent`;
          const fixedId = `settings-fee-${method}-fixed`;
          const percentError = errors?.[method]?.percent?.message;
          const fixedError = errors?.[method]?.fixed?.message;
          return (
            <div key={method} className="grid grid-cols-2 gap-3">
              <Field label={`${FEE_METHOD_LABELS[method]}: percent of the amount`} htmlFor={percentId} error={percentError}>
                <input
                  id={percentId}
                  type="number"
                  min={0}
                  max={100}
                  step={0.01}
                  className={inputClass}
                  {...errorProps(percentId, percentError)}
                  {...form.register(`paymentFees.${method}.percent`, { valueAsNumber: true })}
                />
              </Field>
              <Field label={`${FEE_METHOD_LABELS[method]}: fixed amount (₦)`} htmlFor={fixedId} error={fixedError}>
                <input
                  id={fixedId}
                  type="number"
                  min={0}
                  step={0.01}
                  className={inputClass}
                  {...errorProps(fixedId, fixedError)}
                  {...form.register(`paymentFees.${method}.fixed`, { valueAsNumber: true })}
                />
              </Field>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
