/**
 * The header's instant search, a WAI-ARIA combobox: suggestions appear after a pause in typing
 * (products with their photo, brand and price, categories, brands, and "See all results"),
 * the arrow keys move through them (aria-activedescendant: the focus stays in the field),
 * Enter opens the one chosen or searches for the text, Escape closes the list and keeps the
 * text, a second Escape clears it and a third closes the search. A full-width panel under the
 * header, on phones too. The header loads this module on first use (the storefront's entry
 * bundle has a 120 kB budget), so its suggestions client (lib/api/search.ts) stays out of it.
 * Its state and keys are use-header-search.ts, the list search-suggestions.ts and
 * suggestion-list.tsx.
 */
import { FrameIcon } from '@/components/frame-icons.tsx';
import { summaryOf } from '../search-suggestions.ts';
import { useHeaderSearch } from '../use-header-search.ts';
import { SuggestionList } from './suggestion-list.tsx';

interface HeaderSearchProps {
  /** Closes the search (the header unmounts it). */
  onClose(): void;
}

export default function HeaderSearch({ onClose }: HeaderSearchProps) {
  const search = useHeaderSearch(onClose);
  const { id, input, open, active, data } = search;

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: keeps the focus in the field when the panel is clicked
    <div
      className="absolute inset-x-0 top-full border-b border-line bg-white shadow-lg"
      data-testid="header-search"
      onMouseDown={(event) => {
        // A click on an option or the panel keeps the focus in the field (no blur, no closing).
        if (event.target !== input.current && !(event.target as Element).closest('button')) event.preventDefault();
      }}
      onBlur={(event) => {
        const to = event.relatedTarget as Node | null;
        if (to && event.currentTarget.contains(to)) return;
        search.collapse();
        // Another window or tab took the focus: the search is still here on return. Back to the
        // header's search button: it closes the search itself (a second press).
        if ((to === null && !document.hasFocus()) || (to !== null && to === search.opener)) return;
        onClose();
      }}
    >
      <search className="mx-auto max-w-3xl px-3 py-3 sm:px-6">
        {/* The search page's GET form: the app answers it at once (onSubmit), a browser without it loads /search?title=. */}
        <form action="/search" onSubmit={search.onSubmit} className="flex items-center gap-2">
          <label htmlFor={`${id}-input`} className="sr-only">
            Search products
          </label>
          <div className="relative flex-1">
            <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted">
              <FrameIcon name="search" size={18} />
            </span>
            <input
              ref={input}
              id={`${id}-input`}
              name="title"
              type="text"
              role="combobox"
              aria-expanded={open}
              aria-controls={`${id}-listbox`}
              aria-autocomplete="list"
              aria-activedescendant={open && active >= 0 ? search.optionId(active) : undefined}
              autoComplete="off"
              autoCorrect="off"
              spellCheck={false}
              enterKeyHint="search"
              placeholder="Find a Product"
              value={search.text}
              onChange={(event) => search.onType(event.target.value)}
              onKeyDown={search.onKeyDown}
              onClick={search.expand}
              className="block w-full rounded-none border border-line bg-white py-2.5 pr-3 pl-10 text-base text-ink placeholder:text-muted/70 focus:border-ink focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-accent"
            />
          </div>
          <button
            type="button"
            aria-label="Close search"
            onClick={search.close}
            className="flex size-10 shrink-0 items-center justify-center rounded-full hover:bg-cream focus-visible:bg-cream"
          >
            <FrameIcon name="close" />
          </button>
        </form>

        <div hidden={!open} className="mt-2 max-h-[min(70vh,36rem)] overflow-y-auto">
          {data?.correctedQuery && (
            <p className="px-2 py-1 text-sm" data-testid="corrected-query">
              Showing results for <strong>“{data.correctedQuery}”</strong>
            </p>
          )}
          <SuggestionList
            id={id}
            groups={search.groups}
            options={search.options}
            active={active}
            optionId={search.optionId}
            onChoose={search.go}
          />
        </div>
        <div role="status" className="sr-only">
          {open && data ? summaryOf(data) : ''}
        </div>
      </search>
    </div>
  );
}
