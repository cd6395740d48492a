/** A search box that reports what was typed once typing pauses (the spec's 300 ms). */
import { Search } from 'lucide-react';
import { useId } from 'react';
import { DebouncedInput } from './debounced-input.tsx';

interface SearchInputProps {
  value: string;
  onSearch(value: string): void;
  label?: string;
  placeholder?: string;
  className?: string;
}

export function SearchInput({ value, onSearch, label = 'Search', placeholder = 'Search', className = '' }: SearchInputProps) {
  const id = useId();
  return (
    <div className={`relative ${className}`}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        size={16}
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-neutral-400"
      />
      <DebouncedInput
        id={id}
        type="search"
        value={value}
        onValue={onSearch}
        placeholder={placeholder}
        className="block w-full rounded-md border border-neutral-300 bg-white py-2 pr-3 pl-9 text-sm shadow-sm focus:border-neutral-900 focus:outline-none focus:ring-2 focus:ring-neutral-900/20"
      />
    </div>
  );
}
