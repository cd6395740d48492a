/** One choice of the "Delivery and payment" step (a delivery method, a way to pay): a radio drawn as a bordered card. */
import type { ReactNode } from 'react';

export function RadioCard({
  name,
  value,
  checked,
  disabled,
  onChoose,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  disabled: boolean;
  onChoose(): void;
  children: ReactNode;
}) {
  return (
    <label className="flex cursor-pointer gap-3 border border-line p-3 has-[:checked]:border-ink has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent">
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={() => onChoose()}
        className="mt-1 size-4 shrink-0 accent-ink"
      />
      <span className="min-w-0 flex-1 text-sm">{children}</span>
    </label>
  );
}
