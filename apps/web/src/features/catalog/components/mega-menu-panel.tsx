import { Link } from 'react-router';
import { taxonomyListOptions } from '@/lib/api/taxonomy.ts';
import { useQuery } from '@tanstack/react-query';

/** How many brands a panel lists. */
export const MEGA_MENU_BRANDS = 18;

export interface MegaMenuSection {
  id: string;
  label: string;
  to: string;
  category?: string;
}

interface MegaMenuPanelProps {
  section: MegaMenuSection;
  onNavigate(): void;
}

function listingHref(to: string, param: string, value: string): string {
  return `${to}?${new URLSearchParams({ [param]: value })}`;
}

/**
 * One section's mega-menu: its categories (the sub-categories of the section's category,
 * or every category for NEW IN) and about 18 brands, each a link to the filtered listing.
 */
export default function MegaMenuPanel({ section, onNavigate }: MegaMenuPanelProps) {
  const categories = useQuery(taxonomyListOptions('category'));
  const subs = useQuery(taxonomyListOptions('sub'));
  const brands = useQuery(taxonomyListOptions('brand'));
  const category = section.category
    ? categories.data?.find((c) => c.name.toLowerCase() === section.category?.toLowerCase())
    : undefined;

  let groups: { heading: string; param: string; names: string[] } | undefined;
  if (section.category) {
    const names = (subs.data ?? []).filter((s) => category && s.categoryId === category.id).map((s) => s.name);
    groups = { heading: 'Categories', param: 'sub', names };
  } else if (section.id === 'new') {
    groups = { heading: 'Categories', param: 'category', names: (categories.data ?? []).map((c) => c.name) };
  }
  const brandNames = [...(brands.data ?? [])]
    .sort((a, b) => b.productCount - a.productCount || a.name.localeCompare(b.name))
    .slice(0, MEGA_MENU_BRANDS)
    .map((b) => b.name)
    .sort((a, b) => a.localeCompare(b));
  const brandTo = section.id === 'brands' ? '/brand' : section.to;
  const loading = categories.isPending || subs.isPending || brands.isPending;

  const linkClass = 'block py-1 text-sm text-ink/80 hover:text-ink hover:underline';
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-4 gap-10 px-6 py-8" data-testid="mega-menu" data-section={section.id}>
      <div>
        <p className="font-display text-3xl">{section.label.charAt(0) + section.label.slice(1).toLowerCase()}</p>
        <Link to={section.to} onClick={onNavigate} className="mt-4 inline-block text-sm font-medium underline underline-offset-4">
          Shop all {section.label.toLowerCase()}
        </Link>
      </div>
      {groups && (
        <div>
          <h2 className="mb-3 text-xs font-semibold tracking-[0.2em] text-muted uppercase">{groups.heading}</h2>
          {loading ? (
            <Skeleton />
          ) : (
            <ul>
              {groups.names.map((name) => (
                <li key={name}>
                  <Link to={listingHref(section.to, groups.param, name)} onClick={onNavigate} className={linkClass}>
                    {name}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <div className={groups ? 'col-span-2' : 'col-span-3'}>
        <h2 className="mb-3 text-xs font-semibold tracking-[0.2em] text-muted uppercase">Brands</h2>
        {loading ? (
          <Skeleton />
        ) : (
          <ul className="columns-2 gap-8 lg:columns-3">
            {brandNames.map((name) => (
              <li key={name}>
                <Link to={listingHref(brandTo, 'brand', name)} onClick={onNavigate} className={linkClass}>
                  {name}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function Skeleton() {
  return (
    <div className="space-y-2" aria-hidden>
      {[0, 1, 2, 3, 4].map((i) => (
        <div key={i} className="h-4 w-32 animate-pulse rounded bg-cream" />
      ))}
    </div>
  );
}
