/**
 * The reports' date presets, as calendar days in Lagos (UTC+1 all year, no daylight saving),
 * the days the API counts sales on: "Today" at 00:30 in Lagos is already the Lagos day, even
 * on a machine whose clock says yesterday.
 */
import type { SalesGroup } from '@shop/shared/reports';

export const PRESETS = [
  { id: 'today', label: 'Today' },
  { id: 'yesterday', label: 'Yesterday' },
  { id: 'last7', label: 'Last 7 days' },
  { id: 'last30', label: 'Last 30 days' },
  { id: 'thisMonth', label: 'This month' },
  { id: 'lastMonth', label: 'Last month' },
  { id: 'thisYear', label: 'This year' },
  { id: 'custom', label: 'Custom' },
] as const;
export type PresetId = (typeof PRESETS)[number]['id'];

const LAGOS_OFFSET_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** YYYY-MM-DD of a UTC midnight. */
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Today's date in Lagos. */
export const lagosToday = (now: Date = new Date()): string => iso(now.getTime() + LAGOS_OFFSET_MS);

/** The days a preset covers, both included ("Last 7 days" includes today, as the overview's). */
export function presetRange(preset: Exclude<PresetId, 'custom'>, now: Date = new Date()): { from: string; to: string } {
  const today = lagosToday(now);
  const t = Date.parse(`${today}T00:00:00Z`);
  const [y, m] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: iso(t - DAY_MS), to: iso(t - DAY_MS) };
    case 'last7':
      return { from: iso(t - 6 * DAY_MS), to: today };
    case 'last30':
      return { from: iso(t - 29 * DAY_MS), to: today };
    case 'thisMonth':
      return { from: iso(Date.UTC(y, m - 1, 1)), to: today };
    case 'lastMonth':
      return { from: iso(Date.UTC(y, m - 2, 1)), to: iso(Date.UTC(y, m - 1, 0)) };
    case 'thisYear':
      return { from: `${y}-01-01`, to: today };
  }
}

/** The sales report's groupings, in the words of the page. */
export const GROUP_LABELS: Record<SalesGroup, string> = {
  day: 'Day',
  week: 'Week',
  month: 'Month',
  product: 'Product',
  variant: 'Variant (size, colour)',
  category: 'Category',
  brand: 'Brand',
  channel: 'Channel (web, till)',
  payment_method: 'Payment method',
  staff: 'Staff',
  state: 'State',
};
