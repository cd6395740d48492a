/**
 * The last 30 days' revenue as an inline SVG bar chart (no chart library). Each bar has a
 * tooltip (<title>) and the data is also given as a visually hidden table for screen readers.
 */
import { formatNairaAmount } from '@shop/shared/money';

export interface DailyPoint {
  date: string;
  revenue: number;
  orders: number;
}

const WIDTH = 720;
const HEIGHT = 220;
const PAD = { top: 12, right: 8, bottom: 28, left: 64 };

/** A round upper bound for the axis: 1, 2 or 5 × 10ⁿ. */
export function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (value <= step * power) return step * power;
  return 10 * power;
}

const shortNaira = (n: number) =>
  n >= 1_000_000 ? `₦${(n / 1_000_000).toFixed(n % 1_000_000 ? 1 : 0)}m` : n >= 1000 ? `₦${Math.round(n / 1000)}k` : `₦${n}`;

const dayLabel = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const label = (date: string) => dayLabel.format(new Date(`${date}T00:00:00Z`));

export function RevenueChart({ daily }: { daily: DailyPoint[] }) {
  const max = niceMax(Math.max(0, ...daily.map((d) => d.revenue)));
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const slot = innerW / Math.max(daily.length, 1);
  const barW = Math.max(2, slot * 0.7);
  const y = (v: number) => PAD.top + innerH - (v / max) * innerH;
  const ticks = [0, max / 2, max];

  return (
    <figure>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby="revenue-chart-title" className="h-auto w-full">
        <title id="revenue-chart-title">Revenue per day over the last 30 days</title>
        {ticks.map((t) => (
          <g key={t}>
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(t)}
              y2={y(t)}
              stroke="#e5e5e5"
              strokeDasharray={t === 0 ? undefined : '4 4'}
            />
            <text x={PAD.left - 8} y={y(t) + 4} textAnchor="end" fontSize="11" fill="#737373">
              {shortNaira(t)}
            </text>
          </g>
        ))}
        {daily.map((d, i) => {
          const h = (d.revenue / max) * innerH;
          const x = PAD.left + i * slot + (slot - barW) / 2;
          return (
            <g key={d.date}>
              <rect x={x} y={PAD.top + innerH - h} width={barW} height={Math.max(h, d.revenue > 0 ? 1 : 0)} rx="2" fill="#b4531f">
                <title>{`${label(d.date)}: ${formatNairaAmount(d.revenue)} (${d.orders} orders)`}</title>
              </rect>
              {i % 5 === 0 || i === daily.length - 1 ? (
                <text x={x + barW / 2} y={HEIGHT - 8} textAnchor="middle" fontSize="11" fill="#737373">
                  {label(d.date)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      {/* Tables ignore overflow, so the visually hidden copy sits in a hidden div. */}
      <div className="sr-only">
        <table>
          <caption>Revenue per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Revenue</th>
              <th scope="col">Orders</th>
            </tr>
          </thead>
          <tbody>
            {daily.map((d) => (
              <tr key={d.date}>
                <td>{label(d.date)}</td>
                <td>{formatNairaAmount(d.revenue)}</td>
                <td>{d.orders}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
