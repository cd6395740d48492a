import { lazy } from 'react';
import { Navigate } from 'react-router';
import { PageHead } from '@/components/seo.tsx';
import { CartView } from '@/features/cart/components/cart-view.tsx';
import { ServerCartView } from '@/features/cart/components/server-cart-view.tsx';
import { useOwnPage } from '@/lib/own-page.tsx';

// Rendered on the server only: the app's own checkout starts from the cart page.
const CheckoutFormPage = lazy(() =>
  import('@/features/checkout/components/checkout-form-page.tsx').then((m) => ({ default: m.CheckoutFormPage })),
);

/** /cart: the browser's cart in the app; rendered on the server for the shopper, her server cart's forms. */
export default function CartPage() {
  return (
    <>
      <PageHead title="Your bag — Adire" noindex />
      {useOwnPage() ? <ServerCartView /> : <CartView />}
    </>
  );
}

/**
 * /checkout: the checkout form, rendered on the server for the shopper (works without
 * JavaScript); in the app, which checks out from the cart page, it goes to /cart. In this module
 * rather than one of its own: each page module costs the storefront's entry an entry in its table
 * of lazy imports, and the entry is at its budget.
 */
export function CheckoutRoute() {
  const own = useOwnPage();
  return (
    <>
      <PageHead title="Checkout — Adire" noindex />
      {own ? <CheckoutFormPage own={own} /> : <Navigate to="/cart" replace />}
    </>
  );
}
