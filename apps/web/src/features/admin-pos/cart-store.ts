/**
 * The point of sale's cart: starts empty; a product added once has quantity 1, added again
 * its quantity goes up (never past the stock); quantities can be set; lines removed by
 * product id; cleared after a sale. Kept in memory while the admin moves between screens.
 */
import { create } from 'zustand';

export interface PosProduct {
  id: string;
  title: string;
  /** Naira, before discount. */
  price: number;
  /** Naira: what the customer pays per unit. */
  salePrice: number;
  /** Units in stock. */
  counter: number;
  imageUrl: string | null;
}

export interface CartLine {
  product: PosProduct;
  quantity: number;
}

const clamp = (quantity: number, product: PosProduct) =>
  Math.max(1, Math.min(Math.floor(quantity) || 1, Math.max(product.counter, 1)));

export function addToCart(lines: CartLine[], product: PosProduct): CartLine[] {
  const existing = lines.find((l) => l.product.id === product.id);
  if (!existing) return [...lines, { product, quantity: 1 }];
  return lines.map((l) => (l.product.id === product.id ? { product, quantity: clamp(l.quantity + 1, product) } : l));
}

export function setLineQuantity(lines: CartLine[], productId: string, quantity: number): CartLine[] {
  return lines.map((l) => (l.product.id === productId ? { ...l, quantity: clamp(quantity, l.product) } : l));
}

export function removeFromCart(lines: CartLine[], productId: string): CartLine[] {
  return lines.filter((l) => l.product.id !== productId);
}

export const cartQuantity = (lines: CartLine[]) => lines.reduce((sum, l) => sum + l.quantity, 0);
/** Naira, rounded to kobo. */
export const cartTotal = (lines: CartLine[]) =>
  Math.round(lines.reduce((sum, l) => sum + l.product.salePrice * l.quantity, 0) * 100) / 100;

interface PosCartState {
  lines: CartLine[];
  add(product: PosProduct): void;
  setQuantity(productId: string, quantity: number): void;
  remove(productId: string): void;
  clear(): void;
}

export const usePosCart = create<PosCartState>((set) => ({
  lines: [],
  add: (product) => set((s) => ({ lines: addToCart(s.lines, product) })),
  setQuantity: (productId, quantity) => set((s) => ({ lines: setLineQuantity(s.lines, productId, quantity) })),
  remove: (productId) => set((s) => ({ lines: removeFromCart(s.lines, productId) })),
  clear: () => set({ lines: [] }),
}));
