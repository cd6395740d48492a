import type { FacetsResponse } from '@shop/shared/search';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, type RecordedRequest, renderWithProviders, withProviders } from '@/test/harness.tsx';
import { makeProduct } from '@/test/products.ts';
import { type ListingConfig, ProductListing } from './product-listing.tsx';

const CATEGORIES = [
  { id: 'c1', name: 'Women', productCount: 3 },
  { id: 'c2', name: 'Men', productCount: 2 },
  { id: 'c3', name: 'Beauty', productCount: 1 },
];
const SUBS = [
  { id: 's1', name: 'Dresses', categoryId: 'c1', productCount: 2 },
  { id: 's2', name: 'Head Ties', categoryId: 'c1', productCount: 1 },
  { id: 's3', name: 'Kaftans', categoryId: 'c2', productCount: 2 },
];

/** The counts the API would answer for these filters: Zaron has two products, in medium and large. */
function facetsFor(query: URLSearchParams): FacetsResponse {
  const brand = query.get('brand');
  const sizes = query.get('size');
  return {
    total: brand ? 2 : 3,
    brands: [
      { id: 'b1', name: 'Zaron', count: sizes === 'large' ? 1 : 2 },
      { id: 'b2', name: 'Lagos Loom', count: sizes === 'large' ? 0 : 1 },
    ],
    sizes: [
      { value: 'medium', count: brand ? 2 : 3 },
      { value: 'large', count: 1 },
      { value: 'small', count: 0 },
    ],
    colors: [
      { value: 'Indigo', count: 3 },
      { value: 'Red', count: 0 },
    ],
    prices: [
      { min: null, max: 10_000, count: 0 },
      { min: 10_000, max: 25_000, count: brand ? 2 : 3 },
      { min: 25_000, max: 50_000, count: 0 },
      { min: 50_000, max: 100_000, count: 0 },
      { min: 100_000, max: null, count: 0 },
    ],
    onSale: 1,
  };
}

interface Answers {
  /** The products listed (none: an empty result). */
  products?: ReturnType<typeof makeProduct>[];
  showingResultsFor?: string;
}

function renderListing(config: ListingConfig, { path, url }: { path: string; url: string }, answers: Answers = {}) {
  const products = answers.products ?? [makeProduct(1), makeProduct(2), makeProduct(3)];
  const fetches = mockFetch(({ url: requested }) => {
    switch (requested.pathname) {
      case '/api/products':
        return {
          body: products,
          headers: {
            'x-total-count': String(products.length),
            ...(answers.showingResultsFor ? { 'x-showing-results-for': answers.showingResultsFor } : {}),
          },
        };
      case '/api/products/facets':
        return { body: facetsFor(requested.searchParams) };
      case '/api/categories':
        return { body: CATEGORIES };
      case '/api/subs':
        return { body: SUBS };
      default:
        return undefined;
    }
  });
  const view = renderWithProviders(<ProductListing {...config} />, { path, url });
  const facetRequests = () => fetches.requests.filter((r: RecordedRequest) => r.url.pathname === '/api/products/facets');
  return { ...view, fetches, facetRequests, user: userEvent.setup() };
}

