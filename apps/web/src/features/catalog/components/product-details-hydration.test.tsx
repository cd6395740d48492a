/**
 * Hydrating a product page renders its body once (issue 32's total blocking time): what the
 * browser learns just after (the page's address, the shop's settings, the size and colour the
 * server's page ticked) re-renders only the links that show it. A second render of the whole
 * body was a task of about 120 ms on a phone's CPU right after hydration. The body's price is
 * counted (a module of its own, so a wrapper can count its renders).
 */
import type { ProductDetail } from '@shop/shared/catalog';
import { DEFAULT_STORE_SETTINGS } from '@shop/shared/content';
import { act, within } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { expect, it, vi } from 'vitest';
import { testQueryClient, withProviders } from '@/test/harness.tsx';
import { makeProduct, makeVariant } from '@/test/products.ts';
import { productKeys } from '@/lib/api/products.ts';
import { settingsKeys } from '@/lib/api/settings.ts';
import { ProductDetails } from './product-details.tsx';

const renders = vi.hoisted(() => ({ price: 0 }));
vi.mock('@/components/price.tsx', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/components/price.tsx')>();
  return {
    Price: (props: Parameters<typeof actual.Price>[0]) => {
      renders.price += 1;
      return actual.Price(props);
    },
  };
});

/** One size and one colour: the server's page ticks both. */
const wrap: ProductDetail = {
  ...makeProduct(1, { id: 'p1', title: 'Adire wrap', size: ['one size'], color: 'Indigo' }),
  variants: [makeVariant('one size', 4)],
};

it('renders the body once while hydrating, and then only the links that show the address and the settings', async () => {
  const client = testQueryClient();
  client.setQueryData(productKeys.detail('p1'), wrap);
  client.setQueryData(settingsKeys.all, { ...DEFAULT_STORE_SETTINGS, whatsappNumber: '+234 801 234 5678' });
  const page = () =>
    withProviders(<ProductDetails id="p1" />, { path: '/productdetails/:id', url: '/productdetails/p1', client }).ui;
  const container = document.createElement('div');
  container.innerHTML = renderToString(page());
  document.body.append(container);
  expect(within(container).getByRole('radio', { name: 'one size' })).toHaveProperty('checked', true);

  renders.price = 0;
  let root: Root | undefined;
  await act(async () => {
    root = hydrateRoot(container, page());
  });
  // The links have what the browser knows, and the price was rendered by the hydration alone.
  expect(within(container).getAllByRole('link', { name: /^Share on/ })).toHaveLength(3);
  expect(
    within(container)
      .getByRole('link', { name: /Ask on WhatsApp/ })
      .getAttribute('href'),
  ).toContain(encodeURIComponent(`${window.location.origin}/productdetails/p1`));
  expect(renders.price).toBe(1);
  act(() => root!.unmount());
  container.remove();
});
