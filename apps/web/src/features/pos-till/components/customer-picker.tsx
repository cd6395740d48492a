/** The sale's customer: walk-in unless one is found on the device by name or phone. */
import { useId, useMemo, useState } from 'react';
import { buttonClass, inputClass } from '@/components/admin/ui.tsx';
import { searchCustomers } from '../catalogue.ts';
import { useTill } from '../till-store.ts';

export function CustomerPicker() {
  const id = useId();
  const index = useTill((s) => s.index);
  const customer = useTill((s) => s.customer);
  const [query, setQuery] = useState('');
  const found = useMemo(() => searchCustomers(index, query), [index, query]);

  if (customer) {
    return (
      <section
        aria-label="Customer"
        className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-neutral-200 bg-white p-4"
      >
        <p className="text-sm">
          Customer:{' '}
          <strong>
            {customer.firstName} {customer.lastName}
          </strong>{' '}
          <span className="text-neutral-600">{customer.phone}</span>
        </p>
        <button
          type="button"
          onClick={() => useTill.getState().setCustomer(null)}
          className={`${buttonClass.secondary} min-h-11`}
        >
          Walk-in instead
        </button>
      </section>
    );
  }

  return (
    <section aria-label="Customer" className="rounded-lg border border-neutral-200 bg-white p-4">
      <label htmlFor={id} className="block text-sm font-medium text-neutral-800">
        Customer (walk-in unless chosen)
      </label>
      <input
        id={id}
        type="search"
        autoComplete="off"
        placeholder="Name or phone"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        className={`${inputClass} mt-1 min-h-11`}
      />
      {found.length > 0 ? (
        <ul aria-label="Customers found" className="mt-2 divide-y divide-neutral-100">
          {found.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                onClick={() => {
                  useTill.getState().setCustomer(c);
                  setQuery('');
                }}
                className="flex min-h-11 w-full items-center justify-between gap-2 py-2 text-left text-sm hover:bg-neutral-50"
              >
                <span>
                  {c.firstName} {c.lastName}
                </span>
                <span className="text-neutral-600">{c.phone}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
