/**
 * The store's settings: name, phone, service hours, banner speed and the low-stock
 * threshold; what invoices print (address, VAT note); where bank transfers go and how long
 * a transfer order holds its goods; the per-order cap on units of one product; where the
 * shop's own alerts go; the WhatsApp number shoppers can write to; what each payment
 * method costs the shop (payment-fees-fieldset.tsx); the days of cover below which the
 * stock report says to reorder; and checkout recovery's reminders (their delays, a coupon, and
 * the transfer orders' payment reminder, issue 31). Checked with the
 * shared `storeSettings` before sending; the server's field errors land on their fields. The
 * bank account needs settings.payments, and a change of it the member's current password.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { PRIVATE_SETTINGS, type StoreSettings, storeSettings, transferEnabled } from '@shop/shared/content';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { buttonClass, Card, ErrorNotice, errorProps, Field, inputClass, Spinner } from '@/components/admin/ui.tsx';
import { saveSettingsMutation, settingsOptions } from '@/lib/api/settings.ts';
import { notify } from '@/lib/notify.tsx';
import { applyServerErrors } from '@/lib/server-errors.ts';
import { ApiError } from '@/lib/api-client.ts';
import { ACTION_NEEDS, useCan } from '@/lib/back-office-access.ts';
import { PasswordInput } from '@/components/password-input.tsx';
import { permissionRefusal } from '@shop/shared/staff';
import { PaymentFeesFieldset } from './payment-fees-fieldset.tsx';

type NumberField =
  | 'bannerRotationMs'
  | 'lowStockThreshold'
  | 'transferHoldHours'
  | 'maxUnitsPerProduct'
  | 'podConfirmHours'
  | 'podMaxUnits'
  | 'reportsReorderDays'
  | 'transferReminderHours';

/** An empty number box gives NaN: say what to enter, then apply the shared rule. */
const typedNumber = <S extends z.ZodType<number, number>>(rule: S, message: string) => z.number({ error: message }).pipe(rule);

const settingsForm = storeSettings.extend({
  bannerRotationMs: typedNumber(storeSettings.shape.bannerRotationMs, 'Enter the banner rotation in milliseconds'),
  lowStockThreshold: typedNumber(storeSettings.shape.lowStockThreshold, 'Enter the low-stock threshold'),
  transferHoldHours: typedNumber(storeSettings.shape.transferHoldHours, 'Enter a number of hours'),
  maxUnitsPerProduct: typedNumber(storeSettings.shape.maxUnitsPerProduct, 'Enter a number of units'),
  podConfirmHours: typedNumber(storeSettings.shape.podConfirmHours, 'Enter a number of hours'),
  podMaxUnits: typedNumber(storeSettings.shape.podMaxUnits, 'Enter a number of units'),
  reportsReorderDays: typedNumber(storeSettings.shape.reportsReorderDays, 'Enter a number of days'),
  transferReminderHours: typedNumber(storeSettings.shape.transferReminderHours, 'Enter a number of hours'),
  recoveryDelays: z
    .array(z.number({ error: 'Enter minutes as whole numbers, separated by commas' }))
    .pipe(storeSettings.shape.recoveryDelays),
});

/** "60, 1440" as the delays in minutes; a word that is not a number stays NaN, for the form's check to name. */
const parseDelays = (value: unknown): unknown =>
  typeof value === 'string'
    ? value
        .split(/[\s,]+/)
        .filter(Boolean)
        .map((word) => (/^\d+$/.test(word) ? Number(word) : Number.NaN))
    : value;

/** The first message of an array field's errors: its own, or its first element's. */
function arrayError(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  if ('message' in error && typeof error.message === 'string') return error.message;
  for (const item of Object.values(error)) {
    const message = arrayError(item);
    if (message) return message;
  }
  return undefined;
}

const NUMBER_FIELDS: readonly NumberField[] = [
  'bannerRotationMs',
  'lowStockThreshold',
  'transferHoldHours',
  'maxUnitsPerProduct',
  'podConfirmHours',
  'podMaxUnits',
  'reportsReorderDays',
  'transferReminderHours',
];
const isSetting = (path: string): path is keyof StoreSettings => path in storeSettings.shape;
const BANK_FIELDS = ['bankName', 'bankAccountName', 'bankAccountNumber'] as const satisfies readonly (keyof StoreSettings)[];

/**
 * The settings as an admin reads them, private ones included. The storefront caches the same
 * key as everyone reads it (no private settings); a form filled from that copy would save
 * the notification address as empty, so such a copy is read again first.
 */
const withPrivate = (settings: Partial<StoreSettings>): settings is StoreSettings =>
  PRIVATE_SETTINGS.every((key) => key in settings);

const legendClass = 'mb-3 text-sm font-semibold text-neutral-900';

