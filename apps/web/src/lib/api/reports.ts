/**
 * The reports (issue 30, GET /api/reports/*): the JSON for a page and the same query as a CSV
 * file. Each report is read fresh (staleTime 0): an owner opening it expects today's figures.
 */
import type {
  CouponsReport,
  CustomersReport,
  PodReport,
  ReportQuery,
  SalesQuery,
  SalesReport,
  StockQuery,
  StockReport,
} from '@shop/shared/reports';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, apiRequestBlob } from '../api-client.ts';

export const reportKeys = {
  all: ['reports'] as const,
  sales: (query: SalesQuery) => [...reportKeys.all, 'sales', query] as const,
  coupons: (query: ReportQuery) => [...reportKeys.all, 'coupons', query] as const,
  customers: (query: ReportQuery) => [...reportKeys.all, 'customers', query] as const,
  pod: (query: ReportQuery) => [...reportKeys.all, 'pod', query] as const,
  stock: (query: Partial<StockQuery>) => [...reportKeys.all, 'stock', query] as const,
};

/** A report's query as the URL's search parameters (compare left out when none). */
export function reportSearch(query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  return params.toString();
}

export const salesReportOptions = (query: SalesQuery) =>
  queryOptions({
    queryKey: reportKeys.sales(query),
    queryFn: ({ signal }) => apiRequest<SalesReport>(`/api/reports/sales?${reportSearch(query)}`, { signal }),
    staleTime: 0,
  });

/** The sales that used a coupon, a row per code: the sales report's figures. */
export const couponsReportOptions = (query: ReportQuery) =>
  queryOptions({
    queryKey: reportKeys.coupons(query),
    queryFn: ({ signal }) => apiRequest<CouponsReport>(`/api/reports/coupons?${reportSearch(query)}`, { signal }),
    staleTime: 0,
  });

/** New and returning customers, the repeat rate and the top customers by net sales. */
export const customersReportOptions = (query: ReportQuery) =>
  queryOptions({
    queryKey: reportKeys.customers(query),
    queryFn: ({ signal }) => apiRequest<CustomersReport>(`/api/reports/customers?${reportSearch(query)}`, { signal }),
    staleTime: 0,
  });

/** Pay on delivery per state: sent, paid, refused, not confirmed, failure rate, still to collect. */
export const podReportOptions = (query: ReportQuery) =>
  queryOptions({
    queryKey: reportKeys.pod(query),
    queryFn: ({ signal }) => apiRequest<PodReport>(`/api/reports/pod?${reportSearch(query)}`, { signal }),
    staleTime: 0,
  });

/** One page of the stock report (limit ≤ 200), with the totals over every matching variant. */
export const stockReportOptions = (query: Partial<StockQuery>) =>
  queryOptions({
    queryKey: reportKeys.stock(query),
    queryFn: ({ signal }) => apiRequest<StockReport>(`/api/reports/stock?${reportSearch(query)}`, { signal }),
    staleTime: 0,
  });

/**
 * Downloads a report's CSV for the same query (`/api/reports/sales.csv?…`). The member's token
 * rides in a header, so the file is fetched and saved rather than opened as a plain link.
 */
export async function downloadReportCsv(
  report: string,
  query: Record<string, string | number | undefined>,
  fileName: string,
): Promise<void> {
  const { saveFile } = await import('../files.ts');
  saveFile(await apiRequestBlob(`/api/reports/${report}.csv?${reportSearch(query)}`), fileName);
}
