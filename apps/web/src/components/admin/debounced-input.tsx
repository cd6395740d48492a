/** A text or number input that reports its value once typing pauses (the spec's 300 ms). */
import { SEARCH_DEBOUNCE_MS } from '@shop/shared/constants';
import { type ComponentProps, useEffect, useRef, useState } from 'react';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';

type DebouncedInputProps = Omit<ComponentProps<'input'>, 'value' | 'onChange'> & {
  value: string;
  onValue(value: string): void;
};

export function DebouncedInput({ value, onValue, ...props }: DebouncedInputProps) {
  const [text, setText] = useState(value);
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const latest = useRef({ value, onValue });
  latest.current = { value, onValue };

  useEffect(() => {
    if (debounced.trim() !== latest.current.value) latest.current.onValue(debounced.trim());
  }, [debounced]);

  return <input {...props} value={text} onChange={(e) => setText(e.target.value)} />;
}
