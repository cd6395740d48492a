/**
 * Add or edit a delivery zone: its name, order and switch, the states it covers (a state
 * in another zone is shown with that zone's name and cannot be chosen), and its methods,
 * which can be added, removed and put in order (the order checkout lists them in). The
 * zone is saved whole, methods included; the server's refusal (a state taken meanwhile,
 * a field it rejects) is shown in the form.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { DELIVERY_KIND_LABELS, DELIVERY_KINDS, DELIVERY_STATES, type DeliveryZoneView } from '@shop/shared/delivery';
import { useMutation } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Controller, type UseFormReturn, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { buttonClass, Card, ErrorNotice, errorProps, Field, inputClass } from '@/components/admin/ui.tsx';
import { createDeliveryZoneMutation, updateDeliveryZoneMutation } from '@/lib/api/delivery.ts';
import { notify } from '@/lib/notify.tsx';
import { applyServerErrors } from '@/lib/server-errors.ts';
import { NEW_METHOD, type ZoneBody, statesTakenElsewhere, type ZoneFormValues, zoneForm, zoneFormValues } from '../zone-form.ts';

type ZoneForm = UseFormReturn<ZoneFormValues, unknown, ZoneBody>;

const checkboxClass = 'h-4 w-4 rounded border-neutral-400 accent-neutral-900';

interface ZoneFormCardProps {
  /** The zone to edit; none: a new zone. */
  zone?: DeliveryZoneView;
  /** Every zone, for the states other zones already cover and the next position. */
  zones: DeliveryZoneView[];
  onDone(): void;
}

