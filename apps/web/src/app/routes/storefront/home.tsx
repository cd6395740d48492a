import { useQuery } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { JsonLd, PageHead } from '@/components/seo.tsx';
import { settingsOptions } from '@/lib/api/settings.ts';
import { DEFAULT_SHARE_IMAGE, DEFAULT_SHOP_NAME, SHOP_DESCRIPTION, shopJsonLd } from '@/lib/seo.ts';
import { CategoryTiles } from '@/features/catalog/components/category-tiles.tsx';
import { HeroCarousel } from '@/features/catalog/components/hero-carousel.tsx';
import { HomeCarousels } from '@/features/catalog/components/home-carousels.tsx';
import type { PurchaseState } from './layout.tsx';

export default function HomePage() {
  const purchase = (useLocation().state as PurchaseState | null)?.purchase;
  const settings = useQuery(settingsOptions).data;
  const shopName = settings?.storeName ?? DEFAULT_SHOP_NAME;
  return (
    <>
      <PageHead
        title={`${shopName} — Fashion, Beauty, Jewellery & Home`}
        name={shopName}
        description={SHOP_DESCRIPTION}
        path="/"
        image={{ url: DEFAULT_SHARE_IMAGE, alt: shopName }}
        siteName={shopName}
      />
      <h1 className="sr-only">Adire: fashion, beauty, jewellery and home decoration</h1>
      {purchase && (
        <div role="status" className="border-b border-line bg-[#eef6ef]">
          <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-4 sm:px-6">
            <CircleCheck aria-hidden className="text-success" size={22} />
            <p className="font-semibold">Purchase successful!</p>
            {purchase.number && <p className="text-sm text-muted">Order {purchase.number} is confirmed.</p>}
            <span className="flex gap-4 text-sm sm:ml-auto">
              {purchase.orderId && (
                <Link to={`/orders/${purchase.orderId}`} className="underline underline-offset-4">
                  View order
                </Link>
              )}
              <Link to="/orders" className="underline underline-offset-4">
                View my orders
              </Link>
            </span>
            {purchase.delivery && (
              <p className="w-full text-sm" data-testid="purchase-delivery">
                Delivery: {purchase.delivery}
              </p>
            )}
          </div>
        </div>
      )}
      <HeroCarousel />
      <CategoryTiles />
      <HomeCarousels />
      <JsonLd data={shopJsonLd({ name: shopName, phone: settings?.phone })} />
    </>
  );
}
