/**
 * A payment provider as the checkout sees it. Two implementations: Paystack (real money,
 * when keys are configured) and the offline sandbox. Orders never trust the browser: an
 * order counts as paid only after `verify` (or a signed webhook) says so and the amount
 * and currency match the order.
 */
import type { PaymentOutcome } from '../orders/index.ts';

export interface InitializeInput {
  reference: string;
  /** Integer kobo. */
  amount: number;
  currency: string;
  email: string;
  metadata?: Record<string, unknown>;
}

export interface InitializeResult {
  accessCode?: string;
  authorizationUrl?: string;
}

export type VerifyStatus = 'success' | 'failed' | 'pending';

/** What the provider says about a payment: the orders' PaymentOutcome, with its answer as received. */
export interface VerifyResult extends PaymentOutcome {
  status: VerifyStatus;
  raw: unknown;
}

export interface RefundResult {
  /** The provider's id for the refund (its webhooks name it). */
  id: string;
  /** `pending`: the provider pays it out later and says so by webhook. */
  status: 'pending' | 'processed';
}

/** A refund as the provider knows it (Paystack's list of refunds of a transaction). */
export interface ProviderRefund {
  id: string;
  /** Integer kobo. */
  amount: number;
  status: 'pending' | 'processed' | 'failed';
}

export interface PaymentProvider {
  readonly name: 'paystack' | 'sandbox';
  /** The key the browser needs to open the checkout (Paystack's public key; empty for the sandbox). */
  readonly publicKey: string;
  initialize(input: InitializeInput): Promise<InitializeResult>;
  verify(reference: string): Promise<VerifyResult>;
  /**
   * Gives `amount` kobo of the payment made with `reference` back to the card; throws
   * PaymentProviderError when refused, or when no answer came (`noAnswer`: it may have been done).
   */
  refund(input: { reference: string; amount: number; reason: string }): Promise<RefundResult>;
  /** The refunds the provider holds for the payment made with `reference`. */
  listRefunds(reference: string): Promise<ProviderRefund[]>;
}

export class PaymentProviderError extends Error {
  constructor(
    message: string,
    /** No answer came (unreachable, timed out, the connection dropped): the request may or may not have been carried out. */
    readonly noAnswer = false,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}
