/**
 * The header's instant search, a WAI-ARIA combobox: suggestions appear after a pause in typing
 * (products with their photo, brand and price, categories, brands, and "See all results"),
 * the arrow keys move through them (aria-activedescendant: the focus stays in the field),
 * Enter opens the one chosen or searches for the text, Escape closes the list and keeps the
 * text, a second Escape clears it and a third closes the search. A full-width panel under the
 * header, on phones too. The header loads this module on first use (the storefront's entry
 * bundle has a 120 kB budget), so its suggestions client (lib/api/search.ts) stays out of it.
 */
import { SEARCH_DEBOUNCE_MS } from '@shop/shared/constants';
import { productPath } from '@shop/shared/paths';
import type { SuggestResponse } from '@shop/shared/search';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { FrameIcon } from '@/components/frame-icons.tsx';
import { Price } from '@/components/price.tsx';
import { suggestOptions } from '@/lib/api/search.ts';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';
import { brandHref, categoryHref, searchHref } from '../search-links.ts';

interface HeaderSearchProps {
  /** Closes the search (the header unmounts it). */
  onClose(): void;
}

type Product = SuggestResponse['products'][number];

/** One choice of the list: where it leads, and what it shows. */
interface Option {
  key: string;
  href: string;
  product?: Product;
  label: string;
  detail?: string;
}

interface Group {
  label: string;
  options: Option[];
}

/** The suggestions as groups of options, in the order the arrow keys go through them. */
function groupsOf(data: SuggestResponse | undefined, text: string): Group[] {
  const groups: Group[] = [];
  if (data?.products.length) {
    groups.push({
      label: 'Products',
      options: data.products.map((p) => ({ key: `p-${p.id}`, href: productPath(p.id), product: p, label: p.title })),
    });
  }
  if (data?.categories.length) {
    groups.push({
      label: 'Categories',
      options: data.categories.map((c) => ({
        key: `c-${c.id}`,
        href: categoryHref(c),
        label: c.name,
        detail: c.parent ? `in ${c.parent}` : 'Category',
      })),
    });
  }
  if (data?.brands.length) {
    groups.push({
      label: 'Brands',
      options: data.brands.map((b) => ({ key: `b-${b.id}`, href: brandHref(b.name), label: b.name, detail: 'Brand' })),
    });
  }
  groups.push({ label: '', options: [{ key: 'all', href: searchHref(text), label: `See all results for “${text.trim()}”` }] });
  return groups;
}

const count = (n: number, one: string, many: string) => (n === 0 ? '' : `${n} ${n === 1 ? one : many}`);

/** What a screen reader hears when the suggestions change. */
function summaryOf(data: SuggestResponse): string {
  const parts = [
    count(data.products.length, 'product', 'products'),
    count(data.categories.length, 'category', 'categories'),
    count(data.brands.length, 'brand', 'brands'),
  ].filter(Boolean);
  const found = parts.length > 0 ? `${parts.join(', ')} suggested.` : 'No suggestions.';
  return data.correctedQuery ? `${found} Showing results for ${data.correctedQuery}.` : found;
}

