/** The tab bar between the reports: each report is its own page (/reports, /reports/stock, …). */
import { NavLink } from 'react-router';

export const REPORT_TABS = [{ to: '/reports', label: 'Sales' }] as const;

export function ReportsTabs() {
  return (
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
  );
}
