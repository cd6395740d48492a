import { useSearchParams } from 'react-router';
import { PageHead } from '@/components/seo.tsx';
import { CartRestorePage } from '@/features/cart/components/cart-restore-page.tsx';

/** /cart/restore?token=…: a cart-recovery link (issue 31) puts its cart back on this device. */
export default function CartRestoreRoute() {
  const [params] = useSearchParams();
  return (
    <>
      <PageHead title="Your cart — Adire" noindex />
      <CartRestorePage token={params.get('token') ?? ''} />
    </>
  );
}
