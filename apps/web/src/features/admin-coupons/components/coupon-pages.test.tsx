import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Toaster } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, type RecordedRequest, renderWithProviders } from '@/test/harness.tsx';
import { CouponCreatePage, CouponEditPage } from './coupon-form-page.tsx';
import { CouponTablePage } from './coupon-table-page.tsx';

const WOMEN = '6a1d7c52-4f0e-4c1b-9d0e-2b5c1e7f0a01';
const MEN = '6a1d7c52-4f0e-4c1b-9d0e-2b5c1e7f0a02';
const SCARF = '7b2e8d63-5a1f-4d2c-8e1f-3c6d2f8a1b01';
const GOWN = '7b2e8d63-5a1f-4d2c-8e1f-3c6d2f8a1b02';

const coupon = {
  id: 'c1',
  code: 'TENOFF',
  type: 'percent',
  value: 10,
  minSubtotal: 20000,
  startsOn: '2024-06-01',
  endsOn: '2024-06-30',
  usageLimit: 100,
  perCustomerLimit: 1,
  productIds: [SCARF],
  categoryIds: [],
  active: true,
  uses: 3,
  reserved: 2,
  revenue: 150000,
  discountGiven: 15000,
  createdAt: '2024-05-20T10:00:00.000Z',
};
const coupons = [
  coupon,
  {
    ...coupon,
    id: 'c2',
    code: 'SHIPFREE',
    type: 'free_delivery',
    value: 0,
    minSubtotal: 0,
    startsOn: null,
    endsOn: null,
    usageLimit: null,
    perCustomerLimit: null,
    productIds: [],
    categoryIds: [WOMEN],
    active: false,
    uses: 0,
    reserved: 0,
    revenue: 0,
    discountGiven: 0,
  },
];

type Answer = ReturnType<Parameters<typeof mockFetch>[0]>;
function serve(write?: (request: RecordedRequest) => Answer) {
  return mockFetch((request) => {
    const { pathname, searchParams } = request.url;
    if (request.method === 'GET') {
      if (pathname === '/api/coupons') return { body: coupons };
      if (pathname === '/api/categories') {
        return {
          body: [
            { id: WOMEN, name: 'Women', productCount: 3 },
            { id: MEN, name: 'Men', productCount: 2 },
          ],
        };
      }
      if (pathname === '/api/products') {
        const items = [
          { id: SCARF, title: 'Adire scarf' },
          { id: GOWN, title: 'Kente gown' },
        ].filter((p) => p.title.toLowerCase().includes((searchParams.get('title') ?? '').toLowerCase()));
        return { body: items, headers: { 'X-Total-Count': String(items.length) } };
      }
      if (pathname === `/api/products/${SCARF}`) return { body: { id: SCARF, title: 'Adire scarf' } };
    }
    return write?.(request);
  });
}

beforeEach(() => {
  // The toaster asks whether motion should be reduced.
  vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const renderTable = () =>
  renderWithProviders(
    <>
      <CouponTablePage />
      <Toaster />
    </>,
    { path: '/coupons' },
  );

describe('Coupons table', () => {
  it('lists each code with what it gives, minimum spend, dates, uses, reservations, revenue and status', async () => {
    serve();
    renderTable();
    const row = (await screen.findByRole('link', { name: 'TENOFF' })).closest('tr')!;
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 8)).toEqual([
      'TENOFF',
      '10% offOnly 1 product',
      '₦20,000.00',
      '1 Jun 2024 – 30 Jun 2024',
      '3 / 1001 per customer',
      '2',
      '₦150,000.00₦15,000.00 off',
      expect.any(String),
    ]);
    const free = screen.getByRole('link', { name: 'SHIPFREE' }).closest('tr')!;
    expect(within(free).getByText('Free delivery')).toBeTruthy();
    expect(within(free).getByText('Only 1 category')).toBeTruthy();
    expect(within(free).getByText('Any time')).toBeTruthy();
    expect(within(free).getByText('0 / no limit')).toBeTruthy();
    expect(within(free).getByText('Off')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit TENOFF' }).getAttribute('href')).toBe('/coupons/c1');
  });

  it('deletes after a confirmation, and shows the server’s refusal for a code orders have used', async () => {
    const api = serve(({ url, method }) =>
      method === 'DELETE' && url.pathname === '/api/coupons/c1'
        ? { status: 409, body: { msg: 'Orders have used this code: switch it off instead of deleting it' } }
        : undefined,
    );
    renderTable();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete TENOFF' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Orders have used this code: switch it off instead of deleting it')).toBeTruthy();
    expect(api.requests.filter((r) => r.method === 'DELETE').map((r) => r.url.pathname)).toEqual(['/api/coupons/c1']);
  });
});

