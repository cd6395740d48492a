/**
 * Sizes as a multi-select: pick from the spec's sizes, each shown as a removable chip.
 * A size can be added once (already chosen sizes are disabled); with none chosen the
 * spec's "No sizes selected" shows.
 */
import { SIZES } from '@shop/shared/constants';
import { X } from 'lucide-react';
import { useId } from 'react';
import { inputClass } from '@/components/admin/ui.tsx';

interface SizesSelectProps {
  value: string[];
  onChange(sizes: string[]): void;
  label?: string;
  error?: string;
}

export function SizesSelect({ value, onChange, label = 'Sizes', error }: SizesSelectProps) {
  const id = useId();
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium text-neutral-800">{label}</legend>
      <label htmlFor={id} className="sr-only">
        Add a size
      </label>
      <select
        id={id}
        value=""
        onChange={(e) => {
          const size = e.target.value;
          if (size && !value.includes(size)) onChange([...value, size]);
        }}
        className={inputClass}
      >
        <option value="">Select sizes</option>
        {SIZES.map((size) => (
          <option key={size} value={size} disabled={value.includes(size)}>
            {size}
          </option>
        ))}
      </select>
      {value.length === 0 ? (
        <p className="mt-2 text-sm text-neutral-500">No sizes selected</p>
      ) : (
        <ul aria-label="Selected sizes" className="mt-2 flex flex-wrap gap-2">
          {value.map((size) => (
            <li
              key={size}
              className="inline-flex items-center gap-1 rounded-full bg-neutral-900 py-1 pr-1 pl-3 text-sm text-white"
            >
              {size}
              <button
                type="button"
                onClick={() => onChange(value.filter((s) => s !== size))}
                aria-label={`Remove ${size}`}
                className="rounded-full p-0.5 hover:bg-white/20"
              >
                <X size={14} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {error ? <p className="mt-1 text-sm text-red-600">{error}</p> : null}
    </fieldset>
  );
}
