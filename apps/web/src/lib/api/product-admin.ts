/**
 * The back office's product writes: create (multipart with repeated `imageUrl` files),
 * update, images, variants, delete, and the catalogue spreadsheet (export, and an import that
 * reports its progress). Apart from products.ts (the reads) so the storefront's entry never
 * loads them; they share its key factory, so a write refreshes every listing and detail.
 * Components use them with `useMutation(…Mutation)`.
 */
import type { ProductDetail, ProductUpdateInput } from '@shop/shared/catalog';
import {
  type CatalogueImportLine,
  type CatalogueImportProgress,
  type CatalogueImportReport,
  catalogueImportLine,
  type VariantsBodyInput as VariantsInput,
} from '@shop/shared/variants';
import { mutationOptions } from '@tanstack/react-query';
import { apiRequest, apiRequestBlob } from '../api-client.ts';
import { productKeys, productEndpoint } from './products.ts';

/** A write answers with the product: it replaces the cached detail, and every listing refreshes. */
function productWrite<V>(mutationFn: (variables: V) => Promise<ProductDetail>) {
  return mutationOptions({
    mutationFn,
    onSuccess: (product, _variables, _result, { client }) => {
      client.setQueryData(productKeys.detail(product.id), product);
      return client.invalidateQueries({ queryKey: productKeys.lists() });
    },
  });
}

export const createProductMutation = productWrite((form: FormData) =>
  apiRequest<ProductDetail>('/api/products/create', { method: 'POST', body: form }),
);

export const updateProductMutation = (id: string) =>
  productWrite((body: ProductUpdateInput) => apiRequest<ProductDetail>(productEndpoint(id), { method: 'PUT', body }));

/** Appends images (multipart `imageUrl` files); the answer carries the new `imageUrls`. */
export const uploadProductImagesMutation = (id: string) =>
  productWrite((files: File[]) => {
    const form = new FormData();
    for (const file of files) form.append('imageUrl', file);
    return apiRequest<ProductDetail>(productEndpoint(id), { method: 'PUT', body: form });
  });

/** Keeps only these images, in this order (JSON `imageUrls`): how an image is removed. */
export const setProductImagesMutation = (id: string) =>
  productWrite((imageUrls: string[]) => apiRequest<ProductDetail>(productEndpoint(id), { method: 'PUT', body: { imageUrls } }));

/** Replaces the product's variants (sizes and colours with SKU, stock and price), and its size scale. */
export const setVariantsMutation = (id: string) =>
  productWrite((body: VariantsInput) => apiRequest<ProductDetail>(`${productEndpoint(id)}/variants`, { method: 'PUT', body }));

export const deleteProductMutation = mutationOptions({
  mutationFn: (id: string) => apiRequest<{ msg: string }>(productEndpoint(id), { method: 'DELETE' }),
  onSuccess: (_data, id, _result, { client }) => {
    client.removeQueries({ queryKey: productKeys.detail(id) });
    return client.invalidateQueries({ queryKey: productKeys.all });
  },
});

/** The catalogue spreadsheet (GET /api/products.csv), saved as a file. */
export async function downloadCatalogueCsv(): Promise<void> {
  const { saveFile } = await import('../files.ts');
  saveFile(await apiRequestBlob('/api/products.csv'), 'catalogue.csv');
}

export interface ImportOptions {
  file: File;
  dryRun: boolean;
  skipInvalid?: boolean;
  /** The upload's progress, 0 to 1 (the file is then sent with XMLHttpRequest, which can tell it). */
  onUpload?: (fraction: number) => void;
  /** The server's progress through the rows: the answer is then asked for as a stream of progress lines. */
  onRows?: (progress: CatalogueImportProgress) => void;
}

const NDJSON = 'application/x-ndjson';

/**
 * Sends through `send` asking for the import's progress lines, and reads them as they arrive
 * (telling `onRows`); then answers the API client as the plain request would have: the report,
 * or the error's status and message. A refusal before the stream starts (a bad file, 401)
 * passes through untouched.
 */
function readingProgress(send: typeof fetch, onRows: (progress: CatalogueImportProgress) => void): typeof fetch {
  return async (input, init = {}) => {
    const headers = { ...(init.headers as Record<string, string>), accept: `${NDJSON}, application/json` };
    const res = await send(input, { ...init, headers });
    if (!res.ok || !res.body || !res.headers.get('content-type')?.startsWith(NDJSON)) return res;
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let pending = '';
    let last: CatalogueImportLine | undefined;
    for (;;) {
      const { done, value } = await reader.read();
      pending += decoder.decode(value, { stream: !done });
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of done ? [...lines, pending] : lines) {
        if (!line.trim()) continue;
        const parsed = catalogueImportLine.parse(JSON.parse(line));
        if ('progress' in parsed) onRows(parsed.progress);
        else last = parsed;
      }
      if (done) break;
    }
    const json = { 'content-type': 'application/json' };
    if (last && 'report' in last) return new Response(JSON.stringify(last.report), { status: 200, headers: json });
    const error = last && 'error' in last ? last.error : { status: 502, msg: 'The import stopped before it finished' };
    return new Response(JSON.stringify({ msg: error.msg }), { status: error.status, headers: json });
  };
}

/** POST /api/products/import: a dry run first, then the import; the catalogue refreshes after a real one. */
export const importCatalogueMutation = mutationOptions({
  mutationFn: async ({ file, dryRun, skipInvalid, onUpload, onRows }: ImportOptions) => {
    // Back-office only: the upload helpers stay out of the storefront's entry bundle.
    const { uploadWithProgress } = await import('../files.ts');
    const form = new FormData();
    form.append('file', file);
    const send: typeof fetch = onUpload ? uploadWithProgress(onUpload) : (input, init) => fetch(input, init);
    const transport = onRows ? readingProgress(send, onRows) : onUpload ? send : undefined;
    return apiRequest<CatalogueImportReport>('/api/products/import', {
      method: 'POST',
      body: form,
      query: { dryRun: dryRun ? 'true' : undefined, skipInvalid: skipInvalid ? 'true' : undefined },
      ...(transport && { transport }),
    });
  },
  onSuccess: (report, _variables, _result, { client }) =>
    report.applied ? client.invalidateQueries({ queryKey: productKeys.all }) : undefined,
});
