/**
 * What any storefront screen can do to the shop without knowing how: add to the cart, check
 * out. The storefront layout provides the implementations (cart store, lazily loaded
 * checkout), so catalogue components stay free of the cart and checkout features.
 */
import { createContext, useContext } from 'react';

/** What the cart keeps about a product's variant: enough to show the line without a request. */
export interface CartItemInput {
  productId: string;
  /** The size and colour bought. Null only in carts saved before variants existed. */
  variantId: string | null;
  title: string;
  imageUrl: string | null;
  /** Naira, before discount. */
  price: number;
  /** Naira, what the shopper pays per item. */
  salePrice: number;
  size: string;
  color: string;
  /** Items of this variant in stock: the most the quantity can be. */
  stock: number;
}

export interface CheckoutLineInput {
  productId: string;
  variantId?: string;
  quantity: number;
  size?: string;
  color?: string;
}

export type CheckoutKind = 'cart' | 'direct';
/** 'placed': ordered, to be paid later (bank transfer) or on delivery. */
export type CheckoutOutcome = 'paid' | 'placed' | 'failed' | 'cancelled';

export interface ShopActions {
  addToCart(item: CartItemInput, quantity?: number): void;
  checkout(request: { kind: CheckoutKind; lines: CheckoutLineInput[] }): Promise<CheckoutOutcome>;
}

const notProvided = () => {
  throw new Error('ShopActions are provided by the storefront layout');
};

export const ShopActionsContext = createContext<ShopActions>({ addToCart: notProvided, checkout: notProvided });

export function useShopActions(): ShopActions {
  return useContext(ShopActionsContext);
}
