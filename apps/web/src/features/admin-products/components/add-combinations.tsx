/** "Add sizes and colours": sizes of the scale ticked and colours typed, added as a row for each missing combination. */
import { Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { buttonClass, inputClass } from '@/components/admin/ui.tsx';
import { colourList, ticked } from '../variant-form.ts';

export function AddCombinations({
  sizes,
  onAdd,
}: {
  /** The scale's sizes, in order. */
  sizes: readonly string[];
  onAdd(sizes: string[], colours: string[]): void;
}) {
  const id = useId();
  const [adding, setAdding] = useState<{ sizes: string[]; colours: string }>({ sizes: [], colours: '' });
  const add = () => {
    onAdd(adding.sizes, colourList(adding.colours));
    setAdding({ sizes: [], colours: '' });
  };
  return (
    <fieldset className="mb-4 rounded-md border border-neutral-200 p-3">
      <legend className="px-1 text-sm font-medium">Add sizes and colours</legend>
      <fieldset className="flex flex-wrap gap-x-4 gap-y-2">
        <legend className="sr-only">Sizes to add</legend>
        {sizes.map((size) => (
          <label key={size} className="inline-flex items-center gap-1.5 text-sm">
            <input
              type="checkbox"
              checked={adding.sizes.includes(size)}
              onChange={(e) => setAdding((a) => ({ ...a, sizes: ticked(sizes, a.sizes, size, e.target.checked) }))}
            />
            {size}
          </label>
        ))}
      </fieldset>
      <div className="mt-3 flex flex-wrap items-end gap-2">
        <div className="min-w-48 flex-1">
          <label htmlFor={`${id}-colours`} className="mb-1 block text-sm text-neutral-800">
            Colours to add (comma-separated)
          </label>
          <input
            id={`${id}-colours`}
            className={inputClass}
            value={adding.colours}
            placeholder="Red, Blue"
            onChange={(e) => setAdding((a) => ({ ...a, colours: e.target.value }))}
          />
        </div>
        <button
          type="button"
          className={buttonClass.secondary}
          onClick={add}
          disabled={adding.sizes.length === 0 && colourList(adding.colours).length === 0}
        >
          <Plus size={16} aria-hidden="true" /> Add combinations
        </button>
      </div>
    </fieldset>
  );
}
