/**
 * The catalogue import's state: the file chosen, its last report (a check, or the import),
 * whether refused rows are skipped, and the progress of the request under way; sending the
 * file as a dry run first, then for real on confirmation.
 */
import type { CatalogueImportReport } from '@shop/shared/variants';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { importCatalogueMutation } from '@/lib/api/product-admin.ts';
import { notify } from '@/lib/notify.tsx';
import { canImport, type ImportProgress, importedMessage } from './catalogue-import.ts';

export function useCatalogueImport() {
  const run = useMutation(importCatalogueMutation);
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<CatalogueImportReport | null>(null);
  const [skipInvalid, setSkipInvalid] = useState(false);
  const [progress, setProgress] = useState<ImportProgress | null>(null);

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

  return {
    file,
    /** Another file: its report is to come. */
    choose: (chosen: File | null) => {
      setFile(chosen);
      setChecked(null);
    },
    checked,
    skipInvalid,
    setSkipInvalid,
    progress,
    busy: run.isPending,
    canImport: canImport(checked, skipInvalid),
    check: () => {
      setChecked(null);
      send(true, setChecked);
    },
    importFile: () =>
      send(false, (report) => {
        setChecked(report);
        if (report.applied) notify.success(importedMessage(report));
      }),
  };
}
