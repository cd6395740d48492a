/**
 * The cart: one line per variant (the same dress in two sizes is two lines), kept in
 * localStorage so it survives a reload. Works without signing in. Prices here are only for
 * display; the server prices the order at checkout.
 */
import { nairaToKobo, type Kobo } from '@shop/shared/money';
import { create } from 'zustand';
import type { CartItemInput } from '@/lib/shop-actions.ts';

export interface CartLine extends CartItemInput {
  /** The variant's id (product|size|colour for a line saved before variants). */
  id: string;
  quantity: number;
}

interface CartState {
  lines: CartLine[];
  /** Adds the item, or increments its line when the same variant is already there. */
  add(item: CartItemInput, quantity?: number): void;
  setQuantity(id: string, quantity: number): void;
  remove(id: string): void;
  clear(): void;
}

export const CART_STORAGE_KEY = 'cart';

export function lineId(item: Pick<CartItemInput, 'productId' | 'variantId' | 'size' | 'color'>): string {
  return item.variantId ?? `${item.productId}|${item.size}|${item.color}`;
}

/** At least 1, at most the stock (when the stock is known). */
export function clampQuantity(quantity: number, stock: number): number {
  const whole = Number.isFinite(quantity) ? Math.floor(quantity) : 1;
  return Math.max(1, stock > 0 ? Math.min(whole, stock) : whole);
}

/** The stored lines; anything unreadable counts as an empty cart. */
function readStoredLines(): CartLine[] {
  try {
    const stored = JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? 'null') as { lines?: unknown } | null;
    // Lines saved before variants have no variantId: checkout finds it by size and colour.
    return Array.isArray(stored?.lines)
      ? (stored.lines as CartLine[]).map((line) => ({ ...line, variantId: line.variantId ?? null }))
      : [];
  } catch {
    return [];
  }
}

// Saved by hand rather than with zustand's persist middleware: this store is in the entry
// bundle, and the few lines here are all the cart needs.
// The initial state is the empty cart the server renders; the stored lines are set right
// after, so a hydrating page first matches the server's HTML (zustand hands React the
// initial state as the server snapshot) and then shows the shopper's cart.
export const useCart = create<CartState>()((set) => ({
  lines: [],
  add(item, quantity = 1) {
    const id = lineId(item);
    set(({ lines }) => {
      const existing = lines.find((line) => line.id === id);
      if (!existing) return { lines: [...lines, { ...item, id, quantity: clampQuantity(quantity, item.stock) }] };
      return {
        lines: lines.map((line) =>
          line.id === id ? { ...line, ...item, id, quantity: clampQuantity(line.quantity + quantity, item.stock) } : line,
        ),
      };
    });
  },
  setQuantity(id, quantity) {
    set(({ lines }) => ({
      lines: lines.map((line) => (line.id === id ? { ...line, quantity: clampQuantity(quantity, line.stock) } : line)),
    }));
  },
  remove(id) {
    set(({ lines }) => ({ lines: lines.filter((line) => line.id !== id) }));
  },
  clear() {
    set({ lines: [] });
  },
}));

if (typeof window !== 'undefined') useCart.setState({ lines: readStoredLines() });

useCart.subscribe((state, previous) => {
  if (state.lines === previous.lines) return;
  try {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ lines: state.lines }));
  } catch {
    // Storage full or blocked: the cart still works for this visit.
  }
});

// Another tab changed the cart: show the same lines here.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === CART_STORAGE_KEY) useCart.setState({ lines: readStoredLines() });
  });
}

export function totalQuantity(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

export function lineTotal(line: CartLine): Kobo {
  return nairaToKobo(line.salePrice) * line.quantity;
}

export function cartTotal(lines: readonly CartLine[]): Kobo {
  return lines.reduce((sum, line) => sum + lineTotal(line), 0);
}