export function ZoneFormCard({ zone, zones, onDone }: ZoneFormCardProps) {
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const create = useMutation(createDeliveryZoneMutation);
  const update = useMutation(updateDeliveryZoneMutation);
  const saving = create.isPending || update.isPending;
  const nextPosition = Math.min(10_000, zones.length ? Math.max(...zones.map((z) => z.position)) + 1 : 0);
  const form: ZoneForm = useForm({ defaultValues: zoneFormValues(zone, nextPosition), resolver: zodResolver(zoneForm) });
  const { errors } = form.formState;
  const taken = statesTakenElsewhere(zones, zone?.id);

  // The form replaces the list: move focus to its heading, so a keyboard or screen reader user starts there.
  useEffect(() => headingRef.current?.focus(), []);

  const onSubmit = form.handleSubmit((body) => {
    const callbacks = {
      onSuccess: () => {
        notify.success(zone ? 'Zone updated' : 'Zone created', { area: 'admin' });
        onDone();
      },
      onError: (error: Error) => applyServerErrors(form, error, { formMessage: true }),
    };
    if (zone) update.mutate({ id: zone.id, zone: body }, callbacks);
    else create.mutate(body, callbacks);
  });

  const field = (name: 'name' | 'position', label: string, props: Record<string, unknown> = {}) => {
    const fieldId = `${id}-${name}`;
    const error = errors[name]?.message;
    return (
      <Field label={label} htmlFor={fieldId} error={error}>
        <input id={fieldId} className={inputClass} {...errorProps(fieldId, error)} {...props} {...form.register(name)} />
      </Field>
    );
  };

  const statesError = errors.states?.message ?? errors.states?.root?.message;
  return (
    <Card>
      <h2 ref={headingRef} tabIndex={-1} className="mb-4 text-lg font-semibold focus:outline-none">
        {zone ? `Edit zone “${zone.name}”` : 'Add zone'}
      </h2>
      <form onSubmit={onSubmit} noValidate className="space-y-6" aria-label={zone ? `Edit zone ${zone.name}` : 'Add zone'}>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-[1fr_10rem]">
          {field('name', 'Zone name', { maxLength: 80, placeholder: 'South West' })}
          {field('position', 'Position', { type: 'number', min: 0, max: 10000, step: 1, inputMode: 'numeric' })}
        </div>
        <label className="flex items-center gap-2 text-sm font-medium text-neutral-800">
          <input type="checkbox" className={checkboxClass} {...form.register('enabled')} />
          Zone enabled (offered at checkout)
        </label>

        <Controller
          control={form.control}
          name="states"
          render={({ field: { value, onChange } }) => (
            <fieldset aria-describedby={statesError ? `${id}-states-error` : undefined}>
              <legend className="mb-2 text-sm font-medium text-neutral-800">
                States <span className="font-normal text-neutral-700">({value.length} chosen)</span>
              </legend>
              <div className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3 lg:grid-cols-4">
                {DELIVERY_STATES.map((state, i) => {
                  const elsewhere = taken.get(state);
                  const checked = value.includes(state);
                  const boxId = `${id}-state-${i}`;
                  return (
                    <div key={state} className="flex items-start gap-2 text-sm">
                      <input
                        id={boxId}
                        type="checkbox"
                        className={`${checkboxClass} mt-0.5`}
                        checked={checked}
                        // A state kept by mistake in two zones can still be taken out of this one.
                        disabled={elsewhere !== undefined && !checked}
                        aria-describedby={elsewhere ? `${boxId}-zone` : undefined}
                        onChange={(e) =>
                          onChange(
                            e.target.checked
                              ? DELIVERY_STATES.filter((s) => s === state || value.includes(s))
                              : value.filter((s) => s !== state),
                          )
                        }
                      />
                      <span>
                        <label htmlFor={boxId} className={elsewhere ? 'text-neutral-600' : 'text-neutral-900'}>
                          {state}
                        </label>
                        {elsewhere ? (
                          <span id={`${boxId}-zone`} className="block text-xs text-neutral-600">
                            In “{elsewhere}”
                          </span>
                        ) : null}
                      </span>
                    </div>
                  );
                })}
              </div>
              {statesError ? (
                <p id={`${id}-states-error`} className="mt-2 text-sm text-red-600">
                  {statesError}
                </p>
              ) : null}
            </fieldset>
          )}
        />

        <MethodsEditor form={form} formId={id} />

        {errors.root?.server ? <ErrorNotice>{errors.root.server.message}</ErrorNotice> : null}
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={buttonClass.primary} disabled={saving}>
            {saving ? 'Saving ...' : zone ? 'Save zone' : 'Create zone'}
          </button>
          <button type="button" className={buttonClass.secondary} onClick={onDone}>
            Cancel
          </button>
        </div>
      </form>
    </Card>
  );
}

/** The zone's methods: one fieldset each, with only the fields its kind uses. */
function MethodsEditor({ form, formId }: { form: ZoneForm; formId: string }) {
  const methods = useFieldArray({ control: form.control, name: 'methods', keyName: 'key' });
  const errors = form.formState.errors.methods;
  const listError = errors?.message ?? errors?.root?.message;

  return (
    <section aria-labelledby={`${formId}-methods`}>
      <h3 id={`${formId}-methods`} className="text-base font-semibold">
        Methods
      </h3>
      <p className="mb-3 text-sm text-neutral-600">Checkout lists them in this order.</p>
      {methods.fields.length === 0 ? (
        <p className="mb-3 text-sm text-neutral-700">No methods yet: shoppers in these states cannot choose delivery.</p>
      ) : null}
      <ol className="space-y-4">
        {methods.fields.map((row, i) => (
          <li key={row.key}>
            <MethodFields
              form={form}
              index={i}
              count={methods.fields.length}
              fieldId={`${formId}-m${i}`}
              onMove={(to) => methods.move(i, to)}
              onRemove={() => methods.remove(i)}
            />
          </li>
        ))}
      </ol>
      {listError ? <p className="mt-2 text-sm text-red-600">{listError}</p> : null}
      <button
        type="button"
        className={`${buttonClass.secondary} mt-3`}
        onClick={() => methods.append({ ...NEW_METHOD })}
        disabled={methods.fields.length >= 20}
      >
        <Plus size={16} aria-hidden="true" /> Add method
      </button>
    </section>
  );
}

