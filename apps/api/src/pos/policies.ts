/**
 * The till's rules a synced sale must have kept (issue 29), checked by the server whatever the
 * till did offline: a discount above the cashier role's discountLimitPercent and any price
 * override follow the role's pos.discount / pos.priceOverride policy (allow; deny; approval: an
 * approval by a manager whose role allows it, given by PIN on the till), and an offline sale
 * over the owner's limits (one sale, or the till's offline total since it last synced) needs
 * an 'offline_limit' approval. Pure: the caller loads the staff and the catalogue's prices.
 */
import {
  formatNaira,
  type PosAction,
  type PosPolicies,
  type PosTillSettings,
  type SyncSale,
  TILL_APPROVAL_POLICY,
  type TillApprovalAction,
} from '@shop/shared';

export interface PolicyMember {
  id: string;
  name: string;
  active: boolean;
  roleName: string;
  canSell: boolean;
  pos: PosPolicies;
  discountLimitPercent: number;
}

const WORDS: Record<TillApprovalAction, string> = {
  discount: 'a discount above their limit',
  price_override: 'price overrides',
  refund: 'refunds',
  negative_stock: 'selling below zero stock',
  offline_limit: 'a sale over the offline limit',
};

/** What one unit sells for at the till, and its till discount (kobo). */
export function tillUnit(line: SyncSale['lines'][number], salePrice: number): { unit: number; discount: number } {
  const unit = line.unitPrice ?? salePrice;
  return { unit, discount: Math.min(line.discount ?? 0, unit) };
}

/** The sale's total as the till priced it (kobo). */
export const tillTotal = (sale: SyncSale, salePrices: ReadonlyMap<string, number>) =>
  sale.lines.reduce((sum, line) => {
    const { unit, discount } = tillUnit(line, salePrices.get(line.variantId) ?? 0);
    return sum + (unit - discount) * line.quantity;
  }, 0);

/** Whether the sale carries an approval of `action` by a manager whose role allows it. */
export function approved(
  sale: Pick<SyncSale, 'approvals'>,
  action: TillApprovalAction,
  staff: ReadonlyMap<string, PolicyMember>,
): boolean {
  const policy: PosAction = TILL_APPROVAL_POLICY[action];
  return sale.approvals.some((a) => {
    const manager = staff.get(a.managerId);
    return a.action === action && manager?.active === true && manager.pos[policy] === 'allow';
  });
}

/** Why the cashier may not have done `action` as they did, or undefined when they may. */
function byPolicy(
  sale: SyncSale,
  cashier: PolicyMember,
  action: 'discount' | 'price_override',
  staff: ReadonlyMap<string, PolicyMember>,
) {
  const policy = cashier.pos[TILL_APPROVAL_POLICY[action]];
  if (policy === 'allow') return undefined;
  if (policy === 'deny') return `${cashier.name}'s role (${cashier.roleName}) does not allow ${WORDS[action]}`;
  return approved(sale, action, staff)
    ? undefined
    : `${WORDS[action][0]!.toUpperCase()}${WORDS[action].slice(1)} needs a manager's approval`;
}

/**
 * Why the sale cannot be recorded as it is, or undefined. `offlineSoFar`: the till's offline
 * sales (kobo) recorded since it last synced, before this one.
 */
export function policyRefusal(
  sale: SyncSale,
  salePrices: ReadonlyMap<string, number>,
  staff: ReadonlyMap<string, PolicyMember>,
  settings: PosTillSettings,
  offlineSoFar: number,
): string | undefined {
  const cashier = staff.get(sale.cashierId);
  if (!cashier) return 'Unknown cashier';
  if (!cashier.active || !cashier.canSell) return `${cashier.name} may not sell at the till`;
  for (const line of sale.lines) {
    const salePrice = salePrices.get(line.variantId) ?? 0;
    if (line.unitPrice !== undefined && line.unitPrice !== salePrice) {
      const refused = byPolicy(sale, cashier, 'price_override', staff);
      if (refused) return refused;
    }
    const { unit, discount } = tillUnit(line, salePrice);
    if (discount * 100 > unit * cashier.discountLimitPercent) {
      const refused = byPolicy(sale, cashier, 'discount', staff);
      if (refused) return refused;
    }
  }
  if (!sale.offline) return undefined;
  const total = tillTotal(sale, salePrices);
  const { posOfflineSaleLimit: saleLimit, posOfflineTillLimit: tillLimit } = settings;
  const over =
    saleLimit > 0 && total > saleLimit
      ? `over the offline limit of ${formatNaira(saleLimit)} a sale`
      : tillLimit > 0 && offlineSoFar + total > tillLimit
        ? `over the till's offline limit of ${formatNaira(tillLimit)} between syncs`
        : undefined;
  if (over && !approved(sale, 'offline_limit', staff)) return `A sale ${over} needs a manager's approval`;
  return undefined;
}
