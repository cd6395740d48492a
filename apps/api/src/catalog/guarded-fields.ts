/**
 * The catalogue's field-level rules (issue 28): a few columns need a permission of their own
 * beyond `catalog.write` (prices and markdowns `catalog.prices`, stock `stock.adjust`). A write
 * that changes one the caller lacks is refused whole, 403 naming the permission, before
 * anything is written; a value sent as it is stored passes, so a form that sends back what it
 * read works for everyone. A product made by someone who may not set prices or stock starts
 * paused, at price 0 with no stock, for someone who may to finish.
 *
 * One table, one comparison: every route that writes these columns (a product's update and
 * creation, its variants, the catalogue import) puts what it would write beside the row as
 * its transaction locked it, in the row's units (kobo, units), and asks here.
 *
 * A variant's cost price (`catalog.cost`, issue 30) is also secret: answers leave it out
 * without the permission (toVariantView, the catalogue export), so a write that sends one at
 * all is refused, even as it is stored: comparing would tell the caller the cost.
 */
import type { Permission } from '@shop/shared';
import type { VariantRow } from '../db/schema/index.ts';
import { refuse } from '../lib/refuse.ts';
import type { VariantValues } from './variants/variant-batch.ts';

/** Whether the caller holds a permission (the route's `request.can`). */
export type May = (permission: Permission) => boolean;

interface Guard {
  permission: Permission;
  /** What a row is created with when its creator may not set the field. */
  unset: number | null;
  /** Never shown without the permission: sending it at all needs the permission. */
  secret?: boolean;
}

/**
 * Each guarded column of a product and of a variant, by the name the row and the request
 * share, in the order a refusal picks the permission to name.
 */
export const GUARDED_FIELDS = {
  product: {
    price: { permission: 'catalog.prices', unset: 0 },
    /** The markdown: an amount off the price. */
    discount: { permission: 'catalog.prices', unset: 0 },
    /** The product's stock: its variants' sum, which the original form sets as a total. */
    counter: { permission: 'stock.adjust', unset: 0 },
  },
  variant: {
    /** The variant's own price and markdown; null follows the product's. */
    price: { permission: 'catalog.prices', unset: null },
    discount: { permission: 'catalog.prices', unset: null },
    counter: { permission: 'stock.adjust', unset: 0 },
    /** The cost price; null: unknown. */
    cost: { permission: 'catalog.cost', unset: null, secret: true },
  },
} as const satisfies Record<string, Record<string, Guard>>;

export type GuardedEntity = keyof typeof GUARDED_FIELDS;
/** The guarded values of a row, or of a write (a field left out is not being written). */
export type GuardedValues<E extends GuardedEntity> = { [K in keyof (typeof GUARDED_FIELDS)[E]]?: number | null };

/** What a new product needs so that it may go on sale, in the hands of whoever may set it. */
const TO_SELL: readonly Permission[] = ['catalog.prices', 'stock.adjust'];

const guards = <E extends GuardedEntity>(entity: E) =>
  Object.entries(GUARDED_FIELDS[entity]) as [keyof GuardedValues<E>, Guard][];

/** The values a row starts with when its creator may set none of its guarded fields. */
export function unsetValues<E extends GuardedEntity>(entity: E): GuardedValues<E> {
  return Object.fromEntries(guards(entity).map(([field, guard]) => [field, guard.unset])) as GuardedValues<E>;
}

/** The first permission the caller lacks for a guarded field `next` changes from `stored`. */
export function missingPermission<E extends GuardedEntity>(
  entity: E,
  may: May,
  stored: GuardedValues<E>,
  next: GuardedValues<E>,
): Permission | undefined {
  for (const [field, guard] of guards(entity)) {
    const value = next[field];
    const changes = value !== undefined && (guard.secret || value !== (stored[field] ?? null));
    if (changes && !may(guard.permission)) return guard.permission;
  }
  return undefined;
}

/** Refuses (403 naming the permission) a write that changes a guarded field the caller lacks. */
export function assertMayChange<E extends GuardedEntity>(
  entity: E,
  may: May,
  stored: GuardedValues<E>,
  next: GuardedValues<E>,
): void {
  const missing = missingPermission(entity, may, stored, next);
  if (missing) throw refuse(missing);
}

/**
 * A new row's values with each guarded field its creator may not set at its unset value. A
 * secret one stays as sent: sent at all, the write is refused.
 */
export function withoutGuarded<E extends GuardedEntity, T extends object>(entity: E, may: May, values: T): T {
  const unset = guards(entity).filter(([, guard]) => !may(guard.permission) && !guard.secret);
  return unset.length === 0 ? values : { ...values, ...Object.fromEntries(unset.map(([field, guard]) => [field, guard.unset])) };
}

/** Whether the caller may set every guarded field (nothing to compare). */
export const maySetAll = (may: May) =>
  Object.values(GUARDED_FIELDS).every((fields) => Object.values(fields).every((guard: Guard) => may(guard.permission)));

/** Whether a product this caller creates starts paused: they may not give it a price, or stock. */
export const startsPaused = (may: May) => TO_SELL.some((permission) => !may(permission));

// ---------------------------------------------------------------- variants without catalog.write

/** A variant of the save beside the row it matched (none: a new one). */
export interface VariantChange {
  /** In the row's units: kobo, or null for the product's price. */
  spec: VariantValues;
  /** The images the save gives it; undefined: it keeps its own. */
  images?: string[];
  /** Its stock as the editor read it: a stale one is refused as a conflict, not here. */
  stockVersion?: number;
  row?: VariantRow;
}

/** What the save would change of a variant, in guarded terms (a stale stock is not written: left out). */
export function variantValues({ spec, row, stockVersion }: VariantChange): GuardedValues<'variant'> {
  const stale = row !== undefined && stockVersion !== undefined && stockVersion !== row.stockVersion;
  return { price: spec.price, discount: spec.discount, cost: spec.cost, ...(!stale && { counter: spec.counter }) };
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * A save of a product's variants (PUT …/variants), which staff who may adjust stock but not
 * edit the catalogue may make too: each guarded field needs its permission, and without
 * `catalog.write` nothing but the stock may change (no variant added, dropped, moved,
 * renamed or re-pictured). `active` are the ids of the product's variants on sale.
 */
export function assertVariantsChange(may: May, active: readonly string[], changes: readonly VariantChange[]): void {
  for (const change of changes) assertMayChange('variant', may, change.row ?? unsetValues('variant'), variantValues(change));
  if (may('catalog.write')) return;
  const kept = changes.flatMap((c) => (c.row && c.row.archivedAt === null ? [c.row] : []));
  // Kept rows are on sale and the product's: as many distinct ones as it has are all of them.
  const keptIds = new Set(kept.map((row) => row.id));
  const reshaped =
    kept.length !== changes.length ||
    keptIds.size !== kept.length ||
    keptIds.size !== active.length ||
    // Moved: a variant now before one it was after (equal positions are no order at all).
    kept.some((row, i) => i > 0 && row.position < kept[i - 1]!.position) ||
    changes.some(
      ({ spec, row, images }) =>
        !row ||
        spec.sku !== row.sku ||
        spec.size !== row.size ||
        spec.color !== row.color ||
        spec.price !== row.price ||
        spec.discount !== row.discount ||
        (spec.cost !== undefined && spec.cost !== row.cost) ||
        (images !== undefined && !sameList(images, row.images)),
    );
  if (reshaped) throw refuse('catalog.write');
}