const women: ListingConfig = { heading: 'Women', fixed: { category: 'Women' }, category: 'Women' };

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('facets on a listing', () => {
  it('shows the count of each value for the page’s filters, a value that would show nothing disabled', async () => {
    const { facetRequests } = renderListing(women, { path: '/women', url: '/women' });
    const filters = screen.getByRole('complementary', { name: 'Filters' });
    const brand = await within(filters).findByRole('radio', { name: 'Zaron (2)' });
    expect(brand).toBeTruthy();
    expect(within(filters).getByRole('radio', { name: 'All brands' })).toHaveProperty('checked', true);
    expect(within(filters).getByRole('checkbox', { name: 'medium (3)' })).toHaveProperty('disabled', false);
    expect(within(filters).getByRole('checkbox', { name: 'small (0)' })).toHaveProperty('disabled', true);
    expect(within(filters).getByRole('checkbox', { name: 'Red (0)' })).toHaveProperty('disabled', true);
    expect(within(filters).getByRole('radio', { name: '₦10,000.00 to ₦25,000.00 (3)' })).toBeTruthy();
    expect(within(filters).getByRole('radio', { name: 'Under ₦10,000.00 (0)' })).toHaveProperty('disabled', true);
    expect(within(filters).getByRole('checkbox', { name: 'On sale (1)' })).toBeTruthy();
    // The page's own category is part of the question.
    expect(facetRequests()[0]!.url.searchParams.get('category')).toBe('Women');
    expect(facetRequests()[0]!.url.searchParams.has('limit')).toBe(false);
  });

  it('a value clicked goes into the URL, and the next counts are asked for with it; values combine', async () => {
    const { router, facetRequests, user } = renderListing(women, { path: '/women', url: '/women?sort=price_asc' });
    await user.click(await screen.findByRole('radio', { name: 'Zaron (2)' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=price_asc&brand=Zaron'));
    await waitFor(() => expect(facetRequests().at(-1)!.url.searchParams.get('brand')).toBe('Zaron'));
    expect(facetRequests().at(-1)!.url.searchParams.has('sort')).toBe(false);

    await user.click(await screen.findByRole('checkbox', { name: 'medium (2)' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=price_asc&brand=Zaron&size=medium'));
    await user.click(screen.getByRole('checkbox', { name: /^large/ }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('size')).toBe('medium,large'));
    const last = facetRequests().at(-1)!.url.searchParams;
    expect([last.get('brand'), last.get('size'), last.get('category')]).toEqual(['Zaron', 'medium,large', 'Women']);

    await user.click(screen.getByRole('radio', { name: /^₦10,000.00 to ₦25,000.00/ }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('maxPrice')).toBe('24999.99'));
    expect(screen.getByRole('radio', { name: /^₦10,000.00 to ₦25,000.00/ })).toHaveProperty('checked', true);

    // Each chosen filter is a chip that removes it.
    await user.click(screen.getByRole('button', { name: 'Remove Size: medium' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('size')).toBe('large'));
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=price_asc'));
  });

  it('keeps a chosen value that the counts leave out, so it can be unticked', async () => {
    renderListing(women, { path: '/women', url: '/women?color=Green' });
    const green = await screen.findByRole('checkbox', { name: 'Green (0)' });
    expect(green).toHaveProperty('checked', true);
    expect(green).toHaveProperty('disabled', false);
  });

  it('offers no brand on a brand’s page, and no on-sale choice on the sale', async () => {
    renderListing(
      { heading: 'Zaron', fixed: { brand: 'Zaron' }, fixedBrand: true },
      { path: '/brand', url: '/brand?brand=Zaron' },
    );
    await screen.findByRole('checkbox', { name: /^medium \(/ });
    expect(screen.queryByRole('radio', { name: 'All brands' })).toBeNull();
    cleanup();
    renderListing({ heading: 'Sale', fixed: { onSale: 'true' } }, { path: '/sales', url: '/sales' });
    await screen.findByRole('checkbox', { name: /^medium \(/ });
    expect(screen.queryByRole('checkbox', { name: /On sale/ })).toBeNull();
  });
});

describe('a listing without JavaScript (issue 32)', () => {
  const form = () => screen.getByRole('combobox', { name: 'Sort by' }).closest('form')!;
  const sent = (f: HTMLFormElement) => [...new FormData(f)].filter(([, value]) => value !== '');

  it('has its filters and sort in one GET form to the page, named as the URL names them', async () => {
    renderListing(women, { path: '/women', url: '/women?sort=price_asc&size=medium&size=large&onSale=true' });
    await screen.findByRole('radio', { name: /^Zaron/ });
    expect(form().getAttribute('method')).toBe('get');
    expect(form().getAttribute('action')).toBe('/women');
    // Sizes sent one by one are read as the list "medium,large".
    expect(screen.getByRole('checkbox', { name: /^large/ })).toHaveProperty('checked', true);
    expect(sent(form())).toEqual([
      ['sort', 'price_asc'],
      ['size', 'medium'],
      ['size', 'large'],
      ['onSale', 'true'],
    ]);
    expect(screen.getByRole('combobox', { name: 'Category' }).getAttribute('name')).toBe('sub');
    expect(screen.getByRole('radio', { name: /^Zaron/ })).toMatchObject({ name: 'brand', value: 'Zaron' });
    expect(screen.getByRole('checkbox', { name: /^Indigo/ })).toMatchObject({ name: 'color', value: 'Indigo' });
    expect(screen.getByRole('spinbutton', { name: 'Minimum price in naira' }).getAttribute('name')).toBe('minPrice');
  });

  it('keeps the sub-sub-category a menu chose when the filters are sent', async () => {
    renderListing(women, { path: '/women', url: '/women?sub=Dresses&subsub=Maxi&sort=title' });
    await screen.findByRole('radio', { name: /^Zaron/ });
    expect(sent(form())).toEqual([
      ['subsub', 'Maxi'],
      ['sort', 'title'],
      ['sub', 'Dresses'],
    ]);
  });

  it('keeps the search’s words and a brand page’s brand when the filters are sent', async () => {
    renderListing({ heading: 'Search', search: true }, { path: '/search', url: '/search?title=ankara&sort=title' });
    await screen.findByText('3 products');
    expect(form().getAttribute('action')).toBe('/search');
    expect(sent(form())).toEqual([
      ['title', 'ankara'],
      ['sort', 'title'],
    ]);
    cleanup();
    renderListing(
      { heading: 'Zaron', fixed: { brand: 'Zaron' }, fixedBrand: true },
      { path: '/brand', url: '/brand?brand=Zaron' },
    );
    await screen.findByText('3 products');
    expect(sent(form())).toEqual([
      ['brand', 'Zaron'],
      ['sort', 'latest'],
    ]);
  });

  it('shows the filters and an "Apply filters" button on the server’s page, and a search box that sends title', () => {
    const { ui } = withProviders(<ProductListing heading="Search" search />, { path: '/search', url: '/search?title=ankara' });
    const doc = new DOMParser().parseFromString(`<!doctype html><body>${renderToString(ui)}`, 'text/html');
    const apply = [...doc.querySelectorAll('button')].find((b) => b.textContent === 'Apply filters')!;
    expect(apply.type).toBe('submit');
    expect(apply.form?.getAttribute('action')).toBe('/search');
    expect(
      doc.getElementById(apply.form!.querySelector('button[aria-controls]')!.getAttribute('aria-controls')!)?.className,
    ).toContain('noscript:block');
    const search = doc.querySelector<HTMLInputElement>('input[type="search"]')!;
    expect(search.form?.getAttribute('method')).toBe('get');
    expect(search.form?.getAttribute('action')).toBe('/search');
    expect([...new FormData(search.form!)]).toEqual([['title', 'ankara']]);
  });

  it('hides the chosen filters’ remove buttons, which need the app: the form unticks a value', async () => {
    renderListing(women, { path: '/women', url: '/women?size=medium' });
    expect((await screen.findByTestId('active-filters')).className).toContain('noscript:hidden');
  });
});

describe('a search the server answered with near matches', () => {
  it('says what it showed instead of the words typed', async () => {
    renderListing(
      { heading: 'Search', search: true },
      { path: '/search', url: '/search?title=ankra' },
      { products: [makeProduct(1, { title: 'Ankara Wrap' })], showingResultsFor: 'ankara' },
    );
    const note = await screen.findByTestId('showing-results-for');
    expect(note.textContent).toBe('No results for “ankra”. Showing results for “ankara”');
    expect(screen.getByRole('link', { name: /Ankara Wrap/ })).toBeTruthy();
  });

  it('reads the words from their header, percent-encoded', async () => {
    renderListing(
      { heading: 'Search', search: true },
      { path: '/search', url: '/search?title=asooke' },
      { products: [makeProduct(1, { title: 'Aso Oke Cap' })], showingResultsFor: 'aso%20oke' },
    );
    expect((await screen.findByTestId('showing-results-for')).textContent).toContain('Showing results for “aso oke”');
  });

  it('says nothing of the kind for exact matches', async () => {
    renderListing({ heading: 'Search', search: true }, { path: '/search', url: '/search?title=ankara' });
    await screen.findByText('3 products');
    expect(screen.queryByTestId('showing-results-for')).toBeNull();
  });
});

describe('an empty result', () => {
  it('lists the filters chosen, each removable, a button that clears them, other categories and what is new', async () => {
    const { router, user } = renderListing(
      women,
      { path: '/women', url: '/women?sub=Dresses&size=small&onSale=true' },
      { products: [] },
    );
    const empty = await screen.findByTestId('empty-results');
    expect(within(empty).getByRole('heading', { name: 'No products found' })).toBeTruthy();
    expect(
      within(empty)
        .getAllByRole('button', { name: /^Remove / })
        .map((b) => b.textContent),
    ).toEqual(['Category: Dresses', 'Size: small', 'On sale']);
    // Other sub-categories of the page's category.
    const related = within(empty).getByRole('navigation', { name: 'Related categories' });
    expect(await within(related).findByRole('link', { name: 'Head Ties' })).toHaveProperty(
      'href',
      expect.stringMatching(/\/women\?sub=Head\+Ties$/),
    );
    expect(within(related).queryByRole('link', { name: 'Kaftans' })).toBeNull();
    expect(within(empty).getByRole('link', { name: 'See what is new' }).getAttribute('href')).toBe('/new');
    // No chips above an empty grid: they are in the message.
    expect(screen.getAllByTestId('active-filters')).toHaveLength(1);

    await user.click(within(empty).getByRole('button', { name: 'Remove Size: small' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sub=Dresses&onSale=true'));
    await user.click(within(screen.getByTestId('empty-results')).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('with nothing to clear, suggests the top categories; a search says what found nothing', async () => {
    renderListing({ heading: 'Search', search: true }, { path: '/search', url: '/search?title=zzz' }, { products: [] });
    const empty = await screen.findByTestId('empty-results');
    expect(within(empty).getByRole('heading', { name: 'No results for “zzz”' })).toBeTruthy();
    expect(within(empty).queryByRole('button', { name: 'Clear filters' })).toBeNull();
    const related = within(empty).getByRole('navigation', { name: 'Related categories' });
    expect(
      within(related)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/women', '/men', '/beauty', '/homedecor', '/jewellery']);
  });
});
