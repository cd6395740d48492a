import { Star } from 'lucide-react';
import { useState } from 'react';

interface StarInputProps {
  name: string;
  /** 0 = not chosen yet. */
  value: number;
  onChange(value: number): void;
}

const LABELS = ['1 star', '2 stars', '3 stars', '4 stars', '5 stars'];

/** Five clickable stars: a radio group underneath, so arrow keys choose too. */
export function StarInput({ name, value, onChange }: StarInputProps) {
  const [hover, setHover] = useState(0);
  const shown = hover || value;
  return (
    <fieldset>
      <legend className="mb-2 text-xs font-semibold tracking-[0.14em] uppercase">Your rating</legend>
      <div className="flex gap-1">
        {LABELS.map((label, i) => {
          const n = i + 1;
          return (
            <label
              key={label}
              className="cursor-pointer rounded p-0.5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent"
              onMouseEnter={() => setHover(n)}
              onMouseLeave={() => setHover(0)}
            >
              <input
                type="radio"
                name={name}
                value={n}
                checked={value === n}
                onChange={() => onChange(n)}
                className="sr-only"
                aria-label={label}
              />
              <Star
                aria-hidden
                size={28}
                strokeWidth={1.5}
                className={n <= shown ? 'text-gold' : 'text-line'}
                fill="currentColor"
              />
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
