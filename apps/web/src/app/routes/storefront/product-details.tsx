import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { JsonLd, PageHead } from '@/components/seo.tsx';
import { productKeys, productOptions } from '@/lib/api/products.ts';
import { reviewsOptions } from '@/lib/api/reviews.ts';
import { settingsOptions } from '@/lib/api/settings.ts';
import { breadcrumbJsonLd, DEFAULT_SHOP_NAME, productJsonLd, productPage, productTrail } from '@/lib/seo.ts';
import { ProductDetails } from '@/features/catalog/components/product-details.tsx';
import { CATEGORY_LISTINGS } from '@/features/catalog/listing-pages.ts';
import { ProductReviews } from '@/features/reviews/components/product-reviews.tsx';

export default function ProductDetailsPage() {
  const { id = '' } = useParams();
  const client = useQueryClient();
  return (
    <>
      <ProductDetails
        key={id}
        id={id}
        reviews={
          <ProductReviews productId={id} onReviewed={() => client.invalidateQueries({ queryKey: productKeys.detail(id) })} />
        }
      />
      {/* After the page, so its JSON-LD never comes before the main image in the HTML. */}
      <ProductHead id={id} />
    </>
  );
}

/** The listing page of a category, by its name ('Women' → '/women'). */
function listingPath(category: string): string | undefined {
  return CATEGORY_LISTINGS.find((page) => page.name.toLowerCase() === category.toLowerCase())?.to;
}

/** The product's title, description, shared-link tags and structured data (product, its reviews, where it sits in the shop). */
function ProductHead({ id }: { id: string }) {
  // A chosen variant (?variant=) shows its own photo and price in shared links.
  const variantId = useSearchParams()[0].get('variant');
  const product = useQuery(productOptions(id));
  const reviews = useQuery(reviewsOptions(id)).data?.items;
  const shopName = useQuery(settingsOptions).data?.storeName ?? DEFAULT_SHOP_NAME;
  if (product.isError) return <PageHead title={`Product not found | ${shopName}`} noindex />;
  if (!product.data) return null;
  return (
    <>
      <PageHead {...productPage(product.data, shopName, variantId)} />
      <JsonLd data={productJsonLd(product.data, reviews)} />
      <JsonLd data={breadcrumbJsonLd(productTrail(product.data, listingPath))} />
    </>
  );
}
