/**
 * The header search's listbox: its groups of options (Products with their photo, brand and
 * price; Categories; Brands; "See all results"), the chosen one marked for
 * aria-activedescendant, a click going where the option leads.
 */
import { Price } from '@/components/price.tsx';
import type { SuggestedProduct, SuggestionGroup, SuggestionOption } from '../search-suggestions.ts';

export function SuggestionList({
  id,
  groups,
  options,
  active,
  optionId,
  onChoose,
}: {
  id: string;
  groups: SuggestionGroup[];
  /** Every group's options, in order: an option's index is its place here. */
  options: SuggestionOption[];
  active: number;
  optionId(index: number): string;
  onChoose(href: string): void;
}) {
  return (
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
              onClick={() => onChoose(option.href)}
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
  );
}

function ProductSuggestion({ product }: { product: SuggestedProduct }) {
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

function TextSuggestion({ option }: { option: SuggestionOption }) {
  return (
    <span className="min-w-0 flex-1 text-sm">
      {option.label}
      {option.detail && <span className="ml-2 text-xs text-muted">{option.detail}</span>}
    </span>
  );
}
