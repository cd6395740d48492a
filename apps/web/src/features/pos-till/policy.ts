/**
 * What the cashier's role lets them do at the till, decided on the device (offline): a
 * discount above the role's limit and any price override follow the role's pos.discount /
 * pos.priceOverride policy; selling more than the stock last seen follows pos.negativeStock;
 * an offline sale above the owner's limits needs a manager. 'deny' hides the control (or
 * refuses the sale), 'approval' asks for a manager's PIN, 'allow' goes ahead. The server
 * checks the same again when the sale syncs.
 */
import {
  type PosTillSettings,
  TILL_APPROVAL_POLICY,
  type TillApprovalAction,
  type TillStaff,
  type TillVariant,
} from '@shop/shared/pos-till';
import { type CartLine, cartTotals } from './cart.ts';

type Policy = 'allow' | 'deny' | 'approval';

export interface Needed {
  action: TillApprovalAction;
  /** Kobo the approval covers (the discount, the override's difference, the sale). */
  amount: number;
  reason: string;
}

export interface SaleCheck {
  /** Approvals a manager must give first. */
  approvals: Needed[];
  /** Why the sale cannot be made at all (a policy says deny). */
  refused: string[];
}

function discountOverLimit(line: CartLine, role: TillStaff['role']): boolean {
  if (!line.discount) return false;
  return line.discount * 100 > role.discountLimitPercent * (line.unitPrice ?? line.listPrice);
}

/** Which line edits the role may make: a policy of 'deny' hides them (a discount within the limit is always allowed). */
export function lineControls(role: TillStaff['role']) {
  return {
    discount: role.pos.discount !== 'deny' || role.discountLimitPercent > 0,
    priceOverride: role.pos.priceOverride !== 'deny',
  };
}

function apply(policy: Policy, need: Needed, check: SaleCheck) {
  if (policy === 'deny') check.refused.push(`${need.reason}: your role may not`);
  else if (policy === 'approval') check.approvals.push(need);
}

export interface SaleContext {
  lines: CartLine[];
  cashier: TillStaff;
  variants: Map<string, TillVariant>;
  settings: PosTillSettings | undefined;
  offline: boolean;
  /** Kobo of this till's offline sales since its last sync. */
  offlineSinceSync: number;
}

export function checkSale({ lines, cashier, variants, settings, offline, offlineSinceSync }: SaleContext): SaleCheck {
  const check: SaleCheck = { approvals: [], refused: [] };
  const { pos } = cashier.role;
  for (const line of lines) {
    if (discountOverLimit(line, cashier.role)) {
      apply(
        pos.discount,
        { action: 'discount', amount: (line.discount ?? 0) * line.quantity, reason: `Discount on ${line.title}` },
        check,
      );
    }
    if (line.unitPrice !== undefined && line.unitPrice !== line.listPrice) {
      const amount = Math.abs(line.listPrice - line.unitPrice) * line.quantity;
      apply(pos.priceOverride, { action: 'price_override', amount, reason: `Price of ${line.title}` }, check);
    }
    const stock = variants.get(line.variantId)?.stock;
    if (offline && stock !== undefined && line.quantity > stock) {
      apply(
        pos.negativeStock,
        { action: 'negative_stock', amount: 0, reason: `${line.title}: only ${Math.max(stock, 0)} in stock` },
        check,
      );
    }
  }
  const { total } = cartTotals(lines);
  if (offline && settings) {
    const overSale = settings.posOfflineSaleLimit > 0 && total > settings.posOfflineSaleLimit;
    const overTill = settings.posOfflineTillLimit > 0 && offlineSinceSync + total > settings.posOfflineTillLimit;
    if (overSale || overTill) {
      check.approvals.push({
        action: 'offline_limit',
        amount: total,
        reason: overSale ? 'Above the limit of one offline sale' : "Above this till's offline limit until it syncs",
      });
    }
  }
  return check;
}

/**
 * The members who may approve `action`: their own role allows it (TILL_APPROVAL_POLICY, as the
 * server checks: an offline limit by a role that may sell below zero), and they have a PIN here.
 */
export function approvers(staff: TillStaff[], action: TillApprovalAction): TillStaff[] {
  return staff.filter((member) => member.pin !== null && member.role.pos[TILL_APPROVAL_POLICY[action]] === 'allow');
}
