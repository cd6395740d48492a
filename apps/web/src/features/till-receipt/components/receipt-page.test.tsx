import type { TillReceipt } from '@shop/shared/pos-drawers';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '@/test/harness.tsx';
import { ReceiptPage } from './receipt-page.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  document.head.querySelectorAll('meta').forEach((meta) => {
    meta.remove();
  });
});

const SALE = '6f1c2a3b-4d5e-4f60-8a71-92b3c4d5e6f7';
const RECEIPT: TillReceipt = {
  storeName: 'Adire Lagos',
  storeAddress: '12 Admiralty Way, Lekki',
  storePhone: '+234 801 234 5678',
  saleId: SALE,
  receiptNumber: 'T2-000184',
  createdAt: '2026-11-26T10:15:00.000Z',
  customerFirstName: 'Ngozi',
  cashierFirstName: 'Emeka',
  lines: [
    {
      title: 'Adire scarf',
      size: 'medium',
      color: 'Red',
      quantity: 2,
      listPrice: 1_250_000,
      unitPrice: 1_000_000,
      lineTotal: 2_000_000,
      returned: 0,
    },
  ],
  subtotal: 2_500_000,
  discount: 500_000,
  tillDiscount: 0,
  total: 2_000_000,
  tenders: [
    { type: 'cash', amount: 1_500_000, tendered: 2_000_000, change: 500_000, reference: null },
    { type: 'card', amount: 500_000, tendered: null, change: 0, reference: 'MONIE-991' },
  ],
  change: 500_000,
  refunded: 0,
};

function renderReceipt(url = `/r/${SALE}`, answer: { status?: number; body?: unknown } = { body: RECEIPT }) {
  const api = mockFetch(({ url: u }) => (u.pathname === `/api/pos/receipts/${SALE}` ? answer : undefined));
  const view = renderWithProviders(<ReceiptPage saleId={SALE} />, { path: '/r/:saleId', url });
  return { ...view, api };
}

describe('the public receipt', () => {
  it('shows the sale: store, number, date, lines, totals, each tender and the change, the customer by first name, and is noindex', async () => {
    renderReceipt();
    const receipt = await screen.findByRole('article', { name: 'Receipt T2-000184' });
    const text = receipt.textContent ?? '';
    for (const part of [
      'Adire Lagos',
      'T2-000184',
      'Customer: Ngozi',
      'Served by Emeka',
      'Adire scarf (MEDIUM / Red)',
      '2 × ₦10,000.00',
    ]) {
      expect(text).toContain(part);
    }
    const row = (label: string) => within(receipt).getByText(label).parentElement!.textContent;
    expect(row('Total')).toBe('Total₦20,000.00');
    expect(row('Discount')).toBe('Discount−₦5,000.00');
    expect(row('Cash')).toBe('Cash₦20,000.00');
    expect(row('Card (MONIE-991)')).toBe('Card (MONIE-991)₦5,000.00');
    expect(row('Change')).toBe('Change₦5,000.00');
    expect(within(receipt).getByRole('img', { name: 'Barcode T2-000184' })).toBeTruthy();
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toContain('noindex');
  });

  it('prints on 80 mm unless asked, and on 58 mm or A4 by the toggle or ?paper=', async () => {
    const { container } = renderReceipt(`/r/${SALE}?paper=58`);
    const receipt = await screen.findByRole('article', { name: 'Receipt T2-000184' });
    expect(receipt.dataset.paper).toBe('58');
    expect(container.querySelector('style')?.textContent).toContain('@page { size: 58mm auto; margin: 0; }');
    await userEvent.click(screen.getByRole('radio', { name: 'A4' }));
    expect(receipt.dataset.paper).toBe('a4');
    expect(container.querySelector('style')?.textContent).toContain('@page { size: A4;');
    await userEvent.click(screen.getByRole('radio', { name: '80 mm' }));
    expect(container.querySelector('style')?.textContent).toContain('@page { size: 80mm auto;');
  });

  it('shares its link, and sends it to a WhatsApp number typed locally', async () => {
    renderReceipt();
    await screen.findByRole('article', { name: 'Receipt T2-000184' });
    const link = `${window.location.origin}/r/${SALE}`;
    expect(screen.getByRole('link', { name: link })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Send to WhatsApp' })).toBeNull();
    await userEvent.type(screen.getByLabelText('WhatsApp number'), '0803 123 4567');
    const href = screen.getByRole('link', { name: 'Send to WhatsApp' }).getAttribute('href')!;
    expect(href.startsWith('https://wa.me/2348031234567?text=')).toBe(true);
    expect(decodeURIComponent(href)).toContain(`Your receipt T2-000184 from Adire Lagos: ${link}`);
  });

  it('says so when the link names no receipt', async () => {
    renderReceipt(undefined, { status: 404, body: { msg: 'Receipt not found' } });
    expect((await screen.findByRole('alert')).textContent).toContain('This receipt was not found');
  });
});
