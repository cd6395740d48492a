import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Toaster } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '@/test/harness.tsx';
import { TaxonomyEditPage } from './taxonomy-edit-page.tsx';
import { TaxonomyTablePage } from './taxonomy-table-page.tsx';
import { signInStaff, signOutStaff } from '@/test/staff.ts';

// The Owner, who may use every button and field of these screens.
beforeEach(() => {
  signInStaff('owner');
});
afterEach(signOutStaff);

// The toast outlet asks for the reduced-motion preference, which jsdom does not have.
beforeEach(() => {
  vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Edit Category', () => {
  const category = { id: 'c1', name: 'Women', imageUrl: null, productCount: 4 };

  it('asks for a file before replacing the image, and says so when the upload fails', async () => {
    const api = mockFetch(({ url, method }) => {
      if (url.pathname === '/api/categories/c1' && method === 'GET') return { body: category };
      if (url.pathname === '/api/categories/c1' && method === 'PUT') return { status: 500, body: { msg: 'Disk full' } };
    });
    renderWithProviders(<TaxonomyEditPage kind="category" id="c1" />, { path: '/editcategory/:id', url: '/editcategory/c1' });
    fireEvent.click(await screen.findByRole('button', { name: 'Update Image' }));
    expect(screen.getByRole('alert').textContent).toBe('Please select an image to upload');
    expect(api.requests.filter((r) => r.method === 'PUT')).toHaveLength(0);

    const file = new File([new Uint8Array([137, 80, 78, 71])], 'a.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('New image'), { target: { files: [file] } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Image' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Failed to update image. Please try again.'));
    const put = api.requests.find((r) => r.method === 'PUT')!;
    expect(put.body).toBeInstanceOf(FormData);
    expect((put.body as FormData).get('imageUrl')).toBeInstanceOf(File);
  });

  it('renames with JSON and goes back to /categorytable', async () => {
    const api = mockFetch(({ url, method }) => {
      if (url.pathname === '/api/categories/c1' && method === 'GET') return { body: category };
      if (url.pathname === '/api/categories/c1' && method === 'PUT') return { body: { ...category, name: 'Womenswear' } };
    });
    const { router } = renderWithProviders(<TaxonomyEditPage kind="category" id="c1" />, {
      path: '/editcategory/:id',
      url: '/editcategory/c1',
    });
    const name = await screen.findByLabelText('Name');
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('Women'));
    fireEvent.change(name, { target: { value: 'Womenswear' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/categorytable'));
    expect(api.requests.find((r) => r.method === 'PUT')!.body).toEqual({ name: 'Womenswear' });
  });

  it('saves what the catalogue feeds say of its products on their own, staying on the page; the server’s refusal is shown', async () => {
    let refuse = true;
    const api = mockFetch(({ url, method }) => {
      if (url.pathname === '/api/categories/c1' && method === 'GET') {
        return { body: { ...category, gender: 'female', ageGroup: null, googleProductCategory: null } };
      }
      if (url.pathname === '/api/categories/c1' && method === 'PUT') {
        if (refuse) return { status: 400, body: { msg: 'Google product category must be one line of text' } };
        return { body: { ...category, gender: null, ageGroup: 'adult', googleProductCategory: '1604' } };
      }
    });
    const { router } = renderWithProviders(<TaxonomyEditPage kind="category" id="c1" />, {
      path: '/editcategory/:id',
      url: '/editcategory/c1',
    });
    const gender = (await screen.findByLabelText('Gender')) as HTMLSelectElement;
    expect(gender.value).toBe('female');
    expect((screen.getByLabelText('Age group') as HTMLSelectElement).value).toBe('');
    fireEvent.change(gender, { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Age group'), { target: { value: 'adult' } });
    fireEvent.change(screen.getByLabelText('Google product category'), { target: { value: ' 1604 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save feed details' }));
    expect(await screen.findByText('Google product category must be one line of text')).toBeTruthy();

    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Save feed details' }));
    await waitFor(() => expect(api.requests.filter((r) => r.method === 'PUT')).toHaveLength(2));
    expect(api.requests.filter((r) => r.method === 'PUT')[1]!.body).toEqual({
      gender: null,
      ageGroup: 'adult',
      googleProductCategory: '1604',
    });
    await waitFor(() => expect(screen.queryByText('Google product category must be one line of text')).toBeNull());
    expect(router.state.location.pathname).toBe('/editcategory/c1');
  });

  it('has no catalogue feed fields for a brand', async () => {
    mockFetch(({ url }) => {
      if (url.pathname === '/api/brands/b1') return { body: { id: 'b1', name: 'Lagos Loom', imageUrl: null, productCount: 0 } };
    });
    renderWithProviders(<TaxonomyEditPage kind="brand" id="b1" />, { path: '/editbrand/:id', url: '/editbrand/b1' });
    await screen.findByLabelText('Name');
    expect(screen.queryByLabelText('Gender')).toBeNull();
  });

  it('renames a brand on its own path and goes back to /brandtable; a failure shows the spec’s message', async () => {
    let fail = true;
    const api = mockFetch(({ url, method }) => {
      if (url.pathname === '/api/brands/b1' && method === 'GET') return { body: { id: 'b1', name: 'Zaron', productCount: 0 } };
      if (url.pathname === '/api/brands/b1' && method === 'PUT')
        return fail
          ? { status: 409, body: { msg: 'A brand with this name already exists' } }
          : { body: { id: 'b1', name: 'Zaron NG', productCount: 0 } };
    });
    const { router } = renderWithProviders(
      <>
        <TaxonomyEditPage kind="brand" id="b1" />
        <Toaster />
      </>,
      { path: '/editbrand/:id', url: '/editbrand/b1' },
    );
    const name = await screen.findByLabelText('Name');
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('Zaron'));
    fireEvent.change(name, { target: { value: 'Zaron NG' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Failed to update category. Please try again')).toBeTruthy();
    expect(screen.getByText('A brand with this name already exists')).toBeTruthy();

    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/brandtable'));
    expect(api.requests.filter((r) => r.method === 'PUT').every((r) => r.url.pathname === '/api/brands/b1')).toBe(true);
  });
});

/** A table's rows as the server would page them: 25 in all, `limit` from `offset`. */
const rows = (url: URL, make: (i: number) => Record<string, unknown>) => {
  const limit = Number(url.searchParams.get('limit') ?? 25);
  const offset = Number(url.searchParams.get('offset') ?? 0);
  return Array.from({ length: Math.max(0, Math.min(limit, 25 - offset)) }, (_, i) => make(offset + i + 1));
};
const params = (url: URL) => Object.fromEntries(url.searchParams);

describe('Taxonomy tables (server-driven)', () => {
  function serveBrands() {
    return mockFetch(({ url }) => {
      if (url.pathname === '/api/brands')
        return {
          body: rows(url, (i) => ({ id: `b${i}`, name: `Brand ${i}`, imageUrl: null, productCount: i % 3 })),
          headers: { 'X-Total-Count': '25' },
        };
    });
  }

  it('asks for the first page of 10, latest first, and pages with the offset and the page size', async () => {
    const api = serveBrands();
    renderWithProviders(<TaxonomyTablePage kind="brand" />);
    expect(await screen.findByText('Brand 1')).toBeTruthy();
    expect(params(api.last('/api/brands')!.url)).toEqual({ sort: 'latest', limit: '10', offset: '0' });
    expect(screen.getAllByRole('row')).toHaveLength(11);
    expect(screen.getByText('1–10 of 25')).toBeTruthy();
    expect((screen.getByLabelText('Sort') as HTMLSelectElement).value).toBe('latest');

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Brand 11')).toBeTruthy();
    expect(params(api.last('/api/brands')!.url)).toEqual({ sort: 'latest', limit: '10', offset: '10' });

    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('Brand 21')).toBeTruthy();
    expect(params(api.last('/api/brands')!.url)).toMatchObject({ offset: '20' });
    expect(screen.getByRole('button', { name: 'Next page' }).hasAttribute('disabled')).toBe(true);

    fireEvent.change(screen.getByLabelText('Rows per page'), { target: { value: '20' } });
    await waitFor(() => expect(params(api.last('/api/brands')!.url)).toEqual({ sort: 'latest', limit: '20', offset: '0' }));
    expect(await screen.findByText('1–20 of 25')).toBeTruthy();
  });

  it('sends the search (after the pause), the sort and the use filter, back on page 1', async () => {
    const api = serveBrands();
    const { router } = renderWithProviders(<TaxonomyTablePage kind="brand" />, { url: '/?page=2' });
    await screen.findByText('Brand 11');
    expect(params(api.last('/api/brands')!.url)).toMatchObject({ offset: '10' });

    fireEvent.change(screen.getByLabelText('Search brands'), { target: { value: 'zar' } });
    await waitFor(() =>
      expect(params(api.last('/api/brands')!.url)).toEqual({ search: 'zar', sort: 'latest', limit: '10', offset: '0' }),
    );

    fireEvent.change(screen.getByLabelText('Sort'), { target: { value: 'products' } });
    await waitFor(() => expect(params(api.last('/api/brands')!.url)).toMatchObject({ search: 'zar', sort: 'products' }));
    fireEvent.change(screen.getByLabelText('Sort'), { target: { value: 'name' } });
    await waitFor(() => expect(params(api.last('/api/brands')!.url)).toMatchObject({ sort: 'name' }));

    fireEvent.change(screen.getByLabelText('Usage'), { target: { value: 'unused' } });
    await waitFor(() =>
      expect(params(api.last('/api/brands')!.url)).toEqual({
        search: 'zar',
        sort: 'name',
        used: 'false',
        limit: '10',
        offset: '0',
      }),
    );
    // The table's state is in the URL (the default sort is left out).
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      search: 'zar',
      sort: 'name',
      filter: 'unused',
    });
  });

  it('reads its state from the URL', async () => {
    const api = serveBrands();
    renderWithProviders(<TaxonomyTablePage kind="brand" />, { url: '/?search=ank&sort=oldest&size=20&page=2&filter=used' });
    await screen.findByText('Brand 21');
    expect(params(api.last('/api/brands')!.url)).toEqual({
      search: 'ank',
      sort: 'oldest',
      used: 'true',
      limit: '20',
      offset: '20',
    });
  });

  it('filters sub-categories by category (or none) on the server; the parent names come from the full list', async () => {
    const api = mockFetch(({ url }) => {
      if (url.pathname === '/api/categories')
        return {
          body: [
            { id: 'c1', name: 'Women', productCount: 2 },
            { id: 'c2', name: 'Men', productCount: 0 },
          ],
        };
      if (url.pathname === '/api/subs')
        return {
          body: rows(url, (i) => ({ id: `s${i}`, name: `Sub ${i}`, categoryId: i % 2 ? 'c1' : null, productCount: 0 })),
          headers: { 'X-Total-Count': '25' },
        };
    });
    renderWithProviders(<TaxonomyTablePage kind="sub" />);
    expect(await screen.findByText('Sub 1')).toBeTruthy();
    expect(params(api.last('/api/subs')!.url)).toEqual({ sort: 'latest', limit: '10', offset: '0' });
    expect((await screen.findAllByRole('cell', { name: 'Women' })).length).toBe(5);
    // The parents' list is the complete one: no paging parameters.
    expect(params(api.last('/api/categories')!.url)).toEqual({});

    await screen.findByRole('option', { name: 'Men' });
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'c2' } });
    await waitFor(() =>
      expect(params(api.last('/api/subs')!.url)).toEqual({ categoryId: 'c2', sort: 'latest', limit: '10', offset: '0' }),
    );
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'none' } });
    await waitFor(() => expect(params(api.last('/api/subs')!.url)).toMatchObject({ categoryId: 'none' }));
  });

  it('filters sub-sub-categories by sub-category', async () => {
    const api = mockFetch(({ url }) => {
      if (url.pathname === '/api/subs') return { body: [{ id: 's1', name: 'Dresses', categoryId: null, productCount: 0 }] };
      if (url.pathname === '/api/subsubs')
        return { body: [{ id: 'x1', name: 'Maxi', subId: 's1', productCount: 0 }], headers: { 'X-Total-Count': '1' } };
    });
    renderWithProviders(<TaxonomyTablePage kind="subsub" />, { url: '/?filter=s1' });
    expect(await screen.findByRole('cell', { name: 'Dresses' })).toBeTruthy();
    expect(params(api.last('/api/subsubs')!.url)).toEqual({ subId: 's1', sort: 'latest', limit: '10', offset: '0' });
  });

  it('asks before deleting and shows the server’s reason when the delete is refused', async () => {
    const api = mockFetch(({ url, method }) => {
      if (url.pathname === '/api/subs')
        return { body: [{ id: 's1', name: 'Dresses', categoryId: 'c1', productCount: 2 }], headers: { 'X-Total-Count': '1' } };
      if (url.pathname === '/api/categories') return { body: [{ id: 'c1', name: 'Women', productCount: 2 }] };
      if (url.pathname === '/api/subs/s1' && method === 'DELETE')
        return { status: 409, body: { msg: '2 products use this sub-category' } };
    });
    renderWithProviders(
      <>
        <TaxonomyTablePage kind="sub" />
        <Toaster />
      </>,
    );
    expect(await screen.findByRole('cell', { name: 'Women' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Dresses' }));
    const dialog = screen.getByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.requests.some((r) => r.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Dresses' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('2 products use this sub-category')).toBeTruthy();
    expect(api.requests.find((r) => r.method === 'DELETE')!.url.pathname).toBe('/api/subs/s1');
  });
});

describe('Taxonomy tables by role', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('lists the brands to a member who may read the catalogue, with no Create, Edit or Delete', async () => {
    signInStaff('fulfilment');
    mockFetch(({ url }) =>
      url.pathname === '/api/brands'
        ? { body: [{ id: 'b1', name: 'Brand 1', imageUrl: null, productCount: 0 }], headers: { 'X-Total-Count': '1' } }
        : undefined,
    );
    renderWithProviders(<TaxonomyTablePage kind="brand" />);
    expect(await screen.findByText('Brand 1')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Create Brand' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit Brand 1' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Brand 1' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Delete' })).toBeNull();
  });
});
