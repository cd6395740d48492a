/**
 * The till's back office (issue 29): registering and revoking tills, the sync conflicts a
 * manager settles (accept or void a held sale), the cash drawers with their Z-reports, and the
 * public receipt of a till sale. Accepting or voiding a sale moves stock and money, so it
 * refreshes the conflicts; a revoked till refreshes the tills.
 */
import type { DrawerView, TillReceipt, ZReport } from '@shop/shared/pos-drawers';
import type { ConflictsView, TillCreateBody, TillCreated, TillView } from '@shop/shared/pos-till';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest, apiRequestBlob } from '../api-client.ts';
import { saveFile } from '../files.ts';

export const tillKeys = {
  all: ['tills'] as const,
  list: () => [...tillKeys.all, 'list'] as const,
  conflicts: () => [...tillKeys.all, 'conflicts'] as const,
  drawers: (tillId?: string) => [...tillKeys.all, 'drawers', tillId ?? 'all'] as const,
  report: (drawerId: string) => [...tillKeys.all, 'report', drawerId] as const,
  receipt: (saleId: string) => ['receipt', saleId] as const,
};

const enc = encodeURIComponent;

// ── Tills ───────────────────────────────────────────────────────────────────────────────

export const tillsOptions = () =>
  queryOptions({
    queryKey: tillKeys.list(),
    queryFn: ({ signal }) => apiRequest<TillView[]>('/api/pos/tills', { signal }),
  });

/** A new till: its prefix, and the device token shown once. */
export const registerTillMutation = mutationOptions({
  mutationFn: (body: TillCreateBody) => apiRequest<TillCreated>('/api/pos/tills', { method: 'POST', body }),
  onSettled: (_data, _error, _input, _result, { client }) => client.invalidateQueries({ queryKey: tillKeys.list() }),
});

/** A lost or stolen tablet: its token refused from now on. */
export const revokeTillMutation = mutationOptions({
  mutationFn: (id: string) => apiRequest<null>(`/api/pos/tills/${enc(id)}`, { method: 'DELETE' }),
  onSettled: (_data, _error, _input, _result, { client }) => client.invalidateQueries({ queryKey: tillKeys.list() }),
});

// ── Sync conflicts ──────────────────────────────────────────────────────────────────────

export const conflictsOptions = () =>
  queryOptions({
    queryKey: tillKeys.conflicts(),
    queryFn: ({ signal }) => apiRequest<ConflictsView>('/api/pos/conflicts', { signal }),
  });

/** A held sale accepted (its stock taken, possibly below zero) or voided (its money given back by its tender). */
export const settleHeldSaleMutation = mutationOptions({
  mutationFn: ({ saleId, decision }: { saleId: string; decision: 'accept' | 'void' }) =>
    apiRequest<unknown>(`/api/pos/conflicts/${enc(saleId)}/${decision}`, { method: 'POST' }),
  onSettled: (_data, _error, _input, _result, { client }) => client.invalidateQueries({ queryKey: tillKeys.conflicts() }),
});

// ── Drawers ─────────────────────────────────────────────────────────────────────────────

export const drawersOptions = (tillId?: string) =>
  queryOptions({
    queryKey: tillKeys.drawers(tillId),
    queryFn: ({ signal }) => apiRequest<DrawerView[]>(`/api/pos/drawers${tillId ? `?tillId=${enc(tillId)}` : ''}`, { signal }),
  });

export const zReportOptions = (drawerId: string) =>
  queryOptions({
    queryKey: tillKeys.report(drawerId),
    queryFn: ({ signal }) => apiRequest<ZReport>(`/api/pos/drawers/${enc(drawerId)}/report`, { signal }),
  });

/** The Z-report as a spreadsheet (…/report.csv, with the member's token), saved as a file. */
export async function downloadZReport(drawerId: string, fileName: string): Promise<void> {
  saveFile(await apiRequestBlob(`/api/pos/drawers/${enc(drawerId)}/report.csv`), fileName);
}

// ── The public receipt ──────────────────────────────────────────────────────────────────

/** Anyone with the link (the sale's UUID is the secret): no sign-in. */
export const receiptOptions = (saleId: string) =>
  queryOptions({
    queryKey: tillKeys.receipt(saleId),
    queryFn: ({ signal }) => apiRequest<TillReceipt>(`/api/pos/receipts/${enc(saleId)}`, { signal }),
  });
