/**
 * The payment provider chosen from the configuration: Paystack when both keys are set,
 * otherwise the offline sandbox, which is refused in production unless
 * ALLOW_SANDBOX_IN_PRODUCTION=true (checkout then answers 503).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { createPaystackProvider } from './paystack.ts';
import type { PaymentProvider } from './provider.ts';
import { createSandboxProvider, type SandboxProvider } from './sandbox.ts';

export interface ConfiguredProvider {
  /** Undefined when payments are not configured (production without keys). */
  provider: PaymentProvider | undefined;
  sandbox: SandboxProvider | undefined;
}

export function configuredProvider(config: Config, db: Db, log: FastifyBaseLogger): ConfiguredProvider {
  if (config.paystack) return { provider: createPaystackProvider(config.paystack), sandbox: undefined };
  if (config.env !== 'production' || config.allowSandboxInProduction) {
    const sandbox = createSandboxProvider(db);
    return { provider: sandbox, sandbox };
  }
  log.warn('No Paystack keys in production: checkout is disabled (set PAYSTACK_SECRET_KEY and PAYSTACK_PUBLIC_KEY)');
  return { provider: undefined, sandbox: undefined };
}
