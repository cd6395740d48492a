import { CircleCheck } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { CategoryTiles } from '@/features/catalog/components/category-tiles.tsx';
import { HeroCarousel } from '@/features/catalog/components/hero-carousel.tsx';
import { HomeCarousels } from '@/features/catalog/components/home-carousels.tsx';
import type { PurchaseState } from './layout.tsx';

export default function HomePage() {
  const purchase = (useLocation().state as PurchaseState | null)?.purchase;
  return (
    <>
      <title>Adire — Fashion, Beauty, Jewellery &amp; Home</title>
      <h1 className="sr-only">Adire: fashion, beauty, jewellery and home decoration</h1>
      {purchase && (
        <div role="status" className="border-b border-line bg-[#eef6ef]">
          <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-4 sm:px-6">
            <CircleCheck aria-hidden className="text-success" size={22} />
            <p className="font-semibold">Purchase successful!</p>
            {purchase.number && <p className="text-sm text-muted">Order {purchase.number} is confirmed.</p>}
            <Link to="/orders" className="text-sm underline underline-offset-4 sm:ml-auto">
              View my orders
            </Link>
          </div>
        </div>
      )}
      <HeroCarousel />
      <CategoryTiles />
      <HomeCarousels />
    </>
  );
}
