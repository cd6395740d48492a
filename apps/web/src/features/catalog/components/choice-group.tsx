interface ChoiceGroupProps {
  legend: string;
  name: string;
  options: string[];
  value: string;
  onChange(value: string): void;
}

/** Size or colour: a radio group styled as buttons (arrow keys move between them). */
export function ChoiceGroup({ legend, name, options, value, onChange }: ChoiceGroupProps) {
  if (options.length === 0) return null;
  return (
    <fieldset>
      <legend className="mb-2 text-xs font-semibold tracking-[0.14em] uppercase">
        {legend}: <span className="font-normal tracking-normal text-muted capitalize">{value}</span>
      </legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option}
            className="cursor-pointer border border-line px-4 py-2 text-sm capitalize transition-colors hover:border-ink has-[:checked]:border-ink has-[:checked]:bg-ink has-[:checked]:text-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent"
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className="sr-only"
            />
            {option}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
