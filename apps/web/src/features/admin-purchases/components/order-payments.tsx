/**
 * An order's payments: the money received so far, and recording more (a bank transfer that
 * arrived, the rider's cash, a card at the terminal) while something is still owed. The
 * server makes the order paid, and gives it its invoice number, when payments reach its total.
 */
import { RECORDED_PAYMENT_METHODS, type OrderView } from '@shop/shared/orders';
import { formatNairaAmount } from '@shop/shared/money';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { buttonClass, Card, ErrorNotice, errorProps, Field, inputClass } from '@/components/admin/ui.tsx';
import { useCan } from '@/lib/back-office-access.ts';
import { ApiError } from '@/lib/api-client.ts';
import { recordPaymentMutation } from '@/lib/api/orders.ts';
import { dateTime } from '@/lib/dates.ts';
import { notify } from '@/lib/notify.tsx';
import { applyServerErrors } from '@/lib/server-errors.ts';
import { paymentRowLabel, RECORDED_METHOD_LABELS } from '../order-money.ts';
import { type PaymentFormBody, type PaymentFormValues, paymentForm, paymentFormValues } from '../payment-forms.ts';

/** Statuses in which money may still come in (a cancelled order paid late is left to the API's clients). */
const TAKES_PAYMENT: readonly OrderView['status'][] = ['pending', 'confirmed', 'fulfilled', 'delivered'];

export const errorMessage = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong');

/** The order a refused reference is already recorded on (409 with `duplicateOf`), if that is why. */
const duplicateOf = (error: unknown) =>
  error instanceof ApiError && error.status === 409 && typeof error.details.duplicateOf === 'string'
    ? error.details.duplicateOf
    : undefined;

export function OrderPayments({ order }: { order: OrderView }) {
  const record = useMutation(recordPaymentMutation(order.id));
  const canRecord = useCan()('order.recordPayment') && order.balanceDue > 0 && TAKES_PAYMENT.includes(order.status);
  // What was sent last, to send again when the admin confirms a reference seen on another order.
  const [sent, setSent] = useState<PaymentFormBody | null>(null);
  const duplicate = duplicateOf(record.error);

  const onRecord = (body: PaymentFormBody, onFieldErrors: (error: ApiError) => void) => {
    setSent(body);
    record.mutate(body, {
      onSuccess: (next) =>
        notify.success(
          next.invoiceNumber && next.balanceDue === 0
            ? `Order ${next.number} is paid: invoice ${next.invoiceNumber}`
            : `Payment recorded: ${formatNairaAmount(next.balanceDue)} still due`,
          { area: 'admin' },
        ),
      onError: (error) => {
        if (error instanceof ApiError) onFieldErrors(error);
      },
    });
  };

  return (
    <Card>
      <h2 className="mb-3 text-base font-semibold">Payments</h2>
      {order.payments.length === 0 ? (
        <p className="text-sm text-neutral-600">No payments recorded yet.</p>
      ) : (
        <div className="relative overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Payments received</caption>
            <thead className="text-xs text-neutral-600 uppercase">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  Date
                </th>
                <th scope="col" className="py-2 pr-3">
                  Method
                </th>
                <th scope="col" className="py-2 pr-3">
                  Reference
                </th>
                <th scope="col" className="py-2 text-right">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {order.payments.map((p) => (
                <tr key={p.id} className="border-t border-neutral-100">
                  <td className="py-2 pr-3 whitespace-nowrap">{dateTime(p.createdAt)}</td>
                  <td className="py-2 pr-3">{paymentRowLabel(p.method)}</td>
                  <td className="py-2 pr-3 break-all">{p.reference || '—'}</td>
                  <td className="py-2 text-right whitespace-nowrap">{formatNairaAmount(p.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {canRecord ? (
        <RecordPaymentForm
          // A fresh form (amount = what is still due) after every payment.
          key={`${order.amountPaid}`}
          order={order}
          busy={record.isPending}
          error={record.error && !duplicate ? errorMessage(record.error) : null}
          onRecord={onRecord}
        />
      ) : null}
      {duplicate && sent ? (
        <div role="alert" className="mt-4 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm">
          <p className="font-medium text-neutral-900">{errorMessage(record.error)}</p>
          <p className="mt-1 text-neutral-700">
            One transfer is easily recorded twice. <Link to={`/purchasetable/${duplicate}`}>Open that order</Link> to check, or
            record it here too if the same reference really paid both.
          </p>
          <button
            type="button"
            className={`${buttonClass.secondary} mt-3`}
            disabled={record.isPending}
            onClick={() => onRecord({ ...sent, confirmDuplicate: true }, () => {})}
          >
            Record it anyway
          </button>
        </div>
      ) : null}
    </Card>
  );
}

function RecordPaymentForm({
  order,
  busy,
  error,
  onRecord,
}: {
  order: OrderView;
  busy: boolean;
  error: string | null;
  onRecord(body: PaymentFormBody, onFieldErrors: (error: ApiError) => void): void;
}) {
  const id = useId();
  const form = useForm<PaymentFormValues, unknown, PaymentFormBody>({
    defaultValues: paymentFormValues(order),
    resolver: zodResolver(paymentForm),
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((body) => onRecord(body, (apiError) => applyServerErrors(form, apiError)));

  const methodId = `${id}-method`;
  const amountId = `${id}-amount`;
  const referenceId = `${id}-reference`;

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="mt-4 space-y-4 border-t border-neutral-200 pt-4"
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`} className="text-sm font-semibold">
        Record payment
      </h3>
      <p className="text-sm text-neutral-600">{formatNairaAmount(order.balanceDue)} is still due on this order.</p>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field label="Method" htmlFor={methodId} error={errors.method?.message}>
          <select
            id={methodId}
            className={inputClass}
            {...errorProps(methodId, errors.method?.message)}
            {...form.register('method')}
          >
            <option value="">Choose...</option>
            {RECORDED_PAYMENT_METHODS.map((m) => (
              <option key={m} value={m}>
                {RECORDED_METHOD_LABELS[m]}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Amount (₦)" htmlFor={amountId} error={errors.amount?.message}>
          <input
            id={amountId}
            inputMode="decimal"
            autoComplete="off"
            className={inputClass}
            {...errorProps(amountId, errors.amount?.message)}
            {...form.register('amount')}
          />
        </Field>
      </div>
      <Field
        label="Reference"
        htmlFor={referenceId}
        error={errors.reference?.message}
        hint="The bank's or terminal's reference, so the same payment is not recorded twice."
      >
        <input
          id={referenceId}
          autoComplete="off"
          spellCheck={false}
          className={inputClass}
          {...errorProps(referenceId, errors.reference?.message)}
          {...form.register('reference')}
        />
      </Field>
      {error ? <ErrorNotice>{error}</ErrorNotice> : null}
      <button type="submit" className={buttonClass.primary} disabled={busy}>
        {busy ? 'Recording...' : 'Record payment'}
      </button>
    </form>
  );
}
