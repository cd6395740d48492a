/**
 * The product page without JavaScript (issue 32, decision 0033), as the server renders it:
 * a GET form choosing the size and colour by `?variant=`, and "Add to Cart" as a POST form to
 * /cart/add that comes back to the page. With JavaScript the same button adds at once.
 */
import type { ProductDetail } from '@shop/shared/catalog';
import { DEFAULT_STORE_SETTINGS } from '@shop/shared/content';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders, testQueryClient, withProviders } from '@/test/harness.tsx';
import { makeProduct, makeVariant } from '@/test/products.ts';
import { productKeys } from '@/lib/api/products.ts';
import { settingsKeys } from '@/lib/api/settings.ts';
import { ShopActionsContext } from '@/lib/shop-actions.ts';
import { ProductDetails } from './product-details.tsx';

/** Small and medium in stock, large sold out. */
const wrap: ProductDetail = {
  ...makeProduct(1, { id: 'p1', title: 'Adire wrap', size: ['small', 'medium', 'large'], color: 'Indigo', counter: 5 }),
  variants: [makeVariant('small', 3), makeVariant('medium', 2), makeVariant('large', 0)],
};

/** The page as the server sends it, read as a browser without JavaScript reads it (<noscript> parsed as HTML). */
function serverPage(url: string): Document {
  const client = testQueryClient();
  client.setQueryData(productKeys.detail('p1'), wrap);
  client.setQueryData(settingsKeys.all, DEFAULT_STORE_SETTINGS);
  const { ui } = withProviders(<ProductDetails id="p1" />, { path: '/productdetails/:id', url, client });
  return new DOMParser().parseFromString(`<!doctype html><body>${renderToString(ui)}`, 'text/html');
}

const fields = (form: HTMLFormElement) => Object.fromEntries(new FormData(form));
const addForm = (doc: Document) => doc.querySelector<HTMLFormElement>('form[action="/cart/add"]')!;
const addButton = (doc: Document) =>
  [...addForm(doc).querySelectorAll('button')].find((b) => b.textContent === 'Add to Cart') as HTMLButtonElement;

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('ProductDetails without JavaScript: choose a size and colour with ?variant=', () => {
  it('offers every size and colour in a GET form to the page itself, with the chosen one selected', () => {
    const doc = serverPage('/productdetails/p1?variant=v-medium');
    const form = doc.querySelector('noscript form') as HTMLFormElement;
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe('/productdetails/p1');
    const select = form.querySelector('select') as HTMLSelectElement;
    expect(select.name).toBe('variant');
    expect([...select.options].map((o) => [o.value, o.text])).toEqual([
      ['', 'Choose one'],
      ['v-small', 'small / Indigo'],
      ['v-medium', 'medium / Indigo'],
      ['v-large', 'large / Indigo (sold out)'],
    ]);
    expect(select.value).toBe('v-medium');
    expect(fields(form)).toEqual({ variant: 'v-medium' });
    expect(form.querySelector('button')?.textContent).toBe('Choose');
    // The size buttons, which need the app, are not shown without it.
    expect(doc.getElementById('choose-size')?.parentElement?.className).toContain('noscript:hidden');
  });
});

describe('ProductDetails without JavaScript: Add to Cart posts to /cart/add', () => {
  it('sends the chosen variant, the quantity and this page to come back to', () => {
    const doc = serverPage('/productdetails/p1?variant=v-medium');
    const form = addForm(doc);
    expect(form.getAttribute('method')).toBe('post');
    expect(fields(form)).toEqual({ variantId: 'v-medium', back: '/productdetails/p1?variant=v-medium', quantity: '1' });
    expect(addButton(doc).type).toBe('submit');
    expect(addButton(doc).disabled).toBe(false);
    expect(addButton(doc).className).not.toContain('noscript:hidden');
  });

  it('cannot send a sold-out size', () => {
    const doc = serverPage('/productdetails/p1?variant=v-large');
    expect(fields(addForm(doc)).variantId).toBe('v-large');
    expect(addButton(doc).disabled).toBe(true);
  });

  it('asks for a size before anything can be sent, when none is chosen', () => {
    const doc = serverPage('/productdetails/p1');
    expect(fields(addForm(doc))).toEqual({ back: '/productdetails/p1', quantity: '1' });
    expect(addButton(doc).className).toContain('noscript:hidden');
    expect(addForm(doc).querySelector('noscript')?.textContent).toBe('Please choose a size');
  });
});

describe('ProductDetails with JavaScript: Add to Cart stays instant', () => {
  it('adds the chosen size to the cart in the page, without sending the form', async () => {
    vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
    mockFetch(({ url }) => {
      if (url.pathname === '/api/products/p1') return { body: wrap };
      if (url.pathname === '/api/products') return { body: [], headers: { 'x-total-count': '0' } };
    });
    const addToCart = vi.fn();
    renderWithProviders(
      <ShopActionsContext.Provider value={{ addToCart, checkout: vi.fn() }}>
        <ProductDetails id="p1" />
      </ShopActionsContext.Provider>,
      { path: '/productdetails/:id', url: '/productdetails/p1' },
    );
    await screen.findByRole('heading', { name: 'Adire wrap' });
    fireEvent.click(screen.getByRole('radio', { name: 'small' }));
    const submitted = fireEvent.submit(screen.getByRole('button', { name: 'Add to Cart' }).closest('form')!);
    expect(submitted).toBe(false); // default prevented: no page load
    expect(addToCart).toHaveBeenCalledWith(expect.objectContaining({ productId: 'p1', variantId: 'v-small' }), 1);
  });
});
