/**
 * The till's search box. The app gives the scanner's (features/pos-scan ScanInput: a
 * keyboard-wedge scanner anywhere on the page, the camera) through TillApp's `searchBox`, as
 * a feature does not import another; this plain box is the default: typing searches, Enter
 * is a scan (a wedge scanner types the code and presses Enter).
 */
import { type ComponentType, createContext, useId } from 'react';
import { inputClass } from '@/components/admin/ui.tsx';

export interface SearchBoxProps {
  value: string;
  onChange(value: string): void;
  onScan(code: string): void;
}

export function PlainSearchBox({ value, onChange, onScan }: SearchBoxProps) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="sr-only">
        Search or scan
      </label>
      <input
        id={id}
        type="search"
        autoComplete="off"
        placeholder="Name, SKU or barcode"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          const code = e.currentTarget.value.trim();
          if (e.key !== 'Enter' || !code) return;
          e.preventDefault();
          onChange('');
          onScan(code);
        }}
        className={`${inputClass} min-h-11`}
      />
    </>
  );
}

export const SearchBox = createContext<ComponentType<SearchBoxProps>>(PlainSearchBox);
