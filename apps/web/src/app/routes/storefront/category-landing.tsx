/** The category landing pages (dresses, beauty, home decoration). */
import { useLocation } from 'react-router';
import { PageHead } from '@/components/seo.tsx';
import { CategoryLanding, type LandingConfig } from '@/features/catalog/components/category-landing.tsx';

/** A landing and its head: its intro as description, its banner for shared links (its title is the landing's own). */
function Landing(config: LandingConfig) {
  const { pathname } = useLocation();
  return (
    <>
      <PageHead
        name={config.label}
        description={config.intro}
        path={pathname}
        image={{ url: `/img/${config.image}-1280.webp`, alt: config.label }}
      />
      <CategoryLanding {...config} />
    </>
  );
}

export function DressesLanding() {
  return (
    <Landing
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
    <Landing
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
    <Landing
      label="Home Decoration"
      intro="Cushions, vases, wall art and candles with the warmth of home."
      image="banner-home"
      filters={{ category: 'Home' }}
      fallback={{}}
      to="/homedecor"
    />
  );
}
