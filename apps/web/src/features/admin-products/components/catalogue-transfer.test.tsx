import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '@/test/harness.tsx';
import * as files from '@/lib/files.ts';
import { notify } from '@/lib/notify.tsx';
import { ImportCatalogue } from './catalogue-transfer.tsx';

// The upload goes through XMLHttpRequest (fetch cannot tell an upload's progress): here it is
// the page's fetch, all sent at once, unless a test puts the real one back.
vi.mock('@/lib/files.ts', async (importActual) => {
  const actual = await importActual<typeof files>();
  return {
    ...actual,
    uploadWithProgress: vi.fn((onProgress: (fraction: number) => void): typeof fetch => (input, init) => {
      onProgress(1);
      return fetch(input, init);
    }),
  };
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const report = { created: 2, updated: 1, unchanged: 5, errors: [], conflicts: [], applied: false, dryRun: true };

/** An answer the test writes line by line, as the server streams the import's progress. */
function streamedAnswer() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { headers: { 'content-type': 'application/x-ndjson; charset=utf-8' } }),
    /** Writes lines (a line may be split across two writes, as on the network). */
    write: (text: string) => act(async () => controller.enqueue(encoder.encode(text))),
    end: () => act(async () => controller.close()),
  };
}

function chooseFile() {
  const file = new File(['sku,stock\nA,1\n'], 'catalogue.csv', { type: 'text/csv' });
  fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [file] } });
}

