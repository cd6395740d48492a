import { useQuery } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { orderHistoryOptions } from '@/lib/api/history.ts';
import { mockFetch, renderWithProviders } from '@/test/harness.tsx';
import { HistoryCard } from './history-card.tsx';

function OrderHistory() {
  return <HistoryCard history={useQuery(orderHistoryOptions('o1'))} />;
}

const entry = (id: string, change: string, createdAt: string) => ({
  id,
  action: 'order.payment_recorded',
  actorId: 'u1',
  actorName: 'Ada Obi',
  actorRole: 'Cashier',
  change,
  sentence: 'as the API words it',
  createdAt,
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('HistoryCard', () => {
  it("lists an order's history oldest first, each entry in a sentence with who, their role and when", async () => {
    const fetch = mockFetch(({ url }) =>
      url.pathname === '/api/orders/o1/history'
        ? {
            body: [
              entry('a1', 'recorded ₦25,000 by transfer', '2024-05-01T13:02:00.000Z'),
              entry('a2', 'marked the order sent', '2024-05-02T08:30:00.000Z'),
            ],
          }
        : undefined,
    );
    renderWithProviders(<OrderHistory />);
    const items = await screen.findAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Ada Obi (Cashier) recorded ₦25,000 by transfer, 1 May 2024, 14:02',
      'Ada Obi (Cashier) marked the order sent, 2 May 2024, 09:30',
    ]);
    expect(fetch.requests.map((r) => r.url.pathname)).toEqual(['/api/orders/o1/history']);
  });

  it('says when nothing was recorded, and when the history cannot be read', async () => {
    mockFetch(() => ({ body: [] }));
    renderWithProviders(<OrderHistory />);
    expect(await screen.findByText('No changes recorded yet.')).toBeTruthy();
    cleanup();
    vi.restoreAllMocks();
    mockFetch(() => ({ status: 403, body: { msg: "You don't have permission to read orders", permission: 'orders.read' } }));
    renderWithProviders(<OrderHistory />);
    expect(await screen.findByText('The history could not be loaded.')).toBeTruthy();
  });
});
