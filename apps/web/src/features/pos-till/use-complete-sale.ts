/**
 * Completing a sale: the role's policies are checked on the device (policy.ts); a refusal is
 * said, each approval needed is asked of a manager by PIN in turn (recorded on the sale as
 * the sync sends it), then the sale is kept on the device with its receipt number and synced
 * when the network allows.
 */
import type { TillStaff } from '@shop/shared/pos-till';
import { useState } from 'react';
import { approvers, checkSale, type Needed } from './policy.ts';
import { offlineWaiting, useTill } from './till-store.ts';

export interface PendingApproval extends Needed {
  members: TillStaff[];
}

export function useCompleteSale(cashier: TillStaff) {
  const [asking, setAsking] = useState<PendingApproval | null>(null);
  const [refused, setRefused] = useState<string[]>([]);

  /** What stops the sale now: refusals, or the first approval still missing. */
  function evaluate(): { refused: string[]; need: PendingApproval | null } {
    const { lines, staff, index, settings, sales, approvals } = useTill.getState();
    const check = checkSale({
      lines,
      cashier,
      variants: new Map(index.variants.map((v) => [v.id, v])),
      settings,
      offline: !navigator.onLine,
      offlineSinceSync: offlineWaiting(sales),
    });
    const need = check.approvals.find((n) => !approvals.some((a) => a.action === n.action));
    return {
      refused: check.refused,
      need: need ? { ...need, members: approvers(staff, need.action).filter((m) => m.id !== cashier.id) } : null,
    };
  }

  async function complete() {
    const { refused: why, need } = evaluate();
    setRefused(why);
    if (why.length > 0) return;
    if (need) {
      setAsking(need);
      return;
    }
    await useTill.getState().complete();
  }

  function approved(manager: TillStaff) {
    if (!asking) return;
    useTill.getState().addApproval({
      id: crypto.randomUUID(),
      action: asking.action,
      managerId: manager.id,
      amount: asking.amount,
      at: new Date().toISOString(),
    });
    setAsking(null);
    void complete();
  }

  return { asking, refused, complete, approved, cancel: () => setAsking(null) };
}
