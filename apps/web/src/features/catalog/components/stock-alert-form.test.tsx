/**
 * "Tell me when size X is back" on the product page (issue 31): a sold-out size can be chosen,
 * and then offers the alert; a guest gives her e-mail, a signed-in shopper's is her account's;
 * the consent box starts unticked.
 */
import type { ProductDetail } from '@shop/shared/catalog';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MARKETING_CONSENT_LABEL } from '@/components/marketing-consent-box.tsx';
import { useSession } from '@/lib/session-store.ts';
import { mockFetch, renderWithProviders } from '@/test/harness.tsx';
import { makeProduct, makeVariant } from '@/test/products.ts';
import { ProductDetails } from './product-details.tsx';

const kaftan: ProductDetail = {
  ...makeProduct(1, { id: 'p1', title: 'Adire kaftan', size: ['12', '14'], color: 'Indigo', colors: ['Indigo'], counter: 3 }),
  variants: [makeVariant('12', 0), makeVariant('14', 3)],
};

let api: ReturnType<typeof mockFetch>;
beforeEach(() => {
  vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
  api = mockFetch(({ url, body }) => {
    if (url.pathname === '/api/products/p1') return { body: kaftan };
    if (url.pathname === '/api/products') return { body: [], headers: { 'x-total-count': '0' } };
    if (url.pathname === '/api/alerts/stock') {
      const asked = body as { variantId: string; email?: string };
      return {
        status: 201,
        body: { variantId: asked.variantId, email: asked.email ?? 'ada@example.com', createdAt: '2026-11-26T10:00:00Z' },
      };
    }
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  useSession.setState({ status: 'signed-out', user: null });
});

const open = async () => {
  renderWithProviders(<ProductDetails id="p1" />, { path: '/productdetails/:id', url: '/productdetails/p1' });
  await screen.findByRole('heading', { name: 'Adire kaftan' });
};

describe('the back-in-stock alert', () => {
  it('is offered for a sold-out size only, and asks a guest for her e-mail (box unticked)', async () => {
    await open();
    fireEvent.click(screen.getByRole('radio', { name: '14' }));
    expect(screen.queryByRole('form', { name: /Back-in-stock alert/ })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: /12/ }));
    expect(screen.getByTestId('availability').textContent).toBe('Out of Stock');
    expect(screen.getByRole('button', { name: 'Buy Now' }).hasAttribute('disabled')).toBe(true);
    const box = screen.getByRole('checkbox', { name: MARKETING_CONSENT_LABEL }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.change(screen.getByLabelText('Your e-mail'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Tell me when size 12 in Indigo is back' }));
    expect(await screen.findByText(/We will e-mail ada@example.com once when size 12 in Indigo is back/)).toBeTruthy();
    expect(api.last('/api/alerts/stock')?.body).toEqual({ variantId: 'v-12', email: 'ada@example.com' });
  });

  it("uses a signed-in shopper's account, and sends the box when ticked", async () => {
    localStorage.setItem('access_token', 'tok');
    useSession.setState({ status: 'signed-in', user: { email: 'ada@example.com' } as never });
    await open();
    fireEvent.click(screen.getByRole('radio', { name: /12/ }));
    expect(screen.queryByLabelText('Your e-mail')).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: MARKETING_CONSENT_LABEL }));
    fireEvent.click(screen.getByRole('button', { name: /Tell me when/ }));
    await screen.findByText(/We will e-mail ada@example.com/);
    expect(api.last('/api/alerts/stock')?.body).toEqual({ variantId: 'v-12', marketingConsent: true });
  });

  it("shows the server's refusal (20 alerts already)", async () => {
    api.spy.mockImplementation(async (input) => {
      const url = new URL(String(input instanceof Request ? input.url : input));
      if (url.pathname === '/api/products/p1') return new Response(JSON.stringify(kaftan), { status: 200 });
      if (url.pathname === '/api/alerts/stock') {
        return new Response(JSON.stringify({ msg: 'You are already waiting for 20 items' }), { status: 409 });
      }
      return new Response(JSON.stringify([]), { status: 200, headers: { 'x-total-count': '0' } });
    });
    await open();
    fireEvent.click(screen.getByRole('radio', { name: /12/ }));
    fireEvent.change(screen.getByLabelText('Your e-mail'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: /Tell me when/ }));
    expect((await screen.findByRole('alert')).textContent).toBe('You are already waiting for 20 items');
  });
});
