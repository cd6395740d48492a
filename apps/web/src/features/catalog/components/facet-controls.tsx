/**
 * The controls a listing's filters are made of: a group with its legend, a size or colour
 * chip, and a brand, price band or "on sale" option, each with its count (a value that would
 * show nothing is disabled, unless chosen, so it can be unticked).
 */
import type { ReactNode } from 'react';
import { labelClass } from '@/components/ui-classes.ts';

export function FacetGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset>
      <legend className={labelClass}>{legend}</legend>
      {children}
    </fieldset>
  );
}

/** " (12)" after a value's name (read as part of it), nothing while the counts load. */
function Count({ count, muted }: { count: number | undefined; muted: boolean }) {
  if (count === undefined) return null;
  return (
    <>
      {' '}
      <span className={muted ? 'text-muted' : ''}>({count})</span>
    </>
  );
}

/**
 * A value to tick: its name, its count (undefined while the counts load), whether it is chosen;
 * `name` and `value` are what the filters' GET form sends for it without JavaScript.
 */
interface FacetProps {
  label: string;
  name?: string;
  value?: string;
  count?: number;
  checked: boolean;
  onChange(on: boolean): void;
}

/** A size or colour: a checkbox styled as a button, with its count. */
export function FacetChip({ label, name, value, count, checked, onChange }: FacetProps) {
  const disabled = count === 0 && !checked;
  return (
    <label
      className={`relative border px-3 py-1.5 text-sm capitalize has-[:checked]:border-ink has-[:checked]:bg-ink has-[:checked]:text-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent ${
        disabled ? 'cursor-not-allowed border-line text-muted' : 'cursor-pointer border-line hover:border-ink'
      }`}
    >
      <input
        type="checkbox"
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        className="absolute inset-0 m-0 size-full cursor-[inherit] appearance-none opacity-0"
      />
      {label}
      <Count count={count} muted={!checked} />
    </label>
  );
}

/** A brand, a price band or "on sale": a radio or checkbox on its own line, with its count. */
export function FacetOption({
  type,
  name,
  value,
  label,
  count,
  checked,
  onChange,
  form,
}: FacetProps & { type: 'radio' | 'checkbox' /** '': no field of the form it sits in. */; form?: string }) {
  const disabled = count === 0 && !checked;
  return (
    <label className={`flex items-start gap-2 py-0.5 text-sm ${disabled ? 'cursor-not-allowed text-muted' : 'cursor-pointer'}`}>
      <input
        type={type}
        name={name}
        value={value}
        form={form}
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        className="mt-0.5 size-4 shrink-0 accent-ink"
      />
      <span className="min-w-0 flex-1">
        {label}
        <Count count={count} muted />
      </span>
    </label>
  );
}
