/**
 * The point of sale's cart: starts empty; an item (a product's variant: its size and
 * colour) added once has quantity 1, added again its quantity goes up (never past its
 * stock); quantities can be set; lines removed; cleared after a sale. Kept in memory while
 * the admin moves between screens.
 */
import { create } from 'zustand';

export interface PosItem {
  productId: string;
  variantId: string;
  title: string;
  /** "medium / Red", or '' for a product without options. */
  label: string;
  /** Naira: what the customer pays per unit. */
  salePrice: number;
  /** Units of this variant in stock. */
  counter: number;
  imageUrl: string | null;
}

export interface CartLine {
  item: PosItem;
  quantity: number;
}

const clamp = (quantity: number, item: PosItem) => Math.max(1, Math.min(Math.floor(quantity) || 1, Math.max(item.counter, 1)));

export function addToCart(lines: CartLine[], item: PosItem): CartLine[] {
  const existing = lines.find((l) => l.item.variantId === item.variantId);
  if (!existing) return [...lines, { item, quantity: 1 }];
  return lines.map((l) => (l.item.variantId === item.variantId ? { item, quantity: clamp(l.quantity + 1, item) } : l));
}

export function setLineQuantity(lines: CartLine[], variantId: string, quantity: number): CartLine[] {
  return lines.map((l) => (l.item.variantId === variantId ? { ...l, quantity: clamp(quantity, l.item) } : l));
}

export function removeFromCart(lines: CartLine[], variantId: string): CartLine[] {
  return lines.filter((l) => l.item.variantId !== variantId);
}

export const cartQuantity = (lines: CartLine[]) => lines.reduce((sum, l) => sum + l.quantity, 0);
/** Naira, rounded to kobo. */
export const cartTotal = (lines: CartLine[]) =>
  Math.round(lines.reduce((sum, l) => sum + l.item.salePrice * l.quantity, 0) * 100) / 100;

interface PosCartState {
  lines: CartLine[];
  add(item: PosItem): void;
  setQuantity(variantId: string, quantity: number): void;
  remove(variantId: string): void;
  clear(): void;
}

export const usePosCart = create<PosCartState>((set) => ({
  lines: [],
  add: (item) => set((s) => ({ lines: addToCart(s.lines, item) })),
  setQuantity: (variantId, quantity) => set((s) => ({ lines: setLineQuantity(s.lines, variantId, quantity) })),
  remove: (variantId) => set((s) => ({ lines: removeFromCart(s.lines, variantId) })),
  clear: () => set({ lines: [] }),
}));
