/** The header's sections, in the spec's order. SALE is a plain link; the others open a mega-menu. */
export interface MenuSection {
  id: string;
  label: string;
  /** The section's listing page. */
  to: string;
  /** The category the section lists (its mega-menu shows that category's sub-categories). */
  category?: string;
  /** True: no mega-menu, the label is a link. */
  link?: boolean;
}

export const MENU_SECTIONS: readonly MenuSection[] = [
  { id: 'new', label: 'NEW IN', to: '/new' },
  { id: 'sale', label: 'SALE', to: '/sales', link: true },
  { id: 'women', label: 'WOMEN', to: '/women', category: 'Women' },
  { id: 'beauty', label: 'BEAUTY', to: '/beauty', category: 'Beauty' },
  { id: 'jewellery', label: 'JEWELLERY', to: '/jewellery', category: 'Jewellery' },
  { id: 'home', label: 'HOME', to: '/homedecor', category: 'Home' },
  { id: 'men', label: 'MEN', to: '/men', category: 'Men' },
  { id: 'brands', label: 'BRANDS', to: '/brand' },
];

/** The small-screen menu: the spec's links (JEWELLERY goes to its own listing). */
export const MOBILE_LINKS: readonly { label: string; to: string }[] = [
  { label: 'New In', to: '/new' },
  { label: 'Sale', to: '/sales' },
  { label: 'Women', to: '/women' },
  { label: 'Beauty', to: '/beauty' },
  { label: 'Jewellery', to: '/jewellery' },
  { label: 'Home Decor', to: '/homedecor' },
  { label: 'Men', to: '/men' },
  { label: 'Brands', to: '/brand' },
];
