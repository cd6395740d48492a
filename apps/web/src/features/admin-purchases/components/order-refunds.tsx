/**
 * An order's refunds: those given (with their state at Paystack, and the units they put back
 * on sale), and a new one for a paid order: all that is left or an amount, optionally the
 * items that came back, asked once more before the money goes. Who gets the form is
 * order-money.ts's refundAccess: with orders.refund any paid order; a member who sells at the
 * till but may not refund orders, a till sale, as their role's till policy says: `allow`
 * refunds, `deny` gets no form, `approval` asks a manager's PIN first (refund-approval.tsx);
 * the server decides each time, and its refusal shows in the form.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { formatNairaAmount } from '@shop/shared/money';
import type { OrderView } from '@shop/shared/orders';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useConfirm } from '@/components/admin/confirm-dialog.tsx';
import { buttonClass, Card, ErrorNotice, errorProps, Field, inputClass } from '@/components/admin/ui.tsx';
import { usePermissions } from '@/lib/back-office-access.ts';
import { refundOrderMutation } from '@/lib/api/orders.ts';
import { approvalMutation, approversOptions } from '@/lib/api/staff.ts';
import { dateTime } from '@/lib/dates.ts';
import { notify } from '@/lib/notify.tsx';
import { refundAccess, refundableAmount, refundMethodLabel, refundQuestion, refundStateText } from '../order-money.ts';
import { type RefundFormBody, type RefundFormValues, refundForm, refundFormValues } from '../payment-forms.ts';
import { errorMessage } from './order-payments.tsx';
import { type ManagerPin, managerPinProblem, RefundApproval } from './refund-approval.tsx';

const checkboxClass = 'h-4 w-4 rounded border-neutral-400 accent-neutral-900';
const STATE_CLASSES = { pending: 'text-amber-800', processed: 'text-green-800', failed: 'text-red-700' } as const;

export function OrderRefunds({ order }: { order: OrderView }) {
  const access = refundAccess(order, usePermissions());
  const refund = useMutation(refundOrderMutation(order.id, { ownRefusals: access === 'till-policy' }));
  // A till sale refunded by the role's till policy: allow, deny, or a manager's approval first.
  const approvers = useQuery({ ...approversOptions('refund'), enabled: access === 'till-policy' });
  const policy = access === 'till-policy' ? approvers.data?.policy : 'allow';
  const approve = useMutation(approvalMutation);
  const [manager, setManager] = useState<ManagerPin>({ managerId: '', pin: '' });
  const [managerProblems, setManagerProblems] = useState<ReturnType<typeof managerPinProblem>>(null);
  const { confirm, dialog } = useConfirm();
  const refundable = refundableAmount(order);
  const canRefund = order.paymentStatus === 'paid' || order.paymentStatus === 'partially_refunded';
  const titles = new Map(order.lines.map((l) => [l.id, l.title]));

  const onRefund = async (body: RefundFormBody) => {
    const problems = policy === 'approval' ? managerPinProblem(manager) : null;
    setManagerProblems(problems);
    if (problems) return;
    if (!(await confirm(refundQuestion(body.amount ?? refundable), 'Refund'))) return;
    let send = body;
    if (policy === 'approval') {
      // The approval is for this order and this exact amount, so the refund names the amount too.
      const amount = body.amount ?? refundable;
      refund.reset();
      const approval = await approve.mutateAsync({ ...manager, action: 'refund', amount, orderId: order.id }).catch(() => null);
      if (!approval) return;
      setManager({ ...manager, pin: '' });
      send = { ...body, amount, approvalId: approval.approvalId };
    }
    refund.mutate(send, {
      onSuccess: (next) => {
        const latest = next.refunds.at(-1);
        if (latest?.note)
          notify.error(`${latest.note}: the refund stays pending and is checked before the next one`, { area: 'admin' });
        else notify.success(latest?.status === 'pending' ? 'Refund sent to Paystack' : 'Refund recorded', { area: 'admin' });
      },
    });
  };

  return (
    <Card>
      <h2 className="mb-3 text-base font-semibold">Refunds</h2>
      {order.refunds.length === 0 ? (
        <p className="text-sm text-neutral-600">No refunds.</p>
      ) : (
        <ul className="divide-y divide-neutral-100 text-sm">
          {order.refunds.map((r) => (
            <li key={r.id} className="py-2">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="font-medium">{formatNairaAmount(r.amount)}</span>
                <span className={`font-medium ${STATE_CLASSES[r.status]}`}>{refundStateText(r)}</span>
              </div>
              <p className="text-neutral-800">{r.reason}</p>
              {r.note ? <p className="text-xs font-medium text-amber-800">{r.note}</p> : null}
              <p className="text-xs text-neutral-600">
                {dateTime(r.createdAt)} · {refundMethodLabel(r.method)}
                {r.processedAt && r.status === 'processed' ? ` · refunded ${dateTime(r.processedAt)}` : ''}
              </p>
              {r.restocked.length > 0 ? (
                <p className="text-xs text-neutral-700">
                  Back on sale: {r.restocked.map((l) => `${titles.get(l.lineId) ?? 'item'} × ${l.quantity}`).join(', ')}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {policy === 'deny' && canRefund && refundable > 0 ? (
        <p className="mt-4 text-sm text-neutral-600">Your role may not refund till sales: ask a manager.</p>
      ) : null}
      {access && policy && policy !== 'deny' && canRefund && refundable > 0 ? (
        <RefundForm
          tillPolicy={access === 'till-policy'}
          // A fresh form (and schema) whenever what can be refunded changes.
          key={`${order.amountRefunded}-${order.refunds.length}`}
          order={order}
          refundable={refundable}
          busy={refund.isPending || approve.isPending}
          error={refund.error ? errorMessage(refund.error) : approve.error ? errorMessage(approve.error) : null}
          onRefund={onRefund}
        >
          {policy === 'approval' && approvers.data ? (
            <RefundApproval
              approvers={approvers.data.approvers}
              value={manager}
              onChange={setManager}
              problems={managerProblems}
            />
          ) : null}
        </RefundForm>
      ) : null}
      {canRefund && refundable <= 0 ? (
        <p className="mt-4 text-sm text-neutral-600">Everything paid is refunded or being refunded.</p>
      ) : null}
      {dialog}
    </Card>
  );
}

/** What a restock can put back: only the units the order still holds (none once it was let go, its goods back on sale then). */
function heldUnitsText(order: OrderView): string {
  const sold = order.lines.reduce((n, l) => n + l.quantity, 0);
  const held = order.lines.reduce((n, l) => n + l.quantity - l.restockedQuantity, 0);
  if (held === 0) return 'This order holds no units any more (they went back on sale already), so none can be put back.';
  return held === sold
    ? `Only units this order still holds go back: all ${sold}.`
    : `Only units this order still holds go back: ${held} of the ${sold} sold.`;
}

