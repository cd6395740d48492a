/**
 * /api/products: the public listing and detail, and the back office's writes (JSON or
 * multipart with `imageUrl` files, as the original client sends them). The writes pass on
 * what the caller may (`mayOf`): prices and stock are guarded fields (../guarded-fields.ts).
 */
import { PassThrough, type Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type CatalogueImportLine,
  type CatalogueImportProgress,
  type CatalogueImportReport,
  catalogMessage,
  catalogueImportQuery,
  catalogueImportReport,
  encodeShowingResultsFor,
  errorResponse,
  facetsQuery,
  facetsResponse,
  MESSAGES,
  productCreateBody,
  productDetailResponse,
  productListQuery,
  productListResponse,
  productUpdateBody,
  SHOWING_RESULTS_FOR_HEADER,
  variantsBody,
} from '@shop/shared';
import { z } from 'zod';
import { getSettings } from '../../content/index.ts';
import { isDatabaseUnavailable } from '../../db/errors.ts';
import { badRequest, HttpError } from '../../lib/http-error.ts';
import { refuse } from '../../lib/refuse.ts';
import { checkImportAllowed, exportCatalogue, importCatalogue } from '../csv/catalogue-csv.ts';
import { readCatalogueFile } from '../csv/parse.ts';
import type { May } from '../guarded-fields.ts';
import { readForm } from './form.ts';
import type { ProductService } from './product-service.ts';

const tags = ['catalog'];
const security = [{ bearerAuth: [] }];
const consumes = ['application/json', 'multipart/form-data'];
const idParams = z.object({ id: z.string() });
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const uploadErrors = { ...errors, 413: errorResponse, 415: errorResponse };
/** A catalogue file: 50,000 rows of a few hundred bytes each. */
const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** What a client that asks for the import's progress accepts (one JSON value per line). */
const NDJSON = 'application/x-ndjson';
/** The import's multipart body, for the OpenAPI document only: the file is read from the stream (request.file()). */
const importBody = z
  .object({ file: z.string().meta({ format: 'binary' }).describe('The CSV file (the columns of GET /api/products.csv)') })
  .partial()
  .nullish();

/**
 * Runs an import that has already begun answering 200: each progress is a line as it
 * happens, the report the last line. A failure now can no longer change the status, so it
 * ends the stream as an `error` line with the status and message the error handler would give.
 */
function progressStream(
  run: (onProgress: (progress: CatalogueImportProgress) => void) => Promise<CatalogueImportReport>,
  log: FastifyBaseLogger,
): Readable {
  const out = new PassThrough();
  const line = (value: CatalogueImportLine) => out.write(`${JSON.stringify(value)}\n`);
  run((progress) => line({ progress }))
    .then((report) => line({ report }))
    .catch((error: unknown) => {
      if (error instanceof HttpError) return line({ error: { status: error.statusCode, msg: error.message } });
      if (isDatabaseUnavailable(error)) return line({ error: { status: 503, msg: MESSAGES.unavailable } });
      log.error({ err: error }, 'catalogue import failed');
      return line({ error: { status: 500, msg: MESSAGES.somethingWentWrong } });
    })
    .finally(() => out.end());
  return out;
}

/** The headers a browser on another origin may read (X-Total-Count, and the words a search was corrected to). */
const EXPOSED_HEADERS = `X-Total-Count, ${SHOWING_RESULTS_FOR_HEADER}`;

function correctionHeaders(showingResultsFor: string | null): Record<string, string> {
  return {
    'Access-Control-Expose-Headers': EXPOSED_HEADERS,
    ...(showingResultsFor !== null && { [SHOWING_RESULTS_FOR_HEADER]: encodeShowingResultsFor(showingResultsFor) }),
  };
}

/** What the caller may, for the guarded fields' checks. */
const mayOf =
  (request: FastifyRequest): May =>
  (permission) =>
    request.can(permission);

