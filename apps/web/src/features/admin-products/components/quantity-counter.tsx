/** The stock quantity: a number with minus and plus buttons (never below 0). */
import { Minus, Plus } from 'lucide-react';

interface QuantityCounterProps {
  id: string;
  value: number;
  onChange(value: number): void;
  /** Shown but not changeable (the member may not adjust stock). */
  disabled?: boolean;
}

export function QuantityCounter({ id, value, onChange, disabled = false }: QuantityCounterProps) {
  const set = (n: number) => onChange(Number.isFinite(n) ? Math.max(0, Math.floor(n)) : 0);
  const button =
    'flex h-10 w-10 items-center justify-center border border-neutral-300 bg-white hover:bg-neutral-50 disabled:opacity-40';
  return (
    <div className="inline-flex items-stretch">
      <button
        type="button"
        className={`${button} rounded-l-md`}
        onClick={() => set(value - 1)}
        disabled={disabled || value <= 0}
        aria-label="Decrease quantity"
      >
        <Minus size={16} aria-hidden="true" />
      </button>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        value={value}
        onChange={(e) => set(e.target.valueAsNumber)}
        disabled={disabled}
        className="h-10 w-20 border-y border-neutral-300 text-center text-sm [appearance:textfield] focus:outline-none focus:ring-2 focus:ring-neutral-900/20"
      />
      <button
        type="button"
        className={`${button} rounded-r-md`}
        onClick={() => set(value + 1)}
        disabled={disabled}
        aria-label="Increase quantity"
      >
        <Plus size={16} aria-hidden="true" />
      </button>
    </div>
  );
}
