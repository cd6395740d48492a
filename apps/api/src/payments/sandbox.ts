/**
 * The offline payment provider, used when no Paystack keys are set. It keeps its own
 * ledger in the database (so every API process agrees), and the web app's test checkout
 * records the outcome of a success card or a decline card there. Verification then goes
 * through exactly the same code path as Paystack's.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sandboxTransactions } from '../db/schema/index.ts';
import { paystackLocalFee } from '../orders/index.ts';
import { type InitializeInput, type PaymentProvider, PaymentProviderError, type VerifyResult } from './provider.ts';

/** Test cards shown by the sandbox checkout. */
export const SANDBOX_CARDS = {
  success: '4084 0840 8408 4081',
  decline: '4000 0000 0000 0002',
} as const;

export type SandboxProvider = PaymentProvider & {
  pay(reference: string, card: string): Promise<'success' | 'failed' | undefined>;
};

export function createSandboxProvider(db: Db): SandboxProvider {
  return {
    name: 'sandbox',
    publicKey: '',

    async initialize(input: InitializeInput) {
      await db
        .insert(sandboxTransactions)
        .values({ reference: input.reference, amount: input.amount, currency: input.currency, email: input.email })
        .onConflictDoNothing();
      return { accessCode: `sandbox_${input.reference}` };
    },

    async verify(reference: string): Promise<VerifyResult> {
      const [tx] = await db.select().from(sandboxTransactions).where(eq(sandboxTransactions.reference, reference));
      if (!tx) return { status: 'pending', amount: 0, currency: '', reason: 'Unknown transaction', raw: null };
      return {
        status: tx.status,
        amount: tx.amount,
        currency: tx.currency,
        reason: tx.status === 'failed' ? 'Declined by the card issuer (sandbox decline card)' : undefined,
        // Paystack's published local rate, so the demo's profit counts card fees as real ones would.
        fee: tx.status === 'success' ? paystackLocalFee(tx.amount) : 0,
        raw: tx,
      };
    },

    /** The sandbox pays a refund back at once, for a transaction it was paid with. */
    async refund({ reference }) {
      const [tx] = await db.select().from(sandboxTransactions).where(eq(sandboxTransactions.reference, reference));
      if (tx?.status !== 'success') throw new PaymentProviderError('The sandbox has no paid transaction with that reference');
      return { id: `sandbox_refund_${randomUUID()}`, status: 'processed' as const };
    },

    /** The sandbox answers every refund at once, so none is ever left to look up. */
    async listRefunds() {
      return [];
    },

    /** Records the outcome of the test checkout; only a pending transaction can change. */
    async pay(reference: string, card: string) {
      const digits = card.replace(/\D/g, '');
      const outcome = digits === SANDBOX_CARDS.success.replace(/\D/g, '') ? 'success' : 'failed';
      const [row] = await db
        .update(sandboxTransactions)
        .set({ status: outcome, updatedAt: sql`now()` })
        .where(sql`${sandboxTransactions.reference} = ${reference} and ${sandboxTransactions.status} = 'pending'`)
        .returning();
      if (row) return row.status === 'pending' ? undefined : row.status;
      const [existing] = await db.select().from(sandboxTransactions).where(eq(sandboxTransactions.reference, reference));
      return existing && existing.status !== 'pending' ? existing.status : undefined;
    },
  };
}
