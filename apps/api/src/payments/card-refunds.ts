/**
 * The payment provider as the orders' settlement sees it for money going back to a card
 * (orders/settlement.ts's `CardRefunds` port): a refund accepted, refused (with the
 * provider's reason), or not answered at all (timed out, cut off: it may have been made, so
 * the orders keep it pending and look it up before the next refund).
 */
import type { FastifyBaseLogger } from 'fastify';
import { type CardRefunds, REFUND_REFUSED } from '../orders/index.ts';
import { type PaymentProvider, PaymentProviderError } from './provider.ts';

export function cardRefundsFor(provider: PaymentProvider, log: FastifyBaseLogger): CardRefunds {
  return {
    provider: provider.name,
    label: provider.name === 'paystack' ? 'Paystack' : 'The sandbox',
    async refund(input) {
      try {
        const accepted = await provider.refund(input);
        return { kind: 'accepted', id: accepted.id, status: accepted.status };
      } catch (error) {
        if (error instanceof PaymentProviderError && error.noAnswer) {
          log.warn({ err: error, reference: input.reference }, 'card refund: the provider did not answer');
          return { kind: 'no-answer' };
        }
        log.error({ err: error, reference: input.reference }, 'card refund refused');
        return { kind: 'refused', reason: error instanceof PaymentProviderError ? error.message : REFUND_REFUSED };
      }
    },
    listRefunds: (reference) => provider.listRefunds(reference),
  };
}