export default function HeaderSearch({ onClose }: HeaderSearchProps) {
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const input = useRef<HTMLInputElement>(null);
  // What opened the search (the header's search button): focus goes back there when it closes.
  const [opener] = useState(() => (typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null)));
  const [text, setText] = useState('');
  const [expanded, setExpanded] = useState(false);
  const [active, setActive] = useState(-1);
  const typed = text.trim();
  const debounced = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const suggestions = useQuery(suggestOptions(debounced));
  const data = typed && debounced ? suggestions.data : undefined;
  const groups = typed ? groupsOf(data, text) : [];
  const options = groups.flatMap((g) => g.options);
  const open = expanded && options.length > 0;
  const optionId = (index: number) => `${id}-option-${index}`;

  useEffect(() => input.current?.focus(), []);

  // A new answer is a new list: nothing in it is chosen yet.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the answer changes
  useEffect(() => setActive(-1), [data]);

  // Another page (a link elsewhere, back or forward) closes the search.
  const firstPage = useRef(location.key);
  useEffect(() => {
    if (location.key !== firstPage.current) onClose();
  }, [location.key, onClose]);

  useEffect(() => {
    if (open && active >= 0) document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
  });

  const close = () => {
    onClose();
    if (opener?.isConnected) opener.focus();
  };

  const go = (href: string) => {
    navigate(href);
    onClose();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = options.length;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (count === 0) return;
        setExpanded(true);
        setActive((i) => (!open ? 0 : (i + 1) % count));
        return;
      case 'ArrowUp':
        event.preventDefault();
        if (count === 0) return;
        setExpanded(true);
        setActive((i) => (!open || i <= 0 ? count - 1 : i - 1));
        return;
      case 'Enter': {
        const option = open && active >= 0 ? options[active] : undefined;
        if (option) {
          event.preventDefault();
          go(option.href);
        }
        // Otherwise the form is sent: the search page for the text.
        return;
      }
      case 'Escape':
        event.preventDefault();
        if (open) {
          setExpanded(false);
          setActive(-1);
        } else if (text) {
          setText('');
        } else {
          close();
        }
        return;
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (typed) go(searchHref(typed));
  };

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
        setExpanded(false);
        setActive(-1);
        // Another window or tab took the focus: the search is still here on return. Back to the
        // header's search button: it closes the search itself (a second press).
        if ((to === null && !document.hasFocus()) || (to !== null && to === opener)) return;
        onClose();
      }}
    >
      <search className="mx-auto max-w-3xl px-3 py-3 sm:px-6">
        <form onSubmit={onSubmit} className="flex items-center gap-2">
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
              type="text"
              role="combobox"
              aria-expanded={open}
              aria-controls={`${id}-listbox`}
              aria-autocomplete="list"
              aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
              autoComplete="off"
              autoCorrect="off"
              spellCheck={false}
              enterKeyHint="search"
              placeholder="Find a Product"
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setExpanded(true);
                setActive(-1);
              }}
              onKeyDown={onKeyDown}
              onClick={() => setExpanded(true)}
              className="block w-full rounded-none border border-line bg-white py-2.5 pr-3 pl-10 text-base text-ink placeholder:text-muted/70 focus:border-ink focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-accent"
            />
          </div>
          <button
            type="button"
            aria-label="Close search"
            onClick={close}
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
          <div role="listbox" id={`${id}-listbox`} aria-label="Suggestions">
            {groups.map((group) => {
              const items = group.options.map((option) => {
                const index = options.indexOf(option);
                return (
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the field handles the keys (aria-activedescendant)
                  <div
                    key={option.key}
                    id={optionId(index)}
                    role="option"
                    aria-selected={index === active}
                    tabIndex={-1}
                    onClick={() => go(option.href)}
                    className="flex cursor-pointer items-center gap-3 px-2 py-2 hover:bg-cream/60 aria-selected:bg-cream"
                  >
                    {option.product ? <ProductSuggestion product={option.product} /> : <TextSuggestion option={option} />}
                  </div>
                );
              });
              if (!group.label)
                return (
                  <div key="all" role="presentation" className="border-t border-line py-1">
                    {items}
                  </div>
                );
              const labelId = `${id}-${group.label}`;
              return (
                // biome-ignore lint/a11y/useSemanticElements: a group of a listbox's options (a fieldset is for form controls)
                <div key={labelId} role="group" aria-labelledby={labelId} className="border-line py-1 not-first:border-t">
                  <div
                    id={labelId}
                    role="presentation"
                    className="px-2 pt-2 pb-1 text-xs font-semibold tracking-[0.14em] text-muted uppercase"
                  >
                    {group.label}
                  </div>
                  {items}
                </div>
              );
            })}
          </div>
        </div>
        <div role="status" className="sr-only">
          {open && data ? summaryOf(data) : ''}
        </div>
      </search>
    </div>
  );
}

function ProductSuggestion({ product }: { product: Product }) {
  const discount = product.oldPrice !== null && product.oldPrice > product.price ? product.oldPrice - product.price : 0;
  // On a phone the price goes under the title, which keeps the width for the name.
  return (
    <div className="grid min-w-0 flex-1 grid-cols-[2.5rem_1fr] items-center gap-x-3 sm:grid-cols-[2.5rem_1fr_auto]">
      {product.imageUrl ? (
        <img
          src={product.imageUrl}
          alt=""
          width={40}
          height={50}
          className="row-span-2 h-[50px] w-10 bg-cream object-cover sm:row-span-1"
        />
      ) : (
        <span aria-hidden className="row-span-2 h-[50px] w-10 bg-cream sm:row-span-1" />
      )}
      <div className="min-w-0">
        <span className="block truncate text-sm">{product.title}</span>
        {product.brand && <span className="block truncate text-xs text-muted">{product.brand}</span>}
      </div>
      <Price price={product.price + discount} discount={discount} className="text-sm sm:justify-end" />
    </div>
  );
}

function TextSuggestion({ option }: { option: Option }) {
  return (
    <span className="min-w-0 flex-1 text-sm">
      {option.label}
      {option.detail && <span className="ml-2 text-xs text-muted">{option.detail}</span>}
    </span>
  );
}
