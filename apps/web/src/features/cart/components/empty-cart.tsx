import { ShoppingBag } from 'lucide-react';
import { Link } from 'react-router';
import { primaryButton } from '@/components/ui-classes.ts';

/** /cart with nothing in it: the browser's cart (CartView) and the server's (ServerCartView) alike. */
export function EmptyCart() {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <ShoppingBag aria-hidden size={40} className="mx-auto text-muted" strokeWidth={1.25} />
      <h1 className="mt-6 font-display text-4xl">Your bag</h1>
      <p className="mt-3 text-muted">Your cart is empty.</p>
      <Link to="/" className={`${primaryButton} mt-8`}>
        Continue shopping
      </Link>
    </div>
  );
}
