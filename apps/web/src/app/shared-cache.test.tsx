/**
 * The storefront and the back office share one query cache in the browser (one app). A
 * rename in the back office must show in the shop's menus at once, without a reload: both
 * read the same keys (lib/api). Two key factories once made the shop keep an old name.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '@/test/harness.tsx';
import { TaxonomyEditPage } from '@/features/admin-taxonomy/components/taxonomy-edit-page.tsx';
import MegaMenuPanel from '@/features/catalog/components/mega-menu-panel.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

it('shows a category renamed in the back office in the storefront’s menu without a reload', async () => {
  let name = 'Women';
  const category = () => ({ id: 'c1', name, imageUrl: null, productCount: 3 });
  mockFetch(({ url, method, body }) => {
    if (url.pathname === '/api/categories')
      return { body: [category(), { id: 'c2', name: 'Men', imageUrl: null, productCount: 1 }] };
    if (url.pathname === '/api/subs' || url.pathname === '/api/brands') return { body: [] };
    if (url.pathname === '/api/categories/c1' && method === 'GET') return { body: category() };
    if (url.pathname === '/api/categories/c1' && method === 'PUT') {
      name = (body as { name: string }).name;
      return { body: category() };
    }
  });
  renderWithProviders(
    <>
      {/* NEW IN lists every category. */}
      <nav aria-label="Shop menu">
        <MegaMenuPanel section={{ id: 'new', label: 'NEW IN', to: '/new' }} onNavigate={() => {}} />
      </nav>
      <TaxonomyEditPage kind="category" id="c1" />
    </>,
    { path: '/editcategory/:id', url: '/editcategory/c1' },
  );
  const menu = screen.getByRole('navigation', { name: 'Shop menu' });
  expect(await within(menu).findByRole('link', { name: 'Women' })).toBeTruthy();

  const input = (await screen.findByLabelText('Name')) as HTMLInputElement;
  await waitFor(() => expect(input.value).toBe('Women'));
  fireEvent.change(input, { target: { value: 'Womenswear' } });
  fireEvent.click(screen.getByRole('button', { name: 'Update' }));

  expect(await within(menu).findByRole('link', { name: 'Womenswear' })).toBeTruthy();
  expect(within(menu).queryByRole('link', { name: 'Women' })).toBeNull();
});
