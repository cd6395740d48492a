/** An order's lines as every order message lists them: what, which size and colour, how many, for how much. */
import { formatNairaAmount, type OrderView } from '@shop/shared';
import { variantText } from './format.ts';
import { Items } from './layout.tsx';

export function OrderLines({ lines }: { lines: OrderView['lines'] }) {
  return (
    <Items
      items={lines.map((line) => {
        const unit = line.unitPrice - line.unitDiscount;
        const each =
          line.unitDiscount > 0
            ? `${line.quantity} × ${formatNairaAmount(unit)} (was ${formatNairaAmount(line.unitPrice)})`
            : `${line.quantity} × ${formatNairaAmount(unit)}`;
        return { key: line.id, title: line.title, details: [variantText(line), each], value: formatNairaAmount(line.lineTotal) };
      })}
    />
  );
}
