import { CartView } from '@/features/cart/components/cart-view.tsx';

export default function CartPage() {
  return (
    <>
      <title>Your bag — Adire</title>
      <CartView />
    </>
  );
}
