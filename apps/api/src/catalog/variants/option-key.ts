/**
 * When two sizes and colours are the same option of a product: the one comparison the variants
 * editor, the catalogue import and orders all use, so a size and colour one of them takes as
 * taken is taken for the others. A size is compared lower-cased (the sizes of a scale are), a
 * colour trimmed and lower-cased ("Red" and " red " are one colour). The database's "size and
 * colour once" index (lower(size), lower(color), migration 0006) agrees for every value these
 * paths store, since they store sizes lower-cased and colours trimmed.
 */

/** A size as it is compared. */
export const sizeKey = (size: string): string => size.toLowerCase();

/** A colour as it is compared. */
export const colorKey = (color: string): string => color.trim().toLowerCase();

/** One key per option of a product: equal for the same size and colour, whatever their case or the colour's spaces. */
export const optionKey = (size: string, color: string): string => `${sizeKey(size)}\u0000${colorKey(color)}`;

/**
 * Whether a variant is the option asked for; a size or colour not asked for (undefined)
 * matches any, as when a shopper names only a colour.
 */
export function sameOption(wanted: { size?: string; color?: string }, variant: { size: string; color: string }): boolean {
  return (
    (wanted.size === undefined || sizeKey(wanted.size) === sizeKey(variant.size)) &&
    (wanted.color === undefined || colorKey(wanted.color) === colorKey(variant.color))
  );
}
