import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { inputClass } from './ui-classes.ts';

/** A native <select> in the shop's style, with its own arrow. */
export function Select({ className = '', children, ...props }: ComponentProps<'select'>) {
  return (
    <div className="relative">
      <select {...props} className={`${inputClass} appearance-none pr-10 ${className}`}>
        {children}
      </select>
      <ChevronDown aria-hidden size={16} className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-ink" />
    </div>
  );
}
