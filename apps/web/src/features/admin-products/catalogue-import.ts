/**
 * The catalogue import's wording and rules, without React: what the progress bar says and
 * shows (the upload, then the rows the server has settled), the report's summary line, the
 * message once imported, and when Import may be pressed (after a check, with no refused rows
 * or with them skipped).
 */
import type { CatalogueImportProgress, CatalogueImportReport } from '@shop/shared/variants';

/** Where a check or an import is: the upload (0 to 1), then the rows the server has settled. */
export interface ImportProgress {
  dryRun: boolean;
  upload: number;
  rows: CatalogueImportProgress | null;
}

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

const count = (n: number) => n.toLocaleString('en');

/** The progress bar's label: the rows settled once the server reports them, else what is happening. */
export function progressLabel({ dryRun, upload, rows }: ImportProgress): string {
  if (rows) return `${dryRun ? 'Checked' : 'Imported'} ${count(rows.done)} of ${count(rows.total)} rows`;
  if (upload < 1) return 'Uploading ...';
  return dryRun ? 'Checking ...' : 'Importing ...';
}

/**
 * The bar's max and value. Between the upload and the server's first line it has no value:
 * it is busy, not stuck at 100 %.
 */
export function progressValue({ upload, rows }: ImportProgress): { max: number; value: number | undefined } {
  if (rows) return { max: Math.max(rows.total, 1), value: rows.done };
  return { max: 1, value: upload < 1 ? upload : undefined };
}

/** "2 created (to be), 1 updated (to be), 5 unchanged, 1 refused, 2 stock conflicts." */
export function reportSummary(report: CatalogueImportReport): string {
  const verb = report.applied ? '' : ' (to be)';
  const refused = report.errors.length > 0 ? `, ${report.errors.length} refused` : '';
  const conflicts = report.conflicts.length > 0 ? `, ${plural(report.conflicts.length, 'stock conflict')}` : '';
  return `${report.created} created${verb}, ${report.updated} updated${verb}, ${report.unchanged} unchanged${refused}${conflicts}.`;
}

/** The toast once a file is imported. */
export function importedMessage(report: CatalogueImportReport): string {
  const conflicts = report.conflicts.length > 0 ? `, ${plural(report.conflicts.length, 'stock conflict')}` : '';
  return `Catalogue imported: ${report.created} created, ${report.updated} updated${conflicts}`;
}

/** Import is offered once the file is checked (and not imported yet), its refused rows none or skipped. */
export const canImport = (checked: CatalogueImportReport | null, skipInvalid: boolean) =>
  checked !== null && !checked.applied && (checked.errors.length === 0 || skipInvalid);
