import { Minus, Plus } from 'lucide-react';

interface QuantityStepperProps {
  id: string;
  value: number;
  /** The most that can be chosen (the stock); no limit when 0 or less. */
  max: number;
  onChange(value: number): void;
  label?: string;
  size?: 'md' | 'sm';
  /** The field's name in a form that works without JavaScript (the product page's "Add to cart"). */
  name?: string;
}

/** Minus, the number, plus: never below 1 nor above the stock. */
export function QuantityStepper({ id, value, max, onChange, label = 'Quantity', size = 'md', name }: QuantityStepperProps) {
  const limit = max > 0 ? max : Number.POSITIVE_INFINITY;
  const set = (n: number) => onChange(Math.max(1, Math.min(limit, Number.isFinite(n) ? Math.floor(n) : 1)));
  const box = size === 'md' ? 'size-11' : 'size-9';
  const what = label.charAt(0).toLowerCase() + label.slice(1);
  return (
    <div className="inline-flex items-center border border-line">
      <button
        type="button"
        className={`${box} flex items-center justify-center hover:bg-cream disabled:opacity-40`}
        aria-label={`Decrease ${what}`}
        disabled={value <= 1}
        onClick={() => set(value - 1)}
      >
        <Minus aria-hidden size={16} />
      </button>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="number"
        inputMode="numeric"
        min={1}
        max={max > 0 ? max : undefined}
        value={value}
        onChange={(e) => set(Number(e.target.value))}
        className={`${size === 'md' ? 'h-11 w-14' : 'h-9 w-12'} border-x border-line text-center tabular-nums [appearance:textfield] focus:outline-none focus-visible:outline-2 focus-visible:outline-accent [&::-webkit-inner-spin-button]:appearance-none`}
      />
      <button
        type="button"
        className={`${box} flex items-center justify-center hover:bg-cream disabled:opacity-40`}
        aria-label={`Increase ${what}`}
        disabled={value >= limit}
        onClick={() => set(value + 1)}
      >
        <Plus aria-hidden size={16} />
      </button>
    </div>
  );
}
