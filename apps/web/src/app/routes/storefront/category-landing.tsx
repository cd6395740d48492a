/** The category landing pages (dresses, beauty, home decoration). */
import { CategoryLanding } from '@/features/catalog/components/category-landing.tsx';

export function DressesLanding() {
  return (
    <CategoryLanding
      label="Dresses"
      intro="Maxi, midi and everything in between, in adire, ankara and aso-oke."
      image="banner-dresses"
      filters={{ category: 'Women', sub: 'Dresses' }}
      fallback={{ category: 'Women' }}
      to="/women?sub=Dresses"
    />
  );
}

export function BeautyLanding() {
  return (
    <CategoryLanding
      label="Beauty"
      intro="Shea, black soap and botanical oils: skincare and make-up from Nigerian makers."
      image="banner-beauty"
      filters={{ category: 'Beauty' }}
      fallback={{}}
      to="/beauty"
    />
  );
}

export function HomeDecorLanding() {
  return (
    <CategoryLanding
      label="Home Decoration"
      intro="Cushions, vases, wall art and candles with the warmth of home."
      image="banner-home"
      filters={{ category: 'Home' }}
      fallback={{}}
      to="/homedecor"
    />
  );
}
