/** How the till's back-office pages word things: approvals, tenders, options. */
import type { TillApprovalAction } from '@shop/shared/pos-till';

export const APPROVAL_WORDS: Record<TillApprovalAction, string> = {
  discount: 'Discount above the limit',
  price_override: 'Price changed',
  refund: 'Refund',
  negative_stock: 'Sold without stock',
  offline_limit: 'Over the offline limit',
};

export const TENDER_WORDS = {
  cash: 'Cash',
  card: 'Card (terminal)',
  transfer: 'Bank transfer',
  store_credit: 'Store credit',
} as const;

/** "Medium / Red", or "" for a variant without options. */
export const optionWords = (size: string, colour: string) => [size.toUpperCase(), colour].filter(Boolean).join(' / ');
