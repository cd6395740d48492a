import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { productKeys } from '@/lib/api/products.ts';
import { ProductDetails } from '@/features/catalog/components/product-details.tsx';
import { ProductReviews } from '@/features/reviews/components/product-reviews.tsx';

export default function ProductDetailsPage() {
  const { id = '' } = useParams();
  const client = useQueryClient();
  return (
    <ProductDetails
      key={id}
      id={id}
      reviews={
        <ProductReviews productId={id} onReviewed={() => client.invalidateQueries({ queryKey: productKeys.detail(id) })} />
      }
    />
  );
}
