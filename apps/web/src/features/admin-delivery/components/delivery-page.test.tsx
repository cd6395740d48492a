import { DELIVERY_STATES } from '@shop/shared/delivery';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Toaster } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, type RecordedRequest, renderWithProviders } from '@/test/harness.tsx';
import { DeliveryPage } from './delivery-page.tsx';

const M1 = '0b7f6d2e-1c1a-4c53-9a53-0f3c6b1f7a01';
const M2 = '0b7f6d2e-1c1a-4c53-9a53-0f3c6b1f7a02';
const M3 = '0b7f6d2e-1c1a-4c53-9a53-0f3c6b1f7a03';

const method = {
  /** What the shop pays the rider: in the back office's answers (GET /api/delivery/zones/all). */
  cost: 1500,
  freeOver: null,
  pickupAddress: '',
  pickupHours: '',
  payOnDelivery: false,
  enabled: true,
};
const zones = {
  states: [...DELIVERY_STATES],
  zones: [
    {
      id: 'z2',
      name: 'South West',
      states: ['Ogun', 'Oyo'],
      enabled: false,
      position: 1,
      methods: [{ ...method, id: M3, name: 'Standard', kind: 'free_over', fee: 3000, freeOver: 50000, etaDays: 3, position: 0 }],
    },
    {
      id: 'z1',
      name: 'Lagos',
      states: ['Lagos Island', 'Lagos Mainland'],
      enabled: true,
      position: 0,
      methods: [
        { ...method, id: M1, name: 'Express', kind: 'flat', fee: 2500, etaDays: 1, payOnDelivery: true, position: 0 },
        {
          ...method,
          id: M2,
          name: 'Store pickup',
          kind: 'pickup',
          fee: 0,
          pickupAddress: '12 Allen Avenue, Ikeja',
          pickupHours: 'Mon–Sat 9am–6pm',
          etaDays: 0,
          position: 1,
        },
      ],
    },
  ],
};

/** The zone form has 38 states and a field per method: filling it in takes a while on a busy machine. */
const FORM_TEST_MS = 20_000;

type Answer = ReturnType<Parameters<typeof mockFetch>[0]>;
function serve(write?: (request: RecordedRequest) => Answer) {
  return mockFetch((request) => {
    if (request.url.pathname === '/api/delivery/zones/all') return { body: zones };
    return write?.(request);
  });
}

function renderPage(url = '/delivery') {
  return renderWithProviders(
    <>
      <DeliveryPage />
      <Toaster />
    </>,
    { path: '/delivery', url },
  );
}

/** A method's fieldset, found by its legend (role queries are slow on a form this size). */
const methodGroup = (n: number) => screen.getByText(`Method ${n}`, { selector: 'legend' }).closest('fieldset')!;
const method1 = () => methodGroup(1);
const method2 = () => methodGroup(2);