describe('Add coupon', () => {
  it('sends the coupon as the API takes it (code in capitals, empty limits as null, the chosen products and categories)', async () => {
    const api = serve(({ url, method, body }) =>
      method === 'POST' && url.pathname === '/api/coupons'
        ? { status: 201, body: { ...coupon, ...(body as object) } }
        : undefined,
    );
    const { router } = renderWithProviders(<CouponCreatePage />, { path: '/coupons/new' });
    fireEvent.change(await screen.findByLabelText('Code'), { target: { value: 'welcome10' } });
    expect(screen.getByLabelText('Percentage off (%)')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Amount off'));
    fireEvent.change(screen.getByLabelText('Amount off (₦)'), { target: { value: '2500' } });
    fireEvent.change(screen.getByLabelText('Minimum spend (₦)'), { target: { value: '20000' } });
    fireEvent.change(screen.getByLabelText('Starts on'), { target: { value: '2024-06-01' } });
    fireEvent.change(screen.getByLabelText('Ends on (last day)'), { target: { value: '2024-06-30' } });
    fireEvent.change(screen.getByLabelText('Total uses (optional)'), { target: { value: '100' } });
    fireEvent.click(await screen.findByLabelText('Men'));
    fireEvent.change(screen.getByLabelText('Search products to add'), { target: { value: 'scarf' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Adire scarf' }));
    expect(within(await screen.findByRole('list', { name: 'Chosen products' })).getByText('Adire scarf')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Adire scarf added' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Create coupon' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/coupons'));
    expect(api.last('/api/coupons')!.body).toEqual({
      code: 'WELCOME10',
      type: 'fixed',
      value: 2500,
      minSubtotal: 20000,
      startsOn: '2024-06-01',
      endsOn: '2024-06-30',
      usageLimit: 100,
      perCustomerLimit: null,
      productIds: [SCARF],
      categoryIds: [MEN],
      active: true,
    });
  });

  it('has no value for free delivery, checks the fields before sending, and shows the server’s 409', async () => {
    const api = serve(({ url, method }) =>
      method === 'POST' && url.pathname === '/api/coupons'
        ? { status: 409, body: { msg: 'The code WELCOME10 already exists' } }
        : undefined,
    );
    renderWithProviders(<CouponCreatePage />, { path: '/coupons/new' });
    fireEvent.change(await screen.findByLabelText('Code'), { target: { value: 'welcome10' } });
    fireEvent.change(screen.getByLabelText('Percentage off (%)'), { target: { value: '150' } });
    fireEvent.change(screen.getByLabelText('Starts on'), { target: { value: '2024-06-30' } });
    fireEvent.change(screen.getByLabelText('Ends on (last day)'), { target: { value: '2024-06-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create coupon' }));
    expect(await screen.findByText('A percentage is a whole number from 1 to 100')).toBeTruthy();
    expect(screen.getByText('The end date is before the start date')).toBeTruthy();
    expect(api.requests.some((r) => r.method === 'POST')).toBe(false);

    fireEvent.click(screen.getByLabelText('Free delivery'));
    expect(screen.queryByLabelText('Percentage off (%)')).toBeNull();
    expect(screen.queryByLabelText('Amount off (₦)')).toBeNull();
    fireEvent.change(screen.getByLabelText('Ends on (last day)'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create coupon' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The code WELCOME10 already exists');
    expect(api.last('/api/coupons')!.body).toMatchObject({ code: 'WELCOME10', type: 'free_delivery', value: 0, endsOn: null });
  });
});

describe('Edit coupon', () => {
  it('fills the form from the list and sends the whole coupon back', async () => {
    const api = serve(({ url, method, body }) =>
      method === 'PUT' && url.pathname === '/api/coupons/c1' ? { body: { ...coupon, ...(body as object) } } : undefined,
    );
    const { router } = renderWithProviders(<CouponEditPage id="c1" />, { path: '/coupons/:id', url: '/coupons/c1' });
    expect(await screen.findByRole('heading', { name: 'Edit Coupon TENOFF' })).toBeTruthy();
    expect((screen.getByLabelText('Percentage off (%)') as HTMLInputElement).value).toBe('10');
    expect((screen.getByLabelText('Uses per customer (optional)') as HTMLInputElement).value).toBe('1');
    const chosen = await screen.findByRole('list', { name: 'Chosen products' });
    fireEvent.click(await within(chosen).findByRole('button', { name: 'Remove Adire scarf' }));
    fireEvent.click(screen.getByLabelText('Active (shoppers can use it)'));
    fireEvent.click(screen.getByRole('button', { name: 'Save coupon' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/coupons'));
    expect(api.last('/api/coupons/c1')!.body).toEqual({
      code: 'TENOFF',
      type: 'percent',
      value: 10,
      minSubtotal: 20000,
      startsOn: '2024-06-01',
      endsOn: '2024-06-30',
      usageLimit: 100,
      perCustomerLimit: 1,
      productIds: [],
      categoryIds: [],
      active: false,
    });
  });

  it('says so when there is no such coupon', async () => {
    serve();
    renderWithProviders(<CouponEditPage id="gone" />, { path: '/coupons/:id', url: '/coupons/gone' });
    expect(await screen.findByText('This coupon does not exist.')).toBeTruthy();
  });
});
