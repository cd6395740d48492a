/**
 * Marketing e-mail (issue 31): the signed-in shopper's consent (/api/account/marketing), the
 * unsubscribe by an e-mail's token, back-in-stock alerts, and the back office's count of
 * alerts waiting per variant. Types only from @shop/shared/marketing: its schemas (zod) stay
 * out of the product page's chunk.
 */
import type { MarketingConsentView, StockAlertBody } from '@shop/shared/marketing';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';

export const marketingKeys = { consent: ['marketing', 'consent'] as const };

export const marketingConsentOptions = queryOptions({
  queryKey: marketingKeys.consent,
  queryFn: ({ signal }) => apiRequest<MarketingConsentView>('/api/account/marketing', { signal }),
});

export const setMarketingConsentMutation = mutationOptions({
  mutationFn: (consent: boolean) =>
    apiRequest<MarketingConsentView>('/api/account/marketing', { method: 'PUT', body: { consent } }),
  onSuccess: (view, _consent, _result, { client }) => client.setQueryData(marketingKeys.consent, view),
});

export const unsubscribeMutation = mutationOptions({
  mutationFn: (token: string) =>
    apiRequest<{ email: string; unsubscribed: true }>('/api/marketing/unsubscribe', { method: 'POST', body: { token } }),
});

export const stockAlertMutation = mutationOptions({
  mutationFn: (body: StockAlertBody) =>
    apiRequest<{ variantId: string; email: string; createdAt: string }>('/api/alerts/stock', { method: 'POST', body }),
});

/** Back office: open alerts per variant of a product ({variantId: count}, none left out as 0). */
export const waitingAlertsOptions = (productId: string) =>
  queryOptions({
    queryKey: ['marketing', 'stock-alerts', productId] as const,
    queryFn: ({ signal }) =>
      apiRequest<{ waiting: Record<string, number> }>(`/api/admin/products/${encodeURIComponent(productId)}/stock-alerts`, {
        signal,
      }),
  });