interface MethodFieldsProps {
  form: ZoneForm;
  index: number;
  count: number;
  fieldId: string;
  onMove(to: number): void;
  onRemove(): void;
}

function MethodFields({ form, index: i, count, fieldId, onMove, onRemove }: MethodFieldsProps) {
  // Watched here, not in the form: a change of kind re-renders this method only.
  const kind = useWatch({ control: form.control, name: `methods.${i}.kind` });
  const errors = form.formState.errors.methods?.[i];
  const n = i + 1;
  const input = (
    name: 'name' | 'fee' | 'cost' | 'freeOver' | 'pickupAddress' | 'pickupHours' | 'etaDays',
    label: string,
    props: Record<string, unknown> = {},
    className = '',
  ) => {
    const id = `${fieldId}-${name}`;
    const error = errors?.[name]?.message;
    return (
      <Field label={label} htmlFor={id} error={error} className={className}>
        <input id={id} className={inputClass} {...errorProps(id, error)} {...props} {...form.register(`methods.${i}.${name}`)} />
      </Field>
    );
  };
  const money = { type: 'number', min: 0, step: '0.01', inputMode: 'decimal' };

  return (
    <fieldset className="rounded-md border border-neutral-200 p-4">
      <legend className="px-1 text-sm font-semibold">Method {n}</legend>
      <div className="mb-3 flex justify-end gap-1">
        <button
          type="button"
          className={buttonClass.icon}
          onClick={() => onMove(i - 1)}
          disabled={i === 0}
          aria-label={`Move method ${n} up`}
        >
          <ArrowUp size={16} aria-hidden="true" />
        </button>
        <button
          type="button"
          className={buttonClass.icon}
          onClick={() => onMove(i + 1)}
          disabled={i === count - 1}
          aria-label={`Move method ${n} down`}
        >
          <ArrowDown size={16} aria-hidden="true" />
        </button>
        <button type="button" className={buttonClass.icon} onClick={onRemove} aria-label={`Remove method ${n}`}>
          <Trash2 size={16} aria-hidden="true" />
        </button>
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {input('name', 'Name', { maxLength: 80, placeholder: 'Standard delivery' })}
        <Field label="Kind" htmlFor={`${fieldId}-kind`}>
          <select id={`${fieldId}-kind`} className={inputClass} {...form.register(`methods.${i}.kind`)}>
            {DELIVERY_KINDS.map((k) => (
              <option key={k} value={k}>
                {DELIVERY_KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </Field>
        {kind !== 'pickup' ? input('fee', kind === 'free_over' ? 'Fee below the threshold (₦)' : 'Fee (₦)', money) : null}
        {input('cost', 'Cost to the shop (₦)', {
          ...money,
          placeholder: '0',
          title: 'What the shop pays the rider or courier per order',
        })}
        {kind === 'free_over' ? input('freeOver', 'Free when goods total at least (₦)', money) : null}
        {kind === 'pickup' ? input('pickupAddress', 'Pickup address', { maxLength: 300 }, 'sm:col-span-2') : null}
        {kind === 'pickup' ? input('pickupHours', 'Opening hours', { maxLength: 120, placeholder: 'Mon–Sat 9am–6pm' }) : null}
        {input('etaDays', 'Delivery time (working days)', { type: 'number', min: 0, max: 60, step: 1, inputMode: 'numeric' })}
      </div>
      <div className="mt-4 flex flex-wrap gap-x-6 gap-y-2">
        <label className="flex items-center gap-2 text-sm text-neutral-800">
          <input type="checkbox" className={checkboxClass} {...form.register(`methods.${i}.payOnDelivery`)} />
          Pay on delivery
        </label>
        <label className="flex items-center gap-2 text-sm text-neutral-800">
          <input type="checkbox" className={checkboxClass} {...form.register(`methods.${i}.enabled`)} />
          Enabled
        </label>
      </div>
    </fieldset>
  );
}
