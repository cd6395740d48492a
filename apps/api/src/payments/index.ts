/**
 * The payments' public surface: the provider chosen from the configuration, the payment
 * service (start, verify, webhook), and the card refunds port the orders' settlement uses.
 */
export { default as paymentRoutes } from './routes.ts';
export { cardRefundsFor } from './card-refunds.ts';
export { type ConfiguredProvider, configuredProvider } from './configured.ts';
export { isValidPaystackSignature } from './paystack.ts';
export { type PaymentProvider, PaymentProviderError, type VerifyResult } from './provider.ts';
export { SANDBOX_CARDS, type SandboxProvider } from './sandbox.ts';
export { createPaymentService, PAYMENTS_UNAVAILABLE, type PaymentService } from './service.ts';
