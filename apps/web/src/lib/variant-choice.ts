/**
 * Choosing a size and colour from a product's variants, as pure functions the product page,
 * the cart and their tests share. A dimension with one option is chosen by itself; an
 * option is unavailable when no variant with it (and with the other choice, if made) has
 * stock, and is shown crossed out.
 */
import type { VariantView } from '@shop/shared/variants';

export interface Choice {
  size: string;
  color: string;
}

type Variant = Pick<VariantView, 'size' | 'color' | 'availability'>;

const unique = (values: string[]) => [...new Set(values)];

/** The sizes and colours on sale, in the variants' order ('' means the product has none). */
export function optionsOf(variants: readonly Variant[]): { sizes: string[]; colors: string[] } {
  return {
    sizes: unique(variants.map((v) => v.size)).filter(Boolean),
    colors: unique(variants.map((v) => v.color)).filter(Boolean),
  };
}

/** The first choice: the linked variant's size and colour, else a dimension with a single option is already chosen. */
export function initialChoice(variants: readonly (Variant & { id?: string })[], variantId?: string | null): Choice {
  // A link to one variant (?variant=, from a catalogue feed or a share) chooses its size and colour.
  const linked = variantId ? variants.find((v) => v.id === variantId) : undefined;
  if (linked) return { size: linked.size, color: linked.color };
  const { sizes, colors } = optionsOf(variants);
  return { size: sizes.length === 1 ? sizes[0]! : '', color: colors.length === 1 ? colors[0]! : '' };
}

const inStock = (v: Variant) => v.availability === 'In Stock';

/** Options of `dimension` that cannot be bought with the other choice as it stands. */
export function unavailableOptions(variants: readonly Variant[], choice: Choice, dimension: 'size' | 'color'): string[] {
  const other = dimension === 'size' ? 'color' : 'size';
  const options = optionsOf(variants)[dimension === 'size' ? 'sizes' : 'colors'];
  return options.filter(
    (option) => !variants.some((v) => v[dimension] === option && (!choice[other] || v[other] === choice[other]) && inStock(v)),
  );
}

/** The variant the choice names, once every dimension the product has is chosen. */
export function chosenVariant<V extends Variant>(variants: readonly V[], choice: Choice): V | undefined {
  if (missingChoice(variants, choice)) return undefined;
  return variants.find((v) => v.size === (choice.size || v.size) && v.color === (choice.color || v.color));
}

/** What the shopper still has to choose, if anything. */
export function missingChoice(variants: readonly Variant[], choice: Choice): 'size' | 'colour' | null {
  const { sizes, colors } = optionsOf(variants);
  if (sizes.length > 0 && !choice.size) return 'size';
  if (colors.length > 0 && !choice.color) return 'colour';
  return null;
}

export const CHOICE_MESSAGES = { size: 'Please choose a size', colour: 'Please choose a colour' } as const;
