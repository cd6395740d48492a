/**
 * The catalogue as a spreadsheet (on Products): Export downloads every product and variant
 * as CSV (GET /api/products.csv); Import checks a file first (a dry run: what would be
 * created, updated, unchanged, and each refused row), then imports it on confirmation. Both
 * show the upload's progress, then the server's progress through the rows as it reports
 * them ("Imported 2,500 of 10,000 rows"). A file with refused rows imports only when the
 * admin chooses to skip them. Rows whose stock changed after the export (stock_version) are
 * listed as stock conflicts: their other columns are imported, their stock is not.
 */
import type { CatalogueImportProgress, CatalogueImportReport } from '@shop/shared/variants';
import { useMutation } from '@tanstack/react-query';
import { Download, Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { buttonClass, Card, inputClass } from '@/components/admin/ui.tsx';
import { notify } from '@/lib/notify.tsx';
import { downloadCatalogueCsv, importCatalogueMutation } from '@/lib/api/product-admin.ts';

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

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function Report({ report }: { report: CatalogueImportReport }) {
  const verb = report.applied ? '' : ' (to be)';
  const { conflicts } = report;
  return (
    <div className="mt-4 text-sm" data-testid="import-report">
      <p>
        {report.created} created{verb}, {report.updated} updated{verb}, {report.unchanged} unchanged
        {report.errors.length > 0 ? `, ${report.errors.length} refused` : ''}
        {conflicts.length > 0 ? `, ${plural(conflicts.length, 'stock conflict')}` : ''}.
      </p>
      {conflicts.length > 0 ? (
        <>
          <p className="mt-2">
            The stock of {conflicts.length === 1 ? 'this row is' : 'these rows is'} {report.applied ? 'not' : 'not to be'} changed
            (the rest of the row is): it changed after the file was exported, or the row has no stock_version.
          </p>
          <ul className="mt-1 max-h-48 list-disc space-y-1 overflow-y-auto pl-5 text-amber-800" aria-label="Stock conflicts">
            {conflicts.map((c) => (
              <li key={c.row}>
                Row {c.row} ({c.sku}): {c.message}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {report.errors.length > 0 ? (
        <ul className="mt-2 max-h-48 list-disc space-y-1 overflow-y-auto pl-5 text-red-700" aria-label="Refused rows">
          {report.errors.map((e) => (
            <li key={`${e.row}-${e.message}`}>
              Row {e.row}: {e.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** Where a check or an import is: the upload (0 to 1), then the rows the server has settled. */
interface Progress {
  dryRun: boolean;
  upload: number;
  rows: CatalogueImportProgress | null;
}

const count = (n: number) => n.toLocaleString('en');

function ProgressBar({ id, progress }: { id: string; progress: Progress }) {
  const { dryRun, upload, rows } = progress;
  const label = rows
    ? `${dryRun ? 'Checked' : 'Imported'} ${count(rows.done)} of ${count(rows.total)} rows`
    : upload < 1
      ? 'Uploading ...'
      : dryRun
        ? 'Checking ...'
        : 'Importing ...';
  return (
    <div className="mt-4">
      <label htmlFor={id} className="text-sm text-neutral-700">
        {label}
      </label>
      {/* Between the upload and the server's first line, the bar has no value: it is busy, not stuck at 100 %. */}
      <progress
        id={id}
        className="block w-full"
        max={rows ? Math.max(rows.total, 1) : 1}
        value={rows ? rows.done : upload < 1 ? upload : undefined}
      />
    </div>
  );
}

export function ImportCatalogue({ onClose }: { onClose(): void }) {
  const id = useId();
  const run = useMutation(importCatalogueMutation);
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<CatalogueImportReport | null>(null);
  const [skipInvalid, setSkipInvalid] = useState(false);
  const [progress, setProgress] = useState<Progress | null>(null);

  /** Sends the file (a dry run or the import), following the upload and then the rows. */
  const send = (dryRun: boolean, onSuccess: (report: CatalogueImportReport) => void) => {
    if (!file) return;
    setProgress({ dryRun, upload: 0, rows: null });
    run.mutate(
      {
        file,
        dryRun,
        skipInvalid: !dryRun && skipInvalid,
        onUpload: (upload) => setProgress((p) => p && { ...p, upload }),
        onRows: (rows) => setProgress((p) => p && { ...p, upload: 1, rows }),
      },
      { onSuccess, onError: (error) => notify.error(error.message), onSettled: () => setProgress(null) },
    );
  };

  const check = () => {
    setChecked(null);
    send(true, setChecked);
  };

  const importFile = () =>
    send(false, (report) => {
      setChecked(report);
      if (!report.applied) return;
      const conflicts = report.conflicts.length > 0 ? `, ${plural(report.conflicts.length, 'stock conflict')}` : '';
      notify.success(`Catalogue imported: ${report.created} created, ${report.updated} updated${conflicts}`);
    });

  const canImport = checked !== null && !checked.applied && (checked.errors.length === 0 || skipInvalid);

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
            column. New sizes and colours take <code>stock</code> as given.
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
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setChecked(null);
            }}
          />
        </div>
        <button type="button" className={buttonClass.secondary} onClick={check} disabled={!file || run.isPending}>
          Check file
        </button>
        {checked && !checked.applied && checked.errors.length > 0 ? (
          <label className="inline-flex items-center gap-2 text-sm">
            <input type="checkbox" checked={skipInvalid} onChange={(e) => setSkipInvalid(e.target.checked)} />
            Skip the refused rows
          </label>
        ) : null}
        <button type="button" className={buttonClass.primary} onClick={importFile} disabled={!canImport || run.isPending}>
          <Upload size={16} aria-hidden="true" /> Import
        </button>
      </div>
      {progress !== null ? <ProgressBar id={`${id}-progress`} progress={progress} /> : null}
      {checked ? <Report report={checked} /> : null}
    </Card>
  );
}
