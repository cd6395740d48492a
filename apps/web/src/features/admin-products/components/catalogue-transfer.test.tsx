import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '@/components/admin/test-utils.tsx';
import { ImportCatalogue } from './catalogue-transfer.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('Import products from CSV', () => {
  it('checks the file first (a dry run), lists refused rows, and imports only once they are skipped', async () => {
    const api = mockFetch(({ url }) => {
      if (url.pathname === '/api/products/import') {
        return {
          body: {
            created: 2,
            updated: 1,
            unchanged: 5,
            errors: [{ row: 4, message: 'Stock must be a whole number' }],
            applied: false,
            dryRun: true,
          },
        };
      }
    });
    renderWithProviders(<ImportCatalogue onClose={() => {}} />);
    const importButton = screen.getByRole('button', { name: 'Import' });
    expect(importButton.hasAttribute('disabled')).toBe(true);

    const file = new File(['sku,title\n'], 'catalogue.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [file] } });
    fireEvent.click(screen.getByRole('button', { name: 'Check file' }));
    const report = await screen.findByTestId('import-report');
    expect(report.textContent).toContain('2 created (to be), 1 updated (to be), 5 unchanged, 1 refused.');
    expect(
      within(screen.getByRole('list', { name: 'Refused rows' })).getByText('Row 4: Stock must be a whole number'),
    ).toBeTruthy();
    expect(api.last('/api/products/import')!.url.searchParams.get('dryRun')).toBe('true');
    // Refused rows: nothing is imported until the admin chooses to skip them.
    expect(importButton.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByLabelText('Skip the refused rows'));
    await waitFor(() => expect(importButton.hasAttribute('disabled')).toBe(false));
  });
});
