/** Choosing the buyer: search existing customers, or create one (message shown for 5 s). */
import { customerCreateBody, type Customer } from '@shop/shared/people';
import { UserPlus, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { SearchInput } from '@/components/admin/search-input.tsx';
import { buttonClass, Card, Field, inputClass } from '@/components/admin/ui.tsx';
import { useFlash } from '@/components/admin/use-flash.ts';
import { useCreateCustomer, useCustomerSearch } from '../api/pos-api.ts';

export const CUSTOMER_CREATED = 'Customer created successfully';

interface CustomerPanelProps {
  customer: Customer | null;
  onSelect(customer: Customer | null): void;
}

const EMPTY = { firstName: '', lastName: '', email: '', phone: '' };

export function CustomerPanel({ customer, onSelect }: CustomerPanelProps) {
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const [draft, setDraft] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof typeof EMPTY, string>>>({});
  const [created, flashCreated] = useFlash();
  const customers = useCustomerSearch(search);
  const create = useCreateCustomer();

  const onCreate = (e: FormEvent) => {
    e.preventDefault();
    const parsed = customerCreateBody.safeParse(draft);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (c) => {
        flashCreated(CUSTOMER_CREATED);
        setDraft(EMPTY);
        setCreating(false);
        onSelect(c);
      },
      onError: (error) => setErrors({ email: error.message }),
    });
  };

  const input = (name: keyof typeof EMPTY, label: string, type = 'text') => (
    <Field label={label} htmlFor={`pos-customer-${name}`} error={errors[name]}>
      <input
        id={`pos-customer-${name}`}
        type={type}
        value={draft[name]}
        onChange={(e) => setDraft((d) => ({ ...d, [name]: e.target.value }))}
        className={inputClass}
      />
    </Field>
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
      {created ? (
        <p role="status" className="mb-3 rounded-md bg-green-50 px-3 py-2 text-sm text-green-800">
          {created}
        </p>
      ) : null}
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
      ) : null}
      {creating ? (
        <form onSubmit={onCreate} className="grid gap-3 sm:grid-cols-2" noValidate aria-label="New customer">
          {input('firstName', 'First name')}
          {input('lastName', 'Last name')}
          {input('email', 'Email', 'email')}
          {input('phone', 'Phone (optional)', 'tel')}
          <div className="flex gap-2 sm:col-span-2">
            <button type="submit" className={buttonClass.primary} disabled={create.isPending}>
              {create.isPending ? 'Creating ...' : 'Save Customer'}
            </button>
            <button type="button" className={buttonClass.secondary} onClick={() => setCreating(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : !customer ? (
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
                  <span className="truncate text-neutral-500">{c.email}</span>
                </button>
              </li>
            ))}
            {customers.data?.length === 0 ? <li className="py-2 text-sm text-neutral-500">No customers found</li> : null}
          </ul>
        </>
      ) : null}
    </Card>
  );
}
