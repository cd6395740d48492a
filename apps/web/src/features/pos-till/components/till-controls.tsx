/** The till's own small parts: a dialog with its title and a Done button, and a row of radio tiles (44 px tall). */
import { type ReactNode, useId } from 'react';
import { buttonClass } from '@/components/admin/ui.tsx';
import { Dialog } from '@/components/dialog.tsx';

export function TillDialog({ title, onClose, children }: { title: string; onClose(): void; children: ReactNode }) {
  const titleId = useId();
  return (
    <Dialog labelledBy={titleId} onRequestClose={onClose}>
      <div className="max-h-[85dvh] space-y-4 overflow-y-auto p-5">
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        {children}
        <button type="button" onClick={onClose} className={`${buttonClass.secondary} min-h-11 w-full`}>
          Done
        </button>
      </div>
    </Dialog>
  );
}

interface ChoiceTilesProps<T extends string> {
  legend: string;
  /** Show the legend (else it is for screen readers only). */
  showLegend?: boolean;
  options: readonly T[];
  labels: Record<T, string>;
  value: T;
  onChange(value: T): void;
}

export function ChoiceTiles<T extends string>({ legend, showLegend, options, labels, value, onChange }: ChoiceTilesProps<T>) {
  const name = useId();
  return (
    <fieldset>
      <legend className={showLegend ? 'text-sm font-medium' : 'sr-only'}>{legend}</legend>
      <div className={`${showLegend ? 'mt-2 ' : ''}grid grid-cols-2 gap-2`}>
        {options.map((option) => (
          <label
            key={option}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-neutral-300 px-3 text-sm has-checked:border-neutral-900 has-checked:bg-neutral-100"
          >
            <input type="radio" name={name} checked={value === option} onChange={() => onChange(option)} />
            {labels[option]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
