/** What the catalogue import shows of a check or an import: its progress bar while it runs, then its report. */
import type { CatalogueImportReport } from '@shop/shared/variants';
import { type ImportProgress, progressLabel, progressValue, reportSummary } from '../catalogue-import.ts';

export function ImportProgressBar({ id, progress }: { id: string; progress: ImportProgress }) {
  const { max, value } = progressValue(progress);
  return (
    <div className="mt-4">
      <label htmlFor={id} className="text-sm text-neutral-700">
        {progressLabel(progress)}
      </label>
      <progress id={id} className="block w-full" max={max} value={value} />
    </div>
  );
}

/** The counts, the rows whose stock is not (to be) changed, and the refused rows. */
export function ImportReport({ report }: { report: CatalogueImportReport }) {
  const { conflicts } = report;
  return (
    <div className="mt-4 text-sm" data-testid="import-report">
      <p>{reportSummary(report)}</p>
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
