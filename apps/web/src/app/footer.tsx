/**
 * The storefront's footer, and with it the cart sync (decision 0030): every storefront page loads
 * this lazily once it has rendered, so from then on the browser's cart and the server's agree,
 * and the entry carries none of it. Here, in the app, because the footer's feature and the
 * cart's do not import each other.
 */
import { useEffect } from 'react';
import Footer from '@/features/storefront-layout/components/footer.tsx';

export default function StorefrontFooter() {
  useEffect(() => {
    void import('@/features/cart/cart-sync.ts').then((sync) => sync.startCartSync());
  }, []);
  return <Footer />;
}
