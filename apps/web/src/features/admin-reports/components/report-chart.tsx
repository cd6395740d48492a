/**
 * A report's bar chart (Chart.js, through react-chartjs-2). This module is the only one that
 * imports the library, and the pages load it with React.lazy, so Chart.js is fetched only when
 * a report is opened: neither the storefront nor the rest of the back office carries it. The
 * table beneath each chart holds the same figures for screen readers and the CSV; the canvas
 * itself is labelled as an image. No animation when the member asked for reduced motion.
 */
import { BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';

ChartJS.register(CategoryScale, LinearScale, BarElement, Tooltip, Legend);

export interface ChartSeries {
  label: string;
  /** One per label: kobo, or a count with `counts`. */
  values: number[];
  colour: string;
}

const reducedMotion = () =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

const naira = (kobo: number) => `₦${(kobo / 100).toLocaleString('en-NG', { maximumFractionDigits: 0 })}`;

export default function ReportChart({
  title,
  labels,
  series,
  counts = false,
}: {
  title: string;
  labels: string[];
  series: ChartSeries[];
  /** The values are counts (orders), not kobo. */
  counts?: boolean;
}) {
  const format = (value: unknown) => (counts ? Number(value).toLocaleString('en-NG') : naira(Number(value)));
  return (
    <div className="relative h-64 w-full">
      <Bar
        role="img"
        aria-label={`${title}: the figures are in the table below`}
        data={{
          labels,
          datasets: series.map((s) => ({ label: s.label, data: s.values, backgroundColor: s.colour })),
        }}
        options={{
          maintainAspectRatio: false,
          animation: reducedMotion() ? false : undefined,
          scales: { y: { ticks: { callback: format } } },
          plugins: { tooltip: { callbacks: { label: (item) => `${item.dataset.label}: ${format(item.raw)}` } } },
        }}
      />
    </div>
  );
}
