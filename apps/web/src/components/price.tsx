import { formatNairaAmount } from '@shop/shared/money';

interface PriceProps {
  /** Naira, before discount. */
  price: number;
  /** Naira, an amount off. */
  discount?: number;
  /** Naira: the lowest price of the product's sizes and colours, when some cost less (shown as "from ₦X"). */
  from?: number;
  className?: string;
}

/**
 * A price in naira; with a discount, the old price struck through and the sale price beside
 * it; "from ₦X" when the product's sizes or colours are priced differently.
 */
export function Price({ price, discount = 0, from, className = '' }: PriceProps) {
  const sale = Math.max(0, price - discount);
  if (from !== undefined && from < sale) return <p className={`tabular-nums ${className}`}>from {formatNairaAmount(from)}</p>;
  if (discount <= 0) return <p className={`tabular-nums ${className}`}>{formatNairaAmount(price)}</p>;
  return (
    <p className={`flex flex-wrap items-baseline gap-x-2 tabular-nums ${className}`}>
      <span className="font-semibold text-sale">
        <span className="sr-only">Sale price </span>
        {formatNairaAmount(sale)}
      </span>
      <s className="text-[0.9em] text-muted">
        <span className="sr-only">Was </span>
        {formatNairaAmount(price)}
      </s>
    </p>
  );
}
