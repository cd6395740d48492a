import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '@/test/harness.tsx';
import { resetStaffTest, signInStaff } from '@/test/staff.ts';
import { makeProduct } from '@/test/products.ts';
import { LabelsPage } from './labels-page.tsx';

beforeEach(() => {
  signInStaff('cashier');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  resetStaffTest();
});

const variant = (id: string, sku: string, size: string, color: string, salePrice: number, barcode: string | null) => ({
  id,
  sku,
  size,
  color,
  price: salePrice,
  discount: 0,
  salePrice,
  priceOverride: null,
  discountOverride: null,
  counter: 3,
  stockVersion: 1,
  availability: 'In Stock',
  imageUrls: [],
  barcode,
});

const scarf = {
  ...makeProduct(1, { id: 'p1', title: 'Adire scarf' }),
  variants: [
    variant('v1', 'AS-M-RED', 'medium', 'Red', 12500, '5901234123457'),
    variant('v2', 'AS-L-RED', 'large', 'Red', 12500, null),
  ],
};
const vase = {
  ...makeProduct(2, { id: 'p2', title: 'Clay vase' }),
  variants: [variant('v3', 'CV-1', '', '', 8000, '036000291452')],
};

function renderLabels(url: string) {
  mockFetch(({ url: u }) => {
    if (u.pathname === '/api/products/p1') return { body: scarf };
    if (u.pathname === '/api/products/p2') return { body: vase };
    return undefined;
  });
  return renderWithProviders(<LabelsPage />, { path: '/labels', url });
}

const labels = () => screen.getAllByTestId('shelf-label');

describe('Shelf labels', () => {
  it('prints one label per variant with name, size and colour, price and its barcode (the SKU’s Code 128 when it has none)', async () => {
    renderLabels('/labels?products=p1,p2');
    await screen.findAllByTestId('shelf-label');
    expect(labels()).toHaveLength(3);
    const [first, second, third] = labels().map((label) => within(label));
    expect(first!.getByText('Adire scarf')).toBeTruthy();
    expect(first!.getByText('MEDIUM / Red')).toBeTruthy();
    expect(first!.getByText('₦12,500.00')).toBeTruthy();
    expect(first!.getByRole('img', { name: 'Barcode 5901234123457' }).querySelector('svg')).toBeTruthy();
    expect(second!.getByRole('img', { name: 'Barcode AS-L-RED' })).toBeTruthy();
    expect(third!.getByText('₦8,000.00')).toBeTruthy();
    expect(third!.getByRole('img', { name: 'Barcode 036000291452' })).toBeTruthy();
    expect(screen.getByText('3 labels on 1 page. Print at actual size (100%).')).toBeTruthy();
  });

  it('fills A4 sheets of 21 and of 65, or one label per page, with the page size for the printer', async () => {
    const { container } = renderLabels('/labels?products=p1,p2&copies=10');
    await screen.findAllByTestId('shelf-label');
    expect(labels()).toHaveLength(30);
    expect(screen.getAllByRole('region', { name: /^Label sheet/ })).toHaveLength(2);
    const firstSheet = screen.getByRole('region', { name: 'Label sheet 1' });
    expect(within(firstSheet).getAllByTestId('shelf-label')).toHaveLength(21);
    expect(firstSheet.style.gridTemplateColumns).toBe('repeat(3, 63.5mm)');
    expect(firstSheet.style.gridAutoRows).toBe('38.1mm');
    expect(container.querySelector('style')?.textContent).toContain('@page { size: A4; margin: 0; }');

    await userEvent.selectOptions(screen.getByLabelText('Sheet'), '65');
    expect(screen.getAllByRole('region', { name: /^Label sheet/ })).toHaveLength(1);
    expect(screen.getByRole('region', { name: 'Label sheet 1' }).style.gridTemplateColumns).toBe('repeat(5, 38.1mm)');

    await userEvent.selectOptions(screen.getByLabelText('Sheet'), 'single');
    expect(screen.getAllByRole('region', { name: /^Label sheet/ })).toHaveLength(30);
    expect(container.querySelector('style')?.textContent).toContain('@page { size: 63.5mm 38.1mm; margin: 0; }');
  });

  it('labels only the variants named, as many copies as asked', async () => {
    renderLabels('/labels?products=p1&variants=v2&copies=4&sheet=single');
    await screen.findAllByTestId('shelf-label');
    expect(labels()).toHaveLength(4);
    expect(screen.getAllByRole('img', { name: 'Barcode AS-L-RED' })).toHaveLength(4);
  });
});
