/**
 * What every report page starts with: the title, its Download CSV button (the same query as
 * the page, fetched with the member's token) and the tab bar between the reports, each its own
 * page (/reports, /reports/stock, …).
 */
import { Download } from 'lucide-react';
import { NavLink } from 'react-router';
import { buttonClass, PageHeader } from '@/components/admin/ui.tsx';
import { downloadReportCsv } from '@/lib/api/reports.ts';
import { notify } from '@/lib/notify.tsx';

export const REPORT_TABS = [
  { to: '/reports', label: 'Sales' },
  { to: '/reports/stock', label: 'Stock' },
  { to: '/reports/pod', label: 'Pay on delivery' },
  { to: '/reports/coupons', label: 'Coupons' },
  { to: '/reports/customers', label: 'Customers' },
] as const;

export function ReportHeader({
  description,
  csv,
}: {
  description: string;
  /** The report's CSV (`sales` for /api/reports/sales.csv), its query and the file's name. */
  csv: { report: string; query: Record<string, string | number | undefined>; fileName: string };
}) {
  const download = () =>
    downloadReportCsv(csv.report, csv.query, csv.fileName).catch((error: Error) =>
      notify.error(error.message, { area: 'admin' }),
    );
  return (
    <>
      <PageHeader
        title="Reports"
        description={description}
        actions={
          <button type="button" className={buttonClass.secondary} onClick={download}>
            <Download size={16} aria-hidden="true" /> Download CSV
          </button>
        }
      />
      <nav aria-label="Reports" className="mb-6 flex flex-wrap gap-1 border-b border-neutral-200">
        {REPORT_TABS.map((tab) => (
          <NavLink
            key={tab.to}
            to={tab.to}
            end
            className={({ isActive }) =>
              `-mb-px border-b-2 px-4 py-2 text-sm font-medium ${
                isActive ? 'border-neutral-900 text-neutral-900' : 'border-transparent text-neutral-600 hover:text-neutral-900'
              }`
            }
          >
            {tab.label}
          </NavLink>
        ))}
      </nav>
    </>
  );
}
