import { formatNaira, nairaToKobo } from '@shop/shared/money';

interface PriceProps {
  /** Naira, before discount. */
  price: number;
  /** Naira, an amount off. */
  discount?: number;
  className?: string;
}

/** A price in naira; with a discount, the old price struck through and the sale price beside it. */
export function Price({ price, discount = 0, className = '' }: PriceProps) {
  const sale = Math.max(0, price - discount);
  if (discount <= 0) return <p className={`tabular-nums ${className}`}>{formatNaira(nairaToKobo(price))}</p>;
  return (
    <p className={`flex flex-wrap items-baseline gap-x-2 tabular-nums ${className}`}>
      <span className="font-semibold text-sale">
        <span className="sr-only">Sale price </span>
        {formatNaira(nairaToKobo(sale))}
      </span>
      <s className="text-[0.9em] text-muted">
        <span className="sr-only">Was </span>
        {formatNaira(nairaToKobo(price))}
      </s>
    </p>
  );
}
