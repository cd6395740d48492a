import type { SuggestResponse } from '@shop/shared/search';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '@/test/harness.tsx';
import { Header } from './header.tsx';

const answer = (q: string, over: Partial<SuggestResponse> = {}): SuggestResponse => ({
  query: q,
  correctedQuery: null,
  products: [
    { id: 'p1', title: 'Ankara Wrap Dress', brand: 'Zaron', imageUrl: '/uploads/p1-320.webp', price: 9000, oldPrice: 12000 },
    { id: 'p2', title: 'Ankara Head Tie', brand: '', imageUrl: null, price: 4500, oldPrice: null },
  ],
  categories: [
    { id: 'c1', name: 'Women', kind: 'category', parent: '' },
    { id: 's1', name: 'Dresses', kind: 'sub', parent: 'Women' },
  ],
  brands: [{ id: 'b1', name: 'Ankara House' }],
  ...over,
});

let fetches: ReturnType<typeof mockFetch>;
const suggestRequests = () => fetches.requests.filter((r) => r.url.pathname === '/api/search/suggest');

beforeEach(() => {
  fetches = mockFetch(({ url }) => {
    if (url.pathname !== '/api/search/suggest') return undefined;
    const q = url.searchParams.get('q') ?? '';
    return { body: q === 'ankra' ? answer(q, { correctedQuery: 'ankara' }) : answer(q) };
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderHeader() {
  const view = renderWithProviders(
    <Header user={null} cartCount={0} onSignIn={() => {}} onSignOut={() => {}} renderPanel={() => null} />,
    // Every path: the header stays on screen when a suggestion navigates.
    { path: '*', url: '/' },
  );
  return { ...view, user: userEvent.setup() };
}

/** Opens the search from the header's button, by keyboard, and waits for its field. */
async function openSearch(user: ReturnType<typeof userEvent.setup>) {
  const button = screen.getByRole('link', { name: 'Search' });
  button.focus();
  await user.keyboard('{Enter}');
  const input = await screen.findByRole('combobox', { name: 'Search products' });
  await waitFor(() => expect(document.activeElement).toBe(input));
  return input as HTMLInputElement;
}

const activeOption = (input: HTMLElement) => {
  const id = input.getAttribute('aria-activedescendant');
  return id ? document.getElementById(id) : null;
};

describe('the header’s instant search', () => {
  it('opens from the header’s search button (a link to /search until then) and asks only after a pause in typing', async () => {
    const { user } = renderHeader();
    expect(screen.getByRole('link', { name: 'Search' }).getAttribute('href')).toBe('/search');
    const input = await openSearch(user);
    expect(input.getAttribute('aria-expanded')).toBe('false');

    await user.type(input, 'ank');
    expect(suggestRequests()).toHaveLength(0);
    await screen.findByRole('option', { name: /Ankara Wrap Dress/ });
    expect(suggestRequests()).toHaveLength(1);
    expect(suggestRequests()[0]!.url.searchParams.get('q')).toBe('ank');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(input.getAttribute('aria-controls')).toBe(screen.getByRole('listbox').id);
  });

  it('waits for a 300 ms pause in typing before asking', async () => {
    const { user } = renderHeader();
    const input = await openSearch(user);
    vi.useFakeTimers();
    try {
      for (const key of 'anka') {
        fireEvent.change(input, { target: { value: input.value + key } });
        await act(() => vi.advanceTimersByTimeAsync(250));
      }
      expect(suggestRequests()).toHaveLength(0);
      await act(() => vi.advanceTimersByTimeAsync(60));
      expect(suggestRequests().map((r) => r.url.searchParams.get('q'))).toEqual(['anka']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows products with photo, brand and price (the old price struck), categories, brands and “See all results”', async () => {
    const { user } = renderHeader();
    const input = await openSearch(user);
    await user.type(input, 'ankara');
    const listbox = await screen.findByRole('listbox', { name: 'Suggestions' });
    await within(listbox).findByRole('option', { name: /Ankara Wrap Dress/ });

    const products = within(listbox).getByRole('group', { name: 'Products' });
    const dress = within(products).getByRole('option', { name: /Ankara Wrap Dress/ });
    expect(dress.textContent).toContain('Zaron');
    expect(dress.textContent).toContain('₦9,000.00');
    expect(dress.querySelector('s')?.textContent).toContain('₦12,000.00');
    expect(dress.querySelector('img')?.getAttribute('src')).toBe('/uploads/p1-320.webp');
    expect(within(listbox).getByRole('group', { name: 'Categories' }).textContent).toContain('Dresses');
    expect(within(listbox).getByRole('group', { name: 'Brands' }).textContent).toContain('Ankara House');
    expect(within(listbox).getByRole('option', { name: 'See all results for “ankara”' })).toBeTruthy();
    expect(within(listbox).getAllByRole('option')).toHaveLength(6);
  });

  it('moves through the options with the arrow keys (aria-activedescendant), wrapping around', async () => {
    const { user } = renderHeader();
    const input = await openSearch(user);
    await user.type(input, 'ankara');
    await screen.findByRole('option', { name: /Ankara Wrap Dress/ });
    expect(input.getAttribute('aria-activedescendant')).toBeNull();

    await user.keyboard('{ArrowDown}');
    expect(activeOption(input)?.textContent).toContain('Ankara Wrap Dress');
    expect(activeOption(input)?.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(activeOption(input)?.textContent).toContain('Women');
    await user.keyboard('{ArrowUp}');
    expect(activeOption(input)?.textContent).toContain('Ankara Head Tie');
    expect(screen.getAllByRole('option', { selected: true })).toHaveLength(1);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(activeOption(input)?.textContent).toBe('See all results for “ankara”');
    expect(document.activeElement).toBe(input);
  });

  it('Enter on a product opens its page, and closes the search', async () => {
    const { user, router } = renderHeader();
    const input = await openSearch(user);
    await user.type(input, 'ankara');
    await screen.findByRole('option', { name: /Ankara Wrap Dress/ });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(router.state.location.pathname).toBe('/productdetails/p1');
    await waitFor(() => expect(screen.queryByRole('combobox')).toBeNull());
  });

  it('Enter with no option chosen opens the search page for the text; a category or brand opens its listing', async () => {
    const { user, router } = renderHeader();
    let input = await openSearch(user);
    await user.type(input, 'ankara{Enter}');
    expect(router.state.location.pathname).toBe('/search');
    expect(router.state.location.search).toBe('?title=ankara');

    input = await openSearch(user);
    await user.type(input, 'ankara');
    await user.click(await screen.findByRole('option', { name: /Dresses/ }));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/women?sub=Dresses');

    input = await openSearch(user);
    await user.type(input, 'ankara');
    await screen.findByRole('option', { name: /Ankara House/ });
    await user.keyboard('{ArrowUp}{ArrowUp}{Enter}');
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/brand?brand=Ankara+House');
  });

  it('Escape closes the list and keeps the text, a second clears it, a third closes the search', async () => {
    const { user } = renderHeader();
    const input = await openSearch(user);
    await user.type(input, 'ankara');
    await screen.findByRole('option', { name: /Ankara Wrap Dress/ });
    await user.keyboard('{ArrowDown}{Escape}');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.getAttribute('aria-activedescendant')).toBeNull();
    expect(input.value).toBe('ankara');
    expect(screen.getByRole('listbox', { hidden: true }).closest('[hidden]')).not.toBeNull();

    // The list comes back with the arrow key.
    await user.keyboard('{ArrowDown}');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{Escape}{Escape}');
    expect(input.value).toBe('');
    expect(screen.getByRole('combobox')).toBe(input);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('combobox')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Search' }));
  });

  it('closes when the focus leaves it', async () => {
    const { user } = renderHeader();
    const input = await openSearch(user);
    await user.type(input, 'ankara');
    await screen.findByRole('option', { name: /Ankara Wrap Dress/ });
    act(() => screen.getByRole('link', { name: 'Sign in' }).focus());
    await waitFor(() => expect(screen.queryByRole('combobox')).toBeNull());
  });

  it('says what it searched for when the words typed found nothing as typed', async () => {
    const { user } = renderHeader();
    const input = await openSearch(user);
    await user.type(input, 'ankra');
    expect(await screen.findByText('“ankara”')).toBeTruthy();
    expect(screen.getByTestId('corrected-query').textContent).toBe('Showing results for “ankara”');
    expect(screen.getByRole('status').textContent).toContain('Showing results for ankara');
  });

  it('keeps the previous suggestions on screen while the next load, and clicks on them keep the focus in the field', async () => {
    const { user } = renderHeader();
    const input = await openSearch(user);
    await user.type(input, 'ank');
    await screen.findByRole('option', { name: /Ankara Wrap Dress/ });
    await user.type(input, 'a');
    expect(screen.getByRole('option', { name: /Ankara Wrap Dress/ })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'See all results for “anka”' })).toBeTruthy();
    // A press on the panel outside the field is not a blur.
    const notPrevented = fireEvent.mouseDown(screen.getByRole('listbox'));
    expect(notPrevented).toBe(false);
  });
});
