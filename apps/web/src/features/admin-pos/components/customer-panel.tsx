/**
 * Choosing the buyer, if there is one to record: search existing customers, or create one
 * (its message shows for 5 s). With none chosen, the sale is to a walk-in customer.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { WALK_IN_CUSTOMER } from '@shop/shared/orders';
import { type Customer, customerCreateBody } from '@shop/shared/people';
import { useMutation, useQuery } from '@tanstack/react-query';
import { UserPlus, X } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { SearchInput } from '@/components/admin/search-input.tsx';
import { buttonClass, Card, Field, inputClass } from '@/components/admin/ui.tsx';
import { createCustomerMutation, customerSearchOptions } from '@/lib/api/customers.ts';
import { notify, TOAST_MS } from '@/lib/notify.tsx';
import { useCan } from '@/lib/back-office-access.ts';

export const CUSTOMER_CREATED = 'Customer created successfully';

interface CustomerPanelProps {
  customer: Customer | null;
  onSelect(customer: Customer | null): void;
}

type CustomerForm = z.input<typeof customerCreateBody>;
const EMPTY: CustomerForm = { firstName: '', lastName: '', email: '', phone: '' };
const FIELDS: { name: keyof CustomerForm; label: string; type: string }[] = [
  { name: 'firstName', label: 'First name', type: 'text' },
  { name: 'lastName', label: 'Last name', type: 'text' },
  { name: 'email', label: 'Email', type: 'email' },
  { name: 'phone', label: 'Phone (optional)', type: 'tel' },
];

export function CustomerPanel({ customer, onSelect }: CustomerPanelProps) {
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  // Finding a customer reads the customer list (customers.read); creating one is the till's own (pos.sell).
  const canSearch = useCan()('customers.search');
  const customers = useQuery({ ...customerSearchOptions(search), enabled: canSearch });
  const create = useMutation(createCustomerMutation);
  const form = useForm<CustomerForm, unknown, z.output<typeof customerCreateBody>>({
    defaultValues: EMPTY,
    resolver: zodResolver(customerCreateBody),
  });

  const onCreate = form.handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (created) => {
        notify.success(CUSTOMER_CREATED, { area: 'admin', duration: TOAST_MS.pointOfSale });
        form.reset(EMPTY);
        setCreating(false);
        onSelect(created);
      },
      onError: (error) => form.setError('email', { message: error.message }),
    }),
  );

  return (
    <Card>
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 className="text-base font-semibold">Customer</h2>
        {!creating ? (
          <button type="button" className={buttonClass.secondary} onClick={() => setCreating(true)}>
            <UserPlus size={16} aria-hidden="true" /> Create Customer
          </button>
        ) : null}
      </div>
      {customer ? (
        <div className="mb-3 flex items-center justify-between rounded-md border border-neutral-900 bg-neutral-50 px-3 py-2">
          <div className="text-sm">
            <p className="font-medium">
              {customer.firstName} {customer.lastName}
            </p>
            <p className="text-neutral-600">{customer.email}</p>
          </div>
          <button type="button" className={buttonClass.icon} onClick={() => onSelect(null)} aria-label="Change customer">
            <X size={16} aria-hidden="true" />
          </button>
        </div>
      ) : (
        <p className="mb-3 text-sm text-neutral-700" data-testid="pos-customer">
          {WALK_IN_CUSTOMER}: choose a customer only to keep their details.
        </p>
      )}
      {creating ? (
        <form onSubmit={onCreate} className="grid grid-cols-1 gap-3 sm:grid-cols-2" noValidate aria-label="New customer">
          {FIELDS.map(({ name, label, type }) => (
            <Field key={name} label={label} htmlFor={`pos-customer-${name}`} error={form.formState.errors[name]?.message}>
              <input
                id={`pos-customer-${name}`}
                type={type}
                aria-invalid={form.formState.errors[name] ? true : undefined}
                {...form.register(name)}
                className={inputClass}
              />
            </Field>
          ))}
          <div className="flex gap-2 sm:col-span-2">
            <button type="submit" className={buttonClass.primary} disabled={create.isPending}>
              {create.isPending ? 'Creating ...' : 'Save Customer'}
            </button>
            <button type="button" className={buttonClass.secondary} onClick={() => setCreating(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : !customer && canSearch ? (
        <>
          <SearchInput value={search} onSearch={setSearch} label="Search customers" placeholder="Search customers" />
          <ul className="mt-2 divide-y divide-neutral-100" aria-label="Customers">
            {customers.data?.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  onClick={() => onSelect(c)}
                  className="flex w-full items-center justify-between gap-2 px-1 py-2 text-left text-sm hover:bg-neutral-50"
                >
                  <span className="font-medium">
                    {c.firstName} {c.lastName}
                  </span>
                  <span className="truncate text-neutral-600">{c.email}</span>
                </button>
              </li>
            ))}
            {customers.data?.length === 0 ? <li className="py-2 text-sm text-neutral-600">No customers found</li> : null}
          </ul>
        </>
      ) : null}
    </Card>
  );
}
