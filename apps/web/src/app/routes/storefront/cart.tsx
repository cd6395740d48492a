import { PageHead } from '@/components/seo.tsx';
import { CartView } from '@/features/cart/components/cart-view.tsx';

export default function CartPage() {
  return (
    <>
      <PageHead title="Your bag — Adire" noindex />
      <CartView />
    </>
  );
}
