/**
 * "Deliver to", the address part of the "Delivery and payment" step: a saved address to start
 * from, the fields a rider needs, the state (which prices the delivery), and whether to keep
 * a new address in the book.
 */
import type { AddressView } from '@shop/shared/addresses';
import type { FieldPath } from 'react-hook-form';
import { FormField, type TextFieldSpec, TextFields } from '@/components/form-field.tsx';
import { Select } from '@/components/select.tsx';
import { labelClass } from '@/components/ui-classes.ts';
import { addressDefaults, type DeliveryAddressInput } from '../delivery-details.ts';
import type { AddressForm } from '../use-address-book.ts';
import { CountryNote, DeliveryStateOptions } from './delivery-state.tsx';

const ADDRESS_FIELDS: TextFieldSpec<Exclude<FieldPath<DeliveryAddressInput>, 'state'>>[] = [
  { name: 'name', label: 'Full name', autoComplete: 'name', wide: true },
  { name: 'phone', label: 'Phone number', autoComplete: 'tel', type: 'tel', wide: true },
  { name: 'address', label: 'Street address', autoComplete: 'street-address', wide: true },
  { name: 'city', label: 'Town or city', autoComplete: 'address-level2' },
];

export function AddressFields({
  id,
  form,
  saved,
  canSave,
  keep,
  onKeepChange,
  onPlaceChange,
}: {
  id: string;
  form: AddressForm;
  saved: AddressView[];
  /** The address typed is not in the book yet, and the book has room. */
  canSave: boolean;
  keep: boolean;
  onKeepChange(keep: boolean): void;
  /** Another saved address or state was chosen: the delivery is chosen again. */
  onPlaceChange(): void;
}) {
  const { errors } = form.formState;
  return (
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
                onPlaceChange();
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
              // A method of the old state is not offered in the new one: the server picks again.
              {...form.register('state', { onChange: onPlaceChange })}
            >
              <DeliveryStateOptions />
            </Select>
          )}
        </FormField>
        <CountryNote />
        {canSave && (
          <label className="flex items-center gap-2 text-sm sm:col-span-2">
            <input
              type="checkbox"
              checked={keep}
              onChange={(e) => onKeepChange(e.target.checked)}
              className="size-4 accent-ink"
            />
            Save this address to my address book
          </label>
        )}
      </div>
    </fieldset>
  );
}
