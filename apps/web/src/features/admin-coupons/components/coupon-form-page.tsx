/**
 * Add a coupon (/coupons/new) or edit one (/coupons/:id): code, type and value (a
 * percentage, an amount in naira, or free delivery with no value), minimum spend, the days
 * it runs, how many times it may be used in all and by one customer, and optionally the
 * products and categories it is limited to. Errors from the shared schema land on their
 * fields before anything is sent; the server's (a code that exists) are shown in the form.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { COUPON_TYPE_LABELS, COUPON_TYPES, type CouponView } from '@shop/shared/coupons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { buttonClass, Card, ErrorNotice, errorProps, Field, inputClass, PageHeader, Spinner } from '@/components/admin/ui.tsx';
import { couponOptions, createCouponMutation, updateCouponMutation } from '@/lib/api/coupons.ts';
import { notify } from '@/lib/notify.tsx';
import { applyServerErrors } from '@/lib/server-errors.ts';
import { type CouponBody, type CouponFormValues, couponForm, couponFormValues, EMPTY_COUPON_FORM } from '../coupon-form.ts';
import { CouponRestrictions } from './coupon-restrictions.tsx';

const backLink = (
  <Link to="/coupons" className="mb-4 inline-flex items-center gap-1 text-sm text-neutral-700 hover:underline">
    <ArrowLeft size={16} aria-hidden="true" /> Back to Coupons
  </Link>
);

export function CouponCreatePage() {
  return <CouponForm />;
}

export function CouponEditPage({ id }: { id: string }) {
  const coupon = useQuery(couponOptions(id));
  if (coupon.isPending) return <Spinner />;
  if (coupon.error || !coupon.data) {
    return (
      <>
        {backLink}
        <ErrorNotice>{coupon.error?.message ?? 'This coupon does not exist.'}</ErrorNotice>
      </>
    );
  }
  return <CouponForm key={coupon.data.id} coupon={coupon.data} />;
}

const checkboxClass = 'h-4 w-4 rounded border-neutral-400 accent-neutral-900';

function CouponForm({ coupon }: { coupon?: CouponView }) {
  const id = useId();
  const navigate = useNavigate();
  const create = useMutation(createCouponMutation);
  const update = useMutation(updateCouponMutation);
  const saving = create.isPending || update.isPending;
  const form = useForm<CouponFormValues, unknown, CouponBody>({
    defaultValues: coupon ? couponFormValues(coupon) : EMPTY_COUPON_FORM,
    resolver: zodResolver(couponForm),
  });
  const { errors } = form.formState;
  const type = form.watch('type');

  const onSubmit = form.handleSubmit((body) => {
    const callbacks = {
      onSuccess: () => {
        notify.success(coupon ? 'Coupon updated' : 'Coupon created', { area: 'admin' });
        navigate('/coupons');
      },
      onError: (error: Error) => applyServerErrors(form, error, { formMessage: true }),
    };
    if (coupon) update.mutate({ id: coupon.id, coupon: body }, callbacks);
    else create.mutate(body, callbacks);
  });

  const field = (
    name: 'code' | 'value' | 'minSubtotal' | 'startsOn' | 'endsOn' | 'usageLimit' | 'perCustomerLimit',
    label: string,
    props: Record<string, unknown> = {},
    hint?: string,
  ) => {
    const fieldId = `${id}-${name}`;
    const error = errors[name]?.message;
    return (
      <Field label={label} htmlFor={fieldId} error={error} hint={hint}>
        <input id={fieldId} className={inputClass} {...errorProps(fieldId, error)} {...props} {...form.register(name)} />
      </Field>
    );
  };
  const money = { type: 'number', min: 0, step: '0.01', inputMode: 'decimal' };
  const count = { type: 'number', min: 1, step: 1, inputMode: 'numeric', placeholder: 'No limit' };

  return (
    <>
      {backLink}
      <PageHeader title={coupon ? `Edit Coupon ${coupon.code}` : 'Add Coupon'} />
      <form onSubmit={onSubmit} noValidate className="grid grid-cols-1 gap-6 xl:grid-cols-3">
        <Card className="space-y-5 xl:col-span-2">
          {field(
            'code',
            'Code',
            { maxLength: 32, autoComplete: 'off', spellCheck: false, className: `${inputClass} font-mono uppercase` },
            '3 to 32 letters, digits, dashes or underscores. Shoppers may type it in any case.',
          )}
          <fieldset>
            <legend className="mb-1 text-sm font-medium text-neutral-800">Type</legend>
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              {COUPON_TYPES.map((t) => (
                <label key={t} className="flex items-center gap-2 text-sm text-neutral-900">
                  <input type="radio" value={t} className="h-4 w-4 accent-neutral-900" {...form.register('type')} />
                  {COUPON_TYPE_LABELS[t]}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            {type === 'percent'
              ? field('value', 'Percentage off (%)', { type: 'number', min: 1, max: 100, step: 1, inputMode: 'numeric' })
              : null}
            {type === 'fixed' ? field('value', 'Amount off (₦)', money) : null}
            {field('minSubtotal', 'Minimum spend (₦)', { ...money, placeholder: 'None' }, 'The goods total after markdowns.')}
          </div>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            {field('startsOn', 'Starts on', { type: 'date' }, 'Empty: from now.')}
            {field('endsOn', 'Ends on (last day)', { type: 'date' }, 'Empty: no end.')}
          </div>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            {field('usageLimit', 'Total uses (optional)', count, 'Paid orders in all.')}
            {field('perCustomerLimit', 'Uses per customer (optional)', count)}
          </div>
          <label className="flex items-center gap-2 text-sm font-medium text-neutral-800">
            <input type="checkbox" className={checkboxClass} {...form.register('active')} />
            Active (shoppers can use it)
          </label>
        </Card>
        <div className="space-y-6">
          <CouponRestrictions form={form} />
          {errors.root?.server ? <ErrorNotice>{errors.root.server.message}</ErrorNotice> : null}
          <button type="submit" className={`${buttonClass.primary} w-full`} disabled={saving}>
            {saving ? 'Saving ...' : coupon ? 'Save coupon' : 'Create coupon'}
          </button>
        </div>
      </form>
    </>
  );
}