const productRoutes: FastifyPluginAsyncZod<{ service: ProductService }> = async (app, { service }) => {
  /** A public list asked for by stock level: staff who may read the catalogue only. */
  async function requireCatalogReader(request: FastifyRequest, reply: FastifyReply) {
    await app.requireUser(request, reply);
    if (!request.can('catalog.read')) throw refuse('catalog.read');
  }

  /** The shop's low-stock threshold, read only for the admins' `stock` filter. */
  const listOptions = async (query: { stock?: string }) =>
    query.stock ? { lowStockThreshold: (await getSettings(app.db)).lowStockThreshold } : {};

  app.get('/api/products', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'List products (filters, sort, pagination); the total is in X-Total-Count',
      description:
        'The `stock` filter is for admins (401 without a token, 403 for a shopper). A `title` search that finds ' +
        'nothing as typed is tried again with its words corrected to the nearest ones the shop uses ("ankra" → ' +
        `"ankara"); the answer then lists those products and names the words in ${SHOWING_RESULTS_FOR_HEADER} ` +
        '(percent-encoded).',
      querystring: productListQuery,
      response: { 200: productListResponse, 400: errorResponse, 401: errorResponse, 403: errorResponse },
    },
    // Stock levels are the shop's business: only staff who may read the catalogue filter by them.
    preHandler: async (request, reply) => {
      if (request.query.stock !== undefined) await requireCatalogReader(request, reply);
    },
    handler: (request, reply) =>
      app.readCache.serve(request, reply, request.query.stock ? ['catalog', 'content'] : ['catalog'], async (versions) => {
        const { items, total, showingResultsFor } = await service.list(request.query, {
          ...(await listOptions(request.query)),
          searchVersion: versions.get('search'),
        });
        return { body: items, headers: { 'X-Total-Count': String(total), ...correctionHeaders(showingResultsFor) } };
      }),
  });

  app.get('/api/products/facets', {
    config: { access: 'public' },
    schema: {
      tags,
      summary:
        "The count of each filter's values (brands, sizes and colours in stock, price bands, on sale) for the list's filters",
      description:
        'Takes the filters of GET /api/products. Each count is computed with every other filter applied, so it is the ' +
        'total the list shows with that value chosen (a size or colour: the products with it in stock; a price band: ' +
        'the sale price, `min` inclusive, `max` exclusive). A search that finds nothing as typed is corrected like the ' +
        `list's, with the same ${SHOWING_RESULTS_FOR_HEADER} header. The \`stock\` filter is for admins.`,
      querystring: facetsQuery,
      response: { 200: facetsResponse, 400: errorResponse, 401: errorResponse, 403: errorResponse },
    },
    preHandler: async (request, reply) => {
      if (request.query.stock !== undefined) await requireCatalogReader(request, reply);
    },
    handler: (request, reply) =>
      app.readCache.serve(request, reply, request.query.stock ? ['catalog', 'content'] : ['catalog'], async () => {
        const { showingResultsFor, ...counts } = await service.facets(request.query, await listOptions(request.query));
        return { body: counts, headers: correctionHeaders(showingResultsFor) };
      }),
  });

  app.get('/api/products/:id', {
    config: { access: 'public' },
    // Staff with catalog.cost read the variants' cost prices, past the shared cache.
    onRequest: app.optionalUser,
    schema: {
      tags,
      summary: 'One product, with its variants',
      description: "Each variant's `cost` (the cost price) only for staff with `catalog.cost`; absent otherwise.",
      params: idParams,
      response: { 200: productDetailResponse, 404: errorResponse },
    },
    handler: async (request, reply) => {
      if (request.can('catalog.cost')) return service.get(request.params.id, true);
      return app.readCache.serve(request, reply, ['catalog'], async () => ({ body: await service.get(request.params.id) }));
    },
  });

  app.post('/api/products/create', {
    config: { access: 'catalog.write' },
    schema: {
      tags,
      summary: 'Create a product (multipart with repeated `imageUrl` files, or JSON without images)',
      description:
        'Staff without `catalog.prices` or `stock.adjust` create the product paused (Out of Stock), at price 0 with ' +
        "no markdown and no stock (its variants at the product's price): someone who may sets them.",
      security,
      consumes,
      body: productCreateBody.nullish(),
      response: { 201: productDetailResponse, ...uploadErrors, 409: errorResponse },
    },
    handler: async (request, reply) => {
      const form = await readForm(request, productCreateBody, request.body);
      return reply.status(201).send(await service.create(form.input, form.files, mayOf(request)));
    },
  });

  app.put('/api/products/:id', {
    config: { access: 'catalog.write' },
    schema: {
      tags,
      summary:
        'Update a product: JSON fields (any subset); JSON `imageUrls`, the images to keep in order; ' +
        'or multipart `imageUrl` files, appended to its images',
      description:
        'Changing `price` or `discount` needs `catalog.prices`, and `counter` `stock.adjust`: 403 naming the ' +
        'permission, and nothing is changed. Values sent as they are stored pass.',
      security,
      consumes,
      params: idParams,
      body: productUpdateBody.nullish(),
      response: { 200: productDetailResponse, ...uploadErrors, 409: errorResponse },
    },
    handler: async (request) => {
      const form = await readForm(request, productUpdateBody, request.body);
      if (form.multipart && form.files.length === 0 && !form.hasFields) throw badRequest('Please select images to upload');
      return service.update(request.params.id, form.input, form.files, mayOf(request));
    },
  });

  app.put('/api/products/:id/variants', {
    // Fulfilment counts stock without editing the catalogue: the service lets them change the stock only.
    config: { access: ['catalog.write', 'stock.adjust'] },
    schema: {
      tags,
      summary: "Replace a product's variants (sizes and colours with SKU, stock and optional price), in one transaction",
      description:
        'Variants are matched by `id`, else by `sku` (an archived one comes back); the others are new. Variants left ' +
        'out are deleted, or archived when an order points at them. 409 names a SKU or a size and colour listed twice, ' +
        'or a SKU another product uses. A kept variant sent with the `stockVersion` it was read at is saved only while ' +
        'that is still its version (an order, a refund or another admin changes it with its stock): otherwise 409 ' +
        '"Stock changed while you were editing; reload" and nothing is saved. Without `stockVersion`, `counter` is ' +
        'set as sent, whatever the stock is now.\n\n' +
        'Staff with `stock.adjust` but not `catalog.write` may change the stock and nothing else (403 naming ' +
        "`catalog.write` otherwise); a variant's `price` and `discount` need `catalog.prices`, a changed `counter` " +
        '`stock.adjust` (403 naming it; values sent unchanged pass). `cost` (the cost price, naira; null: unknown) ' +
        'needs `catalog.cost` whenever it is sent, and is kept as it is when left out.',
      security,
      params: idParams,
      body: variantsBody,
      response: { 200: productDetailResponse, ...errors, 409: errorResponse },
    },
    handler: async (request) =>
      service.setVariants(request.params.id, request.body.variants, request.body.sizeScale, mayOf(request)),
  });

  app.get('/api/products.csv', {
    config: { access: 'catalog.read' },
    schema: {
      tags,
      summary: 'The catalogue as a CSV file: one row per variant, with its product’s columns (admin)',
      description: 'The `cost` column (cost prices) only for staff with `catalog.cost`.',
      security,
      produces: ['text/csv'],
      response: { 200: z.string().describe('CSV, one header row'), 401: errorResponse, 403: errorResponse },
    },
    handler: async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="catalogue.csv"')
        .header('Cache-Control', 'no-store')
        // A stream is sent as it is read, never serialised: the schema above only documents it.
        .send(exportCatalogue(app.db, { withCost: request.can('catalog.cost') }) as never),
  });

  app.post('/api/products/import', {
    config: { access: 'catalog.write' },
    schema: {
      tags,
      summary: 'Import a catalogue CSV (multipart `file`): rows matched by SKU (admin)',
      description:
        'Creates and updates products and variants from the columns of GET /api/products.csv; empty cells leave a ' +
        'value unchanged. Every row is checked first: a file with any bad row writes nothing unless `skipInvalid=true`. ' +
        '`dryRun=true` reports what would happen and writes nothing.\n\n' +
        "A known variant's `stock` is written only while its `stock_version` is still the file's (the export's); " +
        "otherwise, or without a `stock_version`, the row's other columns apply and its stock is listed in " +
        "`conflicts` (unless the stock already is the file's). A `set_stock` column (not exported) sets the stock " +
        'whatever it is now. A new variant takes `stock` (or `set_stock`) as given. At most 50,000 rows.\n\n' +
        `With \`Accept: ${NDJSON}\` the answer is a stream of JSON lines as the rows are processed: ` +
        '`{"progress":{"done":N,"total":M}}` (rows settled of the rows in the file), then one `{"report":{…}}` line, ' +
        'the report below; or, when the import fails after it has started, `{"error":{"status":500,"msg":"…"}}`. ' +
        'A file that cannot be read, and 401/403, are answered as plain JSON errors before any line.\n\n' +
        'A file that would change a price or markdown (`price`, `discount`, `variant_price`, `variant_discount`) ' +
        'without `catalog.prices`, or a stock (`stock` written, `set_stock`) without `stock.adjust`, is refused ' +
        'whole, dry run or not: 403 naming the permission, nothing written. Values as they are stored pass, and ' +
        'so does a stock the import would not write (a conflict). A file with a `cost` column needs `catalog.cost` ' +
        'whatever its cells (403 otherwise: the cost prices are not shown without it). New products and variants count from price 0 ' +
        'and no stock; a new product of an importer without `catalog.prices` or `stock.adjust` is created paused.',
      security,
      consumes: ['multipart/form-data'],
      querystring: catalogueImportQuery,
      body: importBody,
      response: { 200: catalogueImportReport, ...uploadErrors },
    },
    handler: async (request, reply) => {
      if (!request.isMultipart()) throw badRequest('Send the CSV file as multipart form data in the field "file"');
      // A multipart header without a boundary makes the parser throw: a bad request, not a 500.
      const part = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } }).catch(() => {
        throw badRequest('The form data could not be read');
      });
      if (!part) throw badRequest('Choose a CSV file to import');
      const buffer = await part.toBuffer();
      if (part.file.truncated) throw new HttpError(413, `The file must be at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB`);
      const file = await readCatalogueFile(buffer);
      const may = mayOf(request);
      if (!request.headers.accept?.includes(NDJSON)) return importCatalogue(app.db, file, { ...request.query, may });
      // A refusal is answered before the stream begins, as plain JSON.
      await checkImportAllowed(app.db, file, may);
      return (
        reply
          .type(`${NDJSON}; charset=utf-8`)
          .header('Cache-Control', 'no-store')
          // A proxy that buffers answers (nginx) would hold the lines back until the end.
          .header('X-Accel-Buffering', 'no')
          // Each line leaves as it is written; a stream is never serialised (the schema documents the report).
          .send(
            progressStream(
              (onProgress) => importCatalogue(app.db, file, { ...request.query, may, onProgress }),
              request.log,
            ) as never,
          )
      );
    },
  });

  app.delete('/api/products/:id', {
    config: { access: 'catalog.write' },
    schema: { tags, summary: 'Delete a product', security, params: idParams, response: { 200: catalogMessage, ...errors } },
    handler: async (request) => service.remove(request.params.id),
  });
};

export default productRoutes;
