import type { AuthUser } from '@shop/shared/auth';
import { REVIEW_BUY_FIRST } from '@shop/shared/reviews';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Toaster } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '@/test/harness.tsx';
import { useSession } from '@/lib/session-store.ts';
import { useSignInRequest } from '@/lib/sign-in-request.ts';
import { ProductReviews, REVIEW_SUBMITTED } from './product-reviews.tsx';

const shopper: AuthUser = {
  id: 'u1',
  fname: 'Ada',
  lname: 'Obi',
  email: 'ada@example.com',
  phone: '',
  address: '',
  city: 'Lagos',
  state: 'Lagos',
  country: 'Nigeria',
  role: 'shopper',
};

/** The shop's answers: no reviews yet, and `send` for a posted review. */
function renderReviews(send: () => { status?: number; body?: unknown }) {
  const api = mockFetch(({ url, method }) => {
    if (url.pathname === '/api/products/p1/reviews' && method === 'GET') return { body: [], headers: { 'x-total-count': '0' } };
    if (url.pathname === '/api/reviews/p1' && method === 'POST') return send();
  });
  const onReviewed = vi.fn();
  renderWithProviders(
    <>
      <ProductReviews productId="p1" onReviewed={onReviewed} />
      <Toaster />
    </>,
    { path: '/productdetails/:id', url: '/productdetails/p1' },
  );
  return { api, onReviewed };
}

const star = (n: number) => screen.getByRole('radio', { name: n === 1 ? '1 star' : `${n} stars` }) as HTMLInputElement;
const chosenStars = () => screen.getAllByRole('radio').filter((radio) => (radio as HTMLInputElement).checked);
const comment = () => screen.getByLabelText('Comment') as HTMLTextAreaElement;
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send Review' }));

// The toast outlet asks for the reduced-motion preference, which jsdom does not have.
beforeEach(() => {
  vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
  useSession.setState({ status: 'signed-in', user: shopper });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  useSession.setState({ status: 'signed-out', user: null });
  useSignInRequest.setState({ open: false, waiting: null });
});

describe('ProductReviews: the review form', () => {
  it('asks for a rating before sending anything', async () => {
    const { api } = renderReviews(() => ({ body: {} }));
    expect(await screen.findByText(/No reviews yet/)).toBeTruthy();
    expect(chosenStars()).toHaveLength(0);
    send();
    expect((await screen.findByRole('alert')).textContent).toBe('Please choose a rating from 1 to 5 stars.');
    expect(api.last('/api/reviews/p1')).toBeUndefined();
  });

  it('sends the stars clicked and the comment trimmed, then says so and returns to 0 stars and an empty comment', async () => {
    const { api, onReviewed } = renderReviews(() => ({ body: { id: 'r1', rating: 4 } }));
    fireEvent.click(star(2));
    fireEvent.click(star(4));
    expect(chosenStars()).toEqual([star(4)]);
    fireEvent.change(comment(), { target: { value: '  Fits well ' } });
    send();

    expect(await screen.findByText(REVIEW_SUBMITTED)).toBeTruthy();
    expect(api.last('/api/reviews/p1')!.body).toEqual({ rating: 4, comment: 'Fits well', productId: 'p1' });
    expect(onReviewed).toHaveBeenCalledTimes(1);
    expect(chosenStars()).toHaveLength(0);
    expect(comment().value).toBe('');
  });

  it('shows the server’s refusal and keeps what the shopper wrote', async () => {
    renderReviews(() => ({ status: 403, body: { msg: REVIEW_BUY_FIRST, message: REVIEW_BUY_FIRST } }));
    fireEvent.click(star(5));
    fireEvent.change(comment(), { target: { value: 'Looks great' } });
    send();

    await waitFor(() => expect(screen.getAllByText(REVIEW_BUY_FIRST).length).toBeGreaterThan(0));
    const form = screen.getByRole('button', { name: 'Send Review' }).closest('form')!;
    expect(within(form).getByRole('alert').textContent).toBe(REVIEW_BUY_FIRST);
    expect(chosenStars()).toEqual([star(5)]);
    expect(comment().value).toBe('Looks great');
  });

  it('asks a signed-out shopper to sign in first, and sends nothing when they do not', async () => {
    useSession.setState({ status: 'signed-out', user: null });
    const { api } = renderReviews(() => ({ body: {} }));
    fireEvent.click(star(3));
    send();
    await waitFor(() => expect(useSignInRequest.getState().open).toBe(true));
    useSignInRequest.getState().settle(false);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.last('/api/reviews/p1')).toBeUndefined();
    expect(chosenStars()).toEqual([star(3)]);
  });
});
