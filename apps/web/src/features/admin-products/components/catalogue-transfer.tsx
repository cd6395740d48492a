/**
 * The catalogue as a spreadsheet (on Products): Export downloads every product and variant
 * as CSV (GET /api/products.csv); Import checks a file first (a dry run: what would be
 * created, updated, unchanged, and each refused row), then imports it on confirmation. Both
 * show the upload's progress, then the server's progress through the rows as it reports
 * them ("Imported 2,500 of 10,000 rows"). A file with refused rows imports only when the
 * admin chooses to skip them. Rows whose stock changed after the export (stock_version) are
 * listed as stock conflicts: their other columns are imported, their stock is not.
 */
import { Download, Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { buttonClass, Card, inputClass } from '@/components/admin/ui.tsx';
import { notify } from '@/lib/notify.tsx';
import { downloadCatalogueCsv } from '@/lib/api/product-admin.ts';
import { useCatalogueImport } from '../use-catalogue-import.ts';
import { ImportProgressBar, ImportReport } from './import-report.tsx';

export function ExportCatalogueButton() {
  const [busy, setBusy] = useState(false);
  const onExport = async () => {
    setBusy(true);
    try {
      await downloadCatalogueCsv();
    } catch (error) {
      notify.error(error instanceof Error ? error.message : 'The export failed');
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className={buttonClass.secondary} onClick={onExport} disabled={busy}>
      <Download size={16} aria-hidden="true" /> {busy ? 'Exporting ...' : 'Export CSV'}
    </button>
  );
}

export function ImportCatalogue({ onClose }: { onClose(): void }) {
  const id = useId();
  const upload = useCatalogueImport();
  const { checked } = upload;

  return (
    <Card className="mb-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-base font-semibold">Import products from CSV</h2>
          <p className="text-sm text-neutral-600">
            The columns of Export CSV, one row per size and colour. Rows are matched by SKU; empty cells leave a value as it is.
            The file is checked before anything changes.
          </p>
          <p className="mt-1 text-sm text-neutral-600">
            Stock: a row's <code>stock</code> is saved only if the stock has not changed since the export (its{' '}
            <code>stock_version</code>); otherwise its other columns are saved and its stock is listed as a conflict, so nothing
            sold meanwhile comes back on sale. To set a count you made whatever was sold since, add a <code>set_stock</code>{' '}
            column. New sizes and colours take <code>stock</code> as given. A stock below zero (offline till sales) comes back as
            exported; a new one typed below zero is refused.
          </p>
          <p className="mt-1 text-sm text-neutral-600">
            <code>barcode</code>: an EAN-13 or UPC-A with its check digit, or any code; each on one variant only; empty: none (the
            SKU's own barcode is printed). <code>cost</code> (the cost price) is in the export of those who may see cost prices; a
            file with it is refused to anyone else.
          </p>
        </div>
        <button type="button" className={buttonClass.secondary} onClick={onClose}>
          Close
        </button>
      </div>
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={`${id}-file`} className="mb-1 block text-sm font-medium text-neutral-800">
            CSV file
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,text/csv"
            className={inputClass}
            onChange={(e) => upload.choose(e.target.files?.[0] ?? null)}
          />
        </div>
        <button type="button" className={buttonClass.secondary} onClick={upload.check} disabled={!upload.file || upload.busy}>
          Check file
        </button>
        {checked && !checked.applied && checked.errors.length > 0 ? (
          <label className="inline-flex items-center gap-2 text-sm">
            <input type="checkbox" checked={upload.skipInvalid} onChange={(e) => upload.setSkipInvalid(e.target.checked)} />
            Skip the refused rows
          </label>
        ) : null}
        <button
          type="button"
          className={buttonClass.primary}
          onClick={upload.importFile}
          disabled={!upload.canImport || upload.busy}
        >
          <Upload size={16} aria-hidden="true" /> Import
        </button>
      </div>
      {upload.progress !== null ? <ImportProgressBar id={`${id}-progress`} progress={upload.progress} /> : null}
      {checked ? <ImportReport report={checked} /> : null}
    </Card>
  );
}
