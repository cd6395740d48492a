interface ChoiceGroupProps {
  legend: string;
  name: string;
  options: string[];
  /** '' while nothing is chosen. */
  value: string;
  onChange(value: string): void;
  /** Options that cannot be bought (sold out): crossed out; still chosen, to ask to be told when back (issue 31). */
  unavailable?: readonly string[];
  /** Why the group needs attention ("Please choose a size"). */
  error?: string;
  id?: string;
}

/** Size or colour: a radio group styled as buttons (arrow keys move between them). */
export function ChoiceGroup({ legend, name, options, value, onChange, unavailable = [], error, id }: ChoiceGroupProps) {
  if (options.length === 0) return null;
  const errorId = id ? `${id}-error` : undefined;
  return (
    <fieldset id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} tabIndex={-1}>
      <legend className="mb-2 text-xs font-semibold tracking-[0.14em] uppercase">
        {legend}: <span className="font-normal tracking-normal text-muted capitalize">{value || 'choose one'}</span>
      </legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => {
          const soldOut = unavailable.includes(option);
          return (
            <label
              key={option}
              className={`relative border px-4 py-2 text-sm capitalize transition-colors has-[:checked]:border-ink has-[:checked]:bg-ink has-[:checked]:text-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent ${
                soldOut
                  ? 'cursor-pointer border-line text-muted line-through hover:border-ink'
                  : 'cursor-pointer border-line hover:border-ink'
              } ${error ? 'border-sale' : ''}`}
            >
              <input
                type="radio"
                name={name}
                value={option}
                checked={value === option}
                onChange={() => onChange(option)}
                // Over the whole button, invisible: the radio itself takes the click and the focus.
                className="absolute inset-0 m-0 size-full cursor-[inherit] appearance-none opacity-0"
              />
              {option}
              {soldOut && <span className="sr-only"> (sold out)</span>}
            </label>
          );
        })}
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-2 text-sm text-sale">
          {error}
        </p>
      )}
    </fieldset>
  );
}