describe('Import products from CSV', () => {
  it('checks the file first (a dry run), lists refused rows, and imports only once they are skipped', async () => {
    const api = mockFetch(({ url }) => {
      if (url.pathname === '/api/products/import') {
        return { body: { ...report, errors: [{ row: 4, message: 'Stock must be a whole number' }] } };
      }
    });
    renderWithProviders(<ImportCatalogue onClose={() => {}} />);
    const importButton = screen.getByRole('button', { name: 'Import' });
    expect(importButton.hasAttribute('disabled')).toBe(true);

    chooseFile();
    fireEvent.click(screen.getByRole('button', { name: 'Check file' }));
    const shown = await screen.findByTestId('import-report');
    expect(shown.textContent).toContain('2 created (to be), 1 updated (to be), 5 unchanged, 1 refused.');
    expect(
      within(screen.getByRole('list', { name: 'Refused rows' })).getByText('Row 4: Stock must be a whole number'),
    ).toBeTruthy();
    expect(api.last('/api/products/import')!.url.searchParams.get('dryRun')).toBe('true');
    // Refused rows: nothing is imported until the admin chooses to skip them.
    expect(importButton.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByLabelText('Skip the refused rows'));
    await waitFor(() => expect(importButton.hasAttribute('disabled')).toBe(false));
  });

  it('lists the rows whose stock changed since the export as stock conflicts, which do not stop the import', async () => {
    const success = vi.spyOn(notify, 'success').mockImplementation(() => {});
    const conflicts = [
      {
        row: 3,
        sku: 'AM-S',
        message:
          'The stock changed after this file was exported (it is now 2): 3 was not applied. Export again, or put the count in set_stock',
      },
    ];
    const api = mockFetch(({ url }) => {
      if (url.pathname !== '/api/products/import') return;
      const dryRun = url.searchParams.get('dryRun') === 'true';
      return { body: { ...report, conflicts, applied: !dryRun, dryRun } };
    });
    renderWithProviders(<ImportCatalogue onClose={() => {}} />);
    // The screen says how stock is imported, and how to set it anyway.
    expect(screen.getByText('stock_version')).toBeTruthy();
    expect(screen.getByText('set_stock')).toBeTruthy();
    chooseFile();
    fireEvent.click(screen.getByRole('button', { name: 'Check file' }));
    const shown = await screen.findByTestId('import-report');
    expect(shown.textContent).toContain('2 created (to be), 1 updated (to be), 5 unchanged, 1 stock conflict.');
    const listed = within(screen.getByRole('list', { name: 'Stock conflicts' })).getAllByRole('listitem');
    expect(listed.map((item) => item.textContent)).toEqual([`Row 3 (AM-S): ${conflicts[0]!.message}`]);

    const importButton = screen.getByRole('button', { name: 'Import' });
    expect(importButton.hasAttribute('disabled')).toBe(false);
    fireEvent.click(importButton);
    await waitFor(() => expect(success).toHaveBeenCalledWith('Catalogue imported: 2 created, 1 updated, 1 stock conflict'));
    expect(api.last('/api/products/import')!.url.searchParams.get('dryRun')).toBeNull();
    expect(screen.getByRole('list', { name: 'Stock conflicts' })).toBeTruthy();
  });

  it('imports on confirmation, showing the rows imported so far on a progress bar, then the report', async () => {
    const success = vi.spyOn(notify, 'success').mockImplementation(() => {});
    const answer = streamedAnswer();
    const requests: { url: URL; headers: Record<string, string> }[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = new URL(String(input));
      requests.push({ url, headers: init?.headers as Record<string, string> });
      if (url.searchParams.get('dryRun') === 'true') {
        return new Response(JSON.stringify(report), { headers: { 'content-type': 'application/json' } });
      }
      return answer.response;
    });
    renderWithProviders(<ImportCatalogue onClose={() => {}} />);
    chooseFile();
    fireEvent.click(screen.getByRole('button', { name: 'Check file' }));
    await screen.findByTestId('import-report');
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));

    // The server's progress arrives as JSON lines; the page follows it.
    await answer.write('{"progress":{"done":0,"total":10000}}\n{"progress":{"done":2500,');
    await answer.write('"total":10000}}\n');
    const bar = await screen.findByRole('progressbar', { name: 'Imported 2,500 of 10,000 rows' });
    expect(bar.getAttribute('max')).toBe('10000');
    expect(bar.getAttribute('value')).toBe('2500');
    expect(screen.getByRole('button', { name: 'Import' }).hasAttribute('disabled')).toBe(true);
    await answer.write('{"progress":{"done":10000,"total":10000}}\n');
    expect(screen.getByRole('progressbar', { name: 'Imported 10,000 of 10,000 rows' }).getAttribute('value')).toBe('10000');

    await answer.write(`{"report":${JSON.stringify({ ...report, applied: true, dryRun: false })}}\n`);
    await answer.end();
    await waitFor(() => expect(screen.getByTestId('import-report').textContent).toContain('2 created, 1 updated, 5 unchanged.'));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(success).toHaveBeenCalledWith('Catalogue imported: 2 created, 1 updated');
    const sent = requests.at(-1)!;
    expect(sent.url.searchParams.get('dryRun')).toBeNull();
    expect(sent.headers.accept).toContain('application/x-ndjson');
  });

  it('says so when the import fails after it started, and shows no report', async () => {
    const error = vi.spyOn(notify, 'error').mockImplementation(() => {});
    const answer = streamedAnswer();
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
      new URL(String(input)).searchParams.get('dryRun') === 'true'
        ? new Response(JSON.stringify(report), { headers: { 'content-type': 'application/json' } })
        : answer.response,
    );
    renderWithProviders(<ImportCatalogue onClose={() => {}} />);
    chooseFile();
    fireEvent.click(screen.getByRole('button', { name: 'Check file' }));
    await screen.findByTestId('import-report');
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    await answer.write('{"progress":{"done":0,"total":10}}\n{"error":{"status":500,"msg":"Something went wrong"}}\n');
    await answer.end();
    await waitFor(() => expect(error).toHaveBeenCalledWith('Something went wrong'));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByTestId('import-report').textContent).toContain('(to be)');
  });

  it('shows the upload’s progress, then the rows, with the answer read as it streams in (XMLHttpRequest)', async () => {
    const actual = await vi.importActual<typeof files>('@/lib/files.ts');
    const upload = vi.mocked(files.uploadWithProgress);
    const standIn = upload.getMockImplementation()!;
    upload.mockImplementation(actual.uploadWithProgress);
    const xhr = new FakeXhr();
    vi.stubGlobal(
      'XMLHttpRequest',
      class {
        static HEADERS_RECEIVED = 2;
        constructor() {
          // biome-ignore lint/correctness/noConstructorReturn: the one request the test plays out
          return xhr;
        }
      },
    );
    try {
      renderWithProviders(<ImportCatalogue onClose={() => {}} />);
      chooseFile();
      fireEvent.click(screen.getByRole('button', { name: 'Check file' }));
      await waitFor(() => expect(xhr.sent).toBe(true));
      expect(xhr.method).toBe('POST');
      expect(xhr.url).toContain('/api/products/import?dryRun=true');
      expect(xhr.headers.accept).toContain('application/x-ndjson');

      await act(async () => xhr.uploaded(0.5));
      expect(screen.getByRole('progressbar', { name: 'Uploading ...' }).getAttribute('value')).toBe('0.5');
      await act(async () => xhr.uploaded(1));
      await act(async () => xhr.receive('{"progress":{"done":3,"total":8}}\n'));
      const bar = await screen.findByRole('progressbar', { name: 'Checked 3 of 8 rows' });
      expect(bar.getAttribute('value')).toBe('3');
      await act(async () => xhr.receive(`{"progress":{"done":8,"total":8}}\n{"report":${JSON.stringify(report)}}\n`));
      await act(async () => xhr.finish());
      expect((await screen.findByTestId('import-report')).textContent).toContain('2 created (to be)');
    } finally {
      vi.unstubAllGlobals();
      upload.mockImplementation(standIn);
    }
  });
});

/** Just enough of XMLHttpRequest for uploadWithProgress: the test plays the network's part. */
class FakeXhr {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  sent = false;
  readyState = 0;
  status = 0;
  responseText = '';
  upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  onreadystatechange?: () => void;
  onprogress?: () => void;
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  getAllResponseHeaders() {
    return 'content-type: application/x-ndjson; charset=utf-8\r\ncache-control: no-store\r\n';
  }
  send() {
    this.sent = true;
  }
  abort() {
    this.onabort?.();
  }
  uploaded(fraction: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded: fraction * 100, total: 100 });
  }
  receive(text: string) {
    if (this.readyState < 2) {
      this.status = 200;
      this.readyState = 2;
      this.onreadystatechange?.();
    }
    this.readyState = 3;
    this.responseText += text;
    this.onprogress?.();
  }
  finish() {
    this.readyState = 4;
    this.onreadystatechange?.();
    this.onload?.();
  }
}