function RefundForm({
  children,
  tillPolicy,
  order,
  refundable,
  busy,
  error,
  onRefund,
}: {
  /** A till sale refunded as the member's role's till policy says (the server decides). */
  tillPolicy: boolean;
  order: OrderView;
  refundable: number;
  busy: boolean;
  error: string | null;
  onRefund(body: RefundFormBody): void;
  /** More fields before the button: a manager's approval. */
  children?: ReactNode;
}) {
  const id = useId();
  const schema = useMemo(() => refundForm(order), [order]);
  const form = useForm<RefundFormValues, unknown, RefundFormBody>({
    defaultValues: refundFormValues(order),
    resolver: zodResolver(schema),
  });
  const { errors } = form.formState;
  const mode = form.watch('mode');
  const onSubmit = form.handleSubmit(onRefund);

  const reasonId = `${id}-reason`;
  const amountId = `${id}-amount`;

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="mt-4 space-y-4 border-t border-neutral-200 pt-4"
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`} className="text-sm font-semibold">
        Refund
      </h3>
      {tillPolicy ? (
        <p className="text-xs text-neutral-600">
          A till sale: your role’s till refund policy decides whether you may refund it, or whether a manager must approve.
        </p>
      ) : null}
      <Field label="Reason" htmlFor={reasonId} error={errors.reason?.message}>
        <input
          id={reasonId}
          autoComplete="off"
          aria-required="true"
          className={inputClass}
          {...errorProps(reasonId, errors.reason?.message)}
          {...form.register('reason')}
        />
      </Field>
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-neutral-800">Amount</legend>
        <div className="space-y-2">
          <label className="flex items-center gap-2 text-sm text-neutral-900">
            <input type="radio" value="all" className="h-4 w-4 accent-neutral-900" {...form.register('mode')} />
            Everything still refundable ({formatNairaAmount(refundable)})
          </label>
          <label className="flex items-center gap-2 text-sm text-neutral-900">
            <input type="radio" value="amount" className="h-4 w-4 accent-neutral-900" {...form.register('mode')} />
            Another amount
          </label>
        </div>
      </fieldset>
      {mode === 'amount' ? (
        <Field label="Amount to refund (₦)" htmlFor={amountId} error={errors.amount?.message}>
          <input
            id={amountId}
            inputMode="decimal"
            autoComplete="off"
            className={inputClass}
            {...errorProps(amountId, errors.amount?.message)}
            {...form.register('amount')}
          />
        </Field>
      ) : null}
      <fieldset aria-describedby={`${id}-items-hint`}>
        <legend className="mb-1 text-sm font-medium text-neutral-800">Items returned (optional)</legend>
        <p id={`${id}-items-hint`} className="mb-2 text-xs text-neutral-600">
          The units coming back. With none chosen and “Put the units back on sale”, every unit the order still holds goes back.
        </p>
        <div className="space-y-2">
          {order.lines.map((line, i) => {
            const lineId = `${id}-line-${i}`;
            const lineError = errors.lines?.[i]?.quantity?.message;
            const details = [line.color, line.size].filter(Boolean).join(', ');
            return (
              <Field
                key={line.id}
                label={`${line.title}${details ? ` (${details})` : ''}`}
                htmlFor={lineId}
                error={lineError}
                hint={`${line.quantity} sold${line.restockedQuantity > 0 ? `, ${line.restockedQuantity} already back on sale` : ''}`}
              >
                <input
                  id={lineId}
                  type="number"
                  min={0}
                  max={line.quantity}
                  step={1}
                  inputMode="numeric"
                  placeholder="0"
                  className={`${inputClass} max-w-32`}
                  {...errorProps(lineId, lineError)}
                  {...form.register(`lines.${i}.quantity`)}
                />
              </Field>
            );
          })}
        </div>
      </fieldset>
      <div>
        <label className="flex items-center gap-2 text-sm font-medium text-neutral-800">
          <input
            type="checkbox"
            className={checkboxClass}
            aria-describedby={`${id}-restock-hint`}
            {...form.register('restock')}
          />
          Put the units back on sale
        </label>
        <p id={`${id}-restock-hint`} className="mt-1 text-xs text-neutral-600">
          {heldUnitsText(order)}
        </p>
      </div>
      {children}
      {error ? <ErrorNotice>{error}</ErrorNotice> : null}
      <button type="submit" className={buttonClass.danger} disabled={busy}>
        {busy ? 'Refunding...' : 'Refund'}
      </button>
    </form>
  );
}