beforeEach(() => {
  // The toaster asks whether motion should be reduced.
  vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Delivery zones', () => {
  it('lists the zones in order with their states and methods, and the states no zone covers', async () => {
    serve();
    renderPage();
    const headings = await screen.findAllByRole('heading', { level: 2 });
    expect(headings.map((h) => h.textContent)).toEqual(['Lagos', 'South West']);
    const lagos = screen.getByRole('list', { name: 'Methods of Lagos' });
    expect(within(lagos).getByText('Express')).toBeTruthy();
    expect(within(lagos).getByText('₦2,500.00')).toBeTruthy();
    expect(within(lagos).getByText('Arrives tomorrow')).toBeTruthy();
    expect(within(lagos).getByText('Pay on delivery')).toBeTruthy();
    expect(within(lagos).getByText('Pickup at 12 Allen Avenue, Ikeja · Mon–Sat 9am–6pm')).toBeTruthy();
    expect(within(lagos).getByText('Ready today')).toBeTruthy();
    const southWest = screen.getByRole('list', { name: 'Methods of South West' });
    expect(within(southWest).getByText('₦3,000.00, free over ₦50,000.00')).toBeTruthy();
    expect(within(southWest).getByText('Arrives in 3 working days')).toBeTruthy();
    expect(screen.getByText(/Lagos Island, Lagos Mainland/)).toBeTruthy();
    expect(screen.getByText('In no zone (34):')).toBeTruthy();
  });

  it('creates a zone: states taken by another zone are disabled, and the body is the zone with its methods in order', {
    timeout: FORM_TEST_MS,
  }, async () => {
    const api = serve(({ url, method: verb, body }) =>
      url.pathname === '/api/delivery/zones' && verb === 'POST'
        ? { status: 201, body: { id: 'z3', ...(body as object) } }
        : undefined,
    );
    renderPage();
    fireEvent.click(await screen.findByRole('link', { name: 'Add zone' }));
    expect(await screen.findByRole('heading', { name: 'Add zone' })).toBeTruthy();

    const mainland = screen.getByLabelText('Lagos Mainland') as HTMLInputElement;
    expect(mainland.disabled).toBe(true);
    expect(mainland.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(mainland.getAttribute('aria-describedby')!)!.textContent).toBe('In “Lagos”');
    expect((screen.getByLabelText('Ogun') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Kano') as HTMLInputElement).disabled).toBe(false);

    fireEvent.change(screen.getByLabelText('Zone name'), { target: { value: 'North' } });
    fireEvent.click(screen.getByLabelText('Kano'));
    fireEvent.click(screen.getByLabelText('Kaduna'));
    fireEvent.change(within(method1()).getByLabelText('Name'), { target: { value: 'Standard' } });
    fireEvent.change(within(method1()).getByLabelText('Kind'), { target: { value: 'free_over' } });
    fireEvent.change(within(method1()).getByLabelText('Fee below the threshold (₦)'), { target: { value: '4000' } });
    // What the rider costs the shop, beside the fee (issue 30).
    fireEvent.change(within(method1()).getByLabelText('Cost to the shop (₦)'), { target: { value: '3200.50' } });
    fireEvent.change(within(method1()).getByLabelText('Delivery time (working days)'), { target: { value: '5' } });

    fireEvent.click(screen.getByRole('button', { name: 'Add method' }));
    fireEvent.change(within(method2()).getByLabelText('Name'), { target: { value: 'Kano pickup' } });
    fireEvent.change(within(method2()).getByLabelText('Kind'), { target: { value: 'pickup' } });
    expect(within(method2()).queryByLabelText('Fee (₦)')).toBeNull();
    fireEvent.change(within(method2()).getByLabelText('Pickup address'), { target: { value: '4 Bello Road, Kano' } });
    fireEvent.change(within(method2()).getByLabelText('Opening hours'), { target: { value: 'Mon–Fri 9–5' } });
    fireEvent.change(within(method2()).getByLabelText('Delivery time (working days)'), { target: { value: '0' } });
    fireEvent.click(within(method2()).getByLabelText('Pay on delivery'));

    // The threshold is missing: the shared schema's message, and nothing is sent.
    fireEvent.click(screen.getByRole('button', { name: 'Create zone' }));
    expect(await screen.findByText('Say above which goods total delivery is free')).toBeTruthy();
    expect(api.requests.some((r) => r.method === 'POST')).toBe(false);

    fireEvent.change(within(method1()).getByLabelText('Free when goods total at least (₦)'), { target: { value: '60000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Move method 2 up' }));
    expect((within(method1()).getByLabelText('Name') as HTMLInputElement).value).toBe('Kano pickup');
    fireEvent.click(screen.getByRole('button', { name: 'Create zone' }));

    await waitFor(() => expect(api.last('/api/delivery/zones')?.method).toBe('POST'));
    expect(api.last('/api/delivery/zones')!.body).toEqual({
      name: 'North',
      enabled: true,
      position: 2,
      states: ['Kaduna', 'Kano'],
      methods: [
        {
          name: 'Kano pickup',
          kind: 'pickup',
          fee: 0,
          cost: 0,
          freeOver: null,
          pickupAddress: '4 Bello Road, Kano',
          pickupHours: 'Mon–Fri 9–5',
          etaDays: 0,
          payOnDelivery: true,
          enabled: true,
        },
        {
          name: 'Standard',
          kind: 'free_over',
          fee: 4000,
          cost: 3200.5,
          freeOver: 60000,
          pickupAddress: '',
          pickupHours: '',
          etaDays: 5,
          payOnDelivery: false,
          enabled: true,
        },
      ],
    });
    // Saved: back to the list.
    expect(await screen.findByRole('link', { name: 'Add zone' })).toBeTruthy();
    expect(await screen.findByText('Zone created')).toBeTruthy();
  });

  it('shows the server’s 409 (a state already in another zone) and its 400 field errors', { timeout: FORM_TEST_MS }, async () => {
    let answer: Answer = {
      status: 409,
      body: { msg: 'Lagos Mainland is already in the zone “Lagos Mainland”' },
    };
    const api = serve(({ url, method: verb }) =>
      url.pathname === '/api/delivery/zones' && verb === 'POST' ? answer : undefined,
    );
    renderPage('/delivery?zone=new');
    fireEvent.change(await screen.findByLabelText('Zone name'), { target: { value: 'Lagos again' } });
    fireEvent.click(screen.getByLabelText('Kano'));
    fireEvent.change(within(method1()).getByLabelText('Name'), { target: { value: 'Standard' } });
    fireEvent.change(within(method1()).getByLabelText('Fee (₦)'), { target: { value: '1500' } });
    fireEvent.change(within(method1()).getByLabelText('Delivery time (working days)'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create zone' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Lagos Mainland is already in the zone “Lagos Mainland”');
    // The form stays open with what was typed.
    expect((screen.getByLabelText('Zone name') as HTMLInputElement).value).toBe('Lagos again');

    answer = { status: 400, body: { msg: 'Fee is too large', errors: [{ path: 'methods.0.fee', message: 'Fee is too large' }] } };
    fireEvent.click(screen.getByRole('button', { name: 'Create zone' }));
    await waitFor(() => expect(within(method1()).getByLabelText('Fee (₦)').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByRole('alert').textContent).toBe('Fee is too large');
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(2);
  });

  it('edits a zone: its own states stay choosable, its methods keep their ids, a removed one is left out', {
    timeout: FORM_TEST_MS,
  }, async () => {
    const api = serve(({ url, method: verb, body }) =>
      url.pathname === '/api/delivery/zones/z1' && verb === 'PUT' ? { body: { id: 'z1', ...(body as object) } } : undefined,
    );
    renderPage();
    fireEvent.click(await screen.findByRole('link', { name: 'Edit Lagos' }));
    expect(await screen.findByRole('heading', { name: 'Edit zone “Lagos”' })).toBeTruthy();
    const mainland = screen.getByLabelText('Lagos Mainland') as HTMLInputElement;
    expect([mainland.checked, mainland.disabled]).toEqual([true, false]);
    expect((screen.getByLabelText('Oyo') as HTMLInputElement).disabled).toBe(true);
    expect((within(method2()).getByLabelText('Pickup address') as HTMLInputElement).value).toBe('12 Allen Avenue, Ikeja');

    fireEvent.click(screen.getByRole('button', { name: 'Remove method 2' }));
    fireEvent.change(within(method1()).getByLabelText('Fee (₦)'), { target: { value: '2000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save zone' }));
    await waitFor(() => expect(api.last('/api/delivery/zones/z1')?.method).toBe('PUT'));
    expect(api.last('/api/delivery/zones/z1')!.body).toEqual({
      name: 'Lagos',
      enabled: true,
      position: 0,
      states: ['Lagos Island', 'Lagos Mainland'],
      methods: [
        {
          id: M1,
          name: 'Express',
          kind: 'flat',
          fee: 2000,
          cost: 1500,
          freeOver: null,
          pickupAddress: '',
          pickupHours: '',
          etaDays: 1,
          payOnDelivery: true,
          enabled: true,
        },
      ],
    });
  });

  it('deletes a zone after a confirmation', async () => {
    const api = serve(({ url, method: verb }) =>
      url.pathname === '/api/delivery/zones/z2' && verb === 'DELETE' ? { body: { msg: 'Delivery zone deleted' } } : undefined,
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete South West' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('Delete the zone “South West” and its 1 methods?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.requests.some((r) => r.method === 'DELETE')).toBe(true));
    expect(await screen.findByText('Zone deleted')).toBeTruthy();
  });
});
