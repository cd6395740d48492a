/** A point-of-sale sale (POST /api/pos/orders → receipt data). */
import type { PosOrderBody, PosReceipt } from '@shop/shared/admin';
import { mutationOptions } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { productKeys } from './products.ts';

export const posSaleMutation = mutationOptions({
  mutationFn: (body: PosOrderBody) => apiRequest<PosReceipt>('/api/pos/orders', { method: 'POST', body }),
  // Stock, purchases and the overview's figures changed.
  onSuccess: (_receipt, _body, _result, { client }) =>
    Promise.all([client.invalidateQueries({ queryKey: productKeys.all }), client.invalidateQueries({ queryKey: ['admin'] })]),
});