export function StoreSettingsCard() {
  const settings = useQuery(settingsOptions);
  const save = useMutation(saveSettingsMutation);
  // The bank account shoppers' transfers go to is its own permission: shown, changed only with it.
  const bankLocked = !useCan()('settings.bank');
  const form = useForm<StoreSettings>({ resolver: zodResolver(settingsForm) });
  const { errors } = form.formState;
  const loaded = settings.data && withPrivate(settings.data) ? settings.data : undefined;
  const { refetch } = settings;
  useEffect(() => {
    if (settings.data && !withPrivate(settings.data)) void refetch();
  }, [settings.data, refetch]);
  // The form appears once it holds the loaded settings: an input shown before the reset
  // could be typed into, then emptied by it. Settings loaded again (a save's answer) keep what
  // the member has typed since: typing while a save is on its way is not undone by its answer.
  const [filled, setFilled] = useState<StoreSettings>();
  useEffect(() => {
    if (!loaded) return;
    form.reset(loaded, { keepDirtyValues: true });
    setFilled(loaded);
  }, [loaded, form]);

  // A new bank account is confirmed with the member's current password, sent with the change.
  const [currentPassword, setCurrentPassword] = useState('');
  const [passwordError, setPasswordError] = useState('');
  const bankChanged = filled !== undefined && BANK_FIELDS.some((key) => form.watch(key) !== filled[key]);

  const onSubmit = form.handleSubmit((values) => {
    setPasswordError('');
    save.mutate(bankChanged ? { ...values, currentPassword } : values, {
      onSuccess: () => {
        setCurrentPassword('');
        notify.success('Settings saved', { area: 'admin' });
      },
      onError: (error) => {
        applyServerErrors(form, error, { fieldOf: (path) => (isSetting(path) ? path : undefined) });
        // The password missing or wrong: said beside it too.
        if (bankChanged && error instanceof ApiError && error.status === 403 && !error.details.permission) {
          setPasswordError(error.message);
        }
        notify.error(error.message, { area: 'admin' });
      },
    });
  });

  const field = (name: keyof StoreSettings, label: string, props: Record<string, unknown> = {}, hint?: ReactNode) => {
    const id = `settings-${name}`;
    const error = errors[name]?.message;
    return (
      <Field label={label} htmlFor={id} error={error} hint={hint}>
        <input
          id={id}
          className={inputClass}
          {...errorProps(id, error)}
          {...props}
          {...form.register(name, (NUMBER_FIELDS as readonly string[]).includes(name) ? { valueAsNumber: true } : {})}
        />
      </Field>
    );
  };
  const addressError = errors.address?.message;
  const delaysError = arrayError(errors.recoveryDelays);

  return (
    <Card>
      <h2 className="mb-4 text-base font-semibold">Store</h2>
      {!filled && !settings.error ? <Spinner /> : null}
      {settings.error ? <ErrorNotice>{settings.error.message}</ErrorNotice> : null}
      {filled ? (
        <form onSubmit={onSubmit} className="space-y-4" noValidate>
          {field('storeName', 'Store name')}
          {field('phone', 'Phone', { type: 'tel' })}
          {field('serviceHours', 'Service hours')}
          {field('bannerRotationMs', 'Banner rotation (milliseconds)', { type: 'number', min: 1000, max: 60000, step: 500 })}
          {field('lowStockThreshold', 'Low stock at (units or fewer)', { type: 'number', min: 0, max: 10000, step: 1 })}

          <fieldset className="border-t border-neutral-200 pt-4">
            <legend className={legendClass}>Invoices</legend>
            <div className="space-y-4">
              <Field
                label="Shop address"
                htmlFor="settings-address"
                error={addressError}
                hint="Printed on invoices and receipts."
              >
                <textarea
                  id="settings-address"
                  rows={2}
                  autoComplete="street-address"
                  className={inputClass}
                  {...errorProps('settings-address', addressError)}
                  {...form.register('address')}
                />
              </Field>
              <label className="flex items-center gap-2 text-sm font-medium text-neutral-800">
                <input
                  type="checkbox"
                  className="h-4 w-4 rounded border-neutral-400 accent-neutral-900"
                  {...form.register('vatIncluded')}
                />
                Prices include VAT (7.5 %)
              </label>
            </div>
          </fieldset>

          <fieldset className="border-t border-neutral-200 pt-4" aria-describedby="settings-bank-hint">
            <legend className={legendClass}>Bank transfer</legend>
            <p id="settings-bank-hint" className="mb-3 text-xs text-neutral-600">
              Bank transfer is offered at checkout only when the bank name, account name and account number are all filled.{' '}
              {transferEnabled(filled) ? 'It is offered now.' : 'It is not offered now.'}
              {bankLocked ? ` ${permissionRefusal(ACTION_NEEDS['settings.bank'])}.` : null}
            </p>
            <div className="space-y-4">
              {/* Sent unchanged when locked: the server asks settings.payments only of a change. */}
              {field('bankName', 'Bank name', { autoComplete: 'off', disabled: bankLocked })}
              {field('bankAccountName', 'Account name', { autoComplete: 'off', disabled: bankLocked })}
              {field('bankAccountNumber', 'Account number (10 digits)', {
                inputMode: 'numeric',
                maxLength: 10,
                autoComplete: 'off',
                spellCheck: false,
                disabled: bankLocked,
              })}
              {bankChanged ? (
                <Field
                  label="Your current password"
                  htmlFor="settings-current-password"
                  error={passwordError || undefined}
                  hint="Needed to change the bank account. Every Owner gets an e-mail about the change."
                >
                  <PasswordInput
                    id="settings-current-password"
                    autoComplete="current-password"
                    className={inputClass}
                    value={currentPassword}
                    onChange={(e) => setCurrentPassword(e.target.value)}
                    {...errorProps('settings-current-password', passwordError || undefined)}
                  />
                </Field>
              ) : null}
              {field(
                'transferHoldHours',
                'Hold transfer orders for (hours)',
                { type: 'number', min: 1, max: 336, step: 1 },
                'An unpaid transfer order keeps its goods this long, then is cancelled.',
              )}
              {field(
                'transferReminderHours',
                'Remind the shopper to pay (hours before the hold ends)',
                { type: 'number', min: 0, max: 335, step: 1 },
                'One e-mail with the amount, the account and the time the order is released. 0: no reminder.',
              )}
            </div>
          </fieldset>

          <fieldset className="border-t border-neutral-200 pt-4">
            <legend className={legendClass}>Online orders</legend>
            {field(
              'maxUnitsPerProduct',
              'Most units of one product per order',
              { type: 'number', min: 1, max: 1000, step: 1 },
              'The point of sale has no cap.',
            )}
          </fieldset>

          <fieldset className="border-t border-neutral-200 pt-4">
            <legend className={legendClass}>Pay on delivery</legend>
            <div className="space-y-4">
              {field(
                'podConfirmHours',
                'Confirm pay-on-delivery orders within (hours)',
                { type: 'number', min: 1, max: 168, step: 1 },
                'Call the customer to confirm each order. One not confirmed in time is cancelled and its goods go back on sale.',
              )}
              {field(
                'podMaxUnits',
                'Most units one customer may have waiting for payment on delivery',
                { type: 'number', min: 1, max: 1000, step: 1 },
                'Counted over all her pay-on-delivery orders not paid yet, the new one included.',
              )}
            </div>
          </fieldset>

          <fieldset className="border-t border-neutral-200 pt-4">
            <legend className={legendClass}>Notifications</legend>
            {field(
              'notificationEmail',
              "Send the shop's alerts to",
              { type: 'email', autoComplete: 'email', spellCheck: false },
              'New paid orders, low stock and payment problems. Leave it empty to send them to every admin.',
            )}
          </fieldset>

          <fieldset className="border-t border-neutral-200 pt-4">
            <legend className={legendClass}>WhatsApp</legend>
            {field(
              'whatsappNumber',
              'WhatsApp number',
              { type: 'tel', autoComplete: 'off', placeholder: '+234 801 234 5678' },
              'With the country code. Shoppers get "Ask on WhatsApp" and "Send my order on WhatsApp" links; leave it empty to show none.',
            )}
          </fieldset>

          <fieldset className="border-t border-neutral-200 pt-4">
            <legend className={legendClass}>Checkout recovery</legend>
            <div className="space-y-4">
              <Field
                label="Send cart reminders after (minutes)"
                htmlFor="settings-recoveryDelays"
                error={delaysError}
                hint="Separated by commas, each longer than the one before: 60, 1440 is an hour and a day. Only to shoppers who ticked the box for our e-mails; they stop once she pays. Leave it empty to send none."
              >
                <input
                  id="settings-recoveryDelays"
                  className={inputClass}
                  inputMode="numeric"
                  autoComplete="off"
                  spellCheck={false}
                  {...errorProps('settings-recoveryDelays', delaysError)}
                  {...form.register('recoveryDelays', { setValueAs: parseDelays })}
                />
              </Field>
              {field(
                'recoveryCoupon',
                'Coupon code in the reminders',
                { autoComplete: 'off', spellCheck: false },
                'A code from Coupons, offered in each reminder. Leave it empty to offer none.',
              )}
            </div>
          </fieldset>

          <PaymentFeesFieldset form={form} legendClass={legendClass} />

          <fieldset className="border-t border-neutral-200 pt-4">
            <legend className={legendClass}>Reports</legend>
            {field(
              'reportsReorderDays',
              'Reorder when cover is below (days)',
              { type: 'number', min: 1, max: 365, step: 1 },
              'The stock report flags a size to reorder when what is on hand would last fewer days than this at the last 30 days’ sales.',
            )}
          </fieldset>

          <button type="submit" className={buttonClass.primary} disabled={save.isPending}>
            {save.isPending ? 'Updating...' : 'Save Settings'}
          </button>
        </form>
      ) : null}
    </Card>
  );
}
