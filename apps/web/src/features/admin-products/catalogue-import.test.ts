import type { CatalogueImportReport } from '@shop/shared/variants';
import { describe, expect, it } from 'vitest';
import { canImport, importedMessage, progressLabel, progressValue, reportSummary } from './catalogue-import.ts';

const report: CatalogueImportReport = {
  created: 2,
  updated: 1,
  unchanged: 5,
  errors: [],
  conflicts: [],
  applied: false,
  dryRun: true,
};
const conflict = { row: 3, sku: 'AM-S', message: 'changed' };

describe('the catalogue import’s wording and rules', () => {
  it('says what the progress bar is at: the upload, the wait, then the rows', () => {
    expect(progressLabel({ dryRun: true, upload: 0.4, rows: null })).toBe('Uploading ...');
    expect(progressLabel({ dryRun: true, upload: 1, rows: null })).toBe('Checking ...');
    expect(progressLabel({ dryRun: false, upload: 1, rows: null })).toBe('Importing ...');
    expect(progressLabel({ dryRun: false, upload: 1, rows: { done: 2500, total: 10000 } })).toBe('Imported 2,500 of 10,000 rows');
    expect(progressLabel({ dryRun: true, upload: 1, rows: { done: 0, total: 3 } })).toBe('Checked 0 of 3 rows');
  });

  it('fills the bar with the upload, none between the upload and the first rows, then the rows', () => {
    expect(progressValue({ dryRun: true, upload: 0.4, rows: null })).toEqual({ max: 1, value: 0.4 });
    expect(progressValue({ dryRun: true, upload: 1, rows: null })).toEqual({ max: 1, value: undefined });
    expect(progressValue({ dryRun: true, upload: 1, rows: { done: 0, total: 0 } })).toEqual({ max: 1, value: 0 });
    expect(progressValue({ dryRun: true, upload: 1, rows: { done: 5, total: 10 } })).toEqual({ max: 10, value: 5 });
  });

  it('sums a report up, checked or imported', () => {
    expect(reportSummary(report)).toBe('2 created (to be), 1 updated (to be), 5 unchanged.');
    const refused = { ...report, errors: [{ row: 4, message: 'Bad' }], conflicts: [conflict, { ...conflict, row: 5 }] };
    expect(reportSummary(refused)).toBe('2 created (to be), 1 updated (to be), 5 unchanged, 1 refused, 2 stock conflicts.');
    expect(reportSummary({ ...report, applied: true, conflicts: [conflict] })).toBe(
      '2 created, 1 updated, 5 unchanged, 1 stock conflict.',
    );
    expect(importedMessage({ ...report, applied: true })).toBe('Catalogue imported: 2 created, 1 updated');
    expect(importedMessage({ ...report, applied: true, conflicts: [conflict] })).toBe(
      'Catalogue imported: 2 created, 1 updated, 1 stock conflict',
    );
  });

  it('offers Import once a check found nothing refused, or the refused rows are skipped', () => {
    expect(canImport(null, true)).toBe(false);
    expect(canImport(report, false)).toBe(true);
    expect(canImport({ ...report, applied: true }, false)).toBe(false);
    const refused = { ...report, errors: [{ row: 4, message: 'Bad' }] };
    expect(canImport(refused, false)).toBe(false);
    expect(canImport(refused, true)).toBe(true);
  });
});
