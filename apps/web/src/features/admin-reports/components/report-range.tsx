/**
 * The days and comparison every dated report takes: a preset or two Lagos days (Custom), and
 * no comparison, the previous period or the same days a year earlier. A report adds its own
 * choices (the sales report's grouping) between the dates and the comparison.
 */
import type { REPORT_COMPARISONS } from '@shop/shared/reports';
import { type ReactNode, useState } from 'react';
import { Card, Field, inputClass } from '@/components/admin/ui.tsx';
import { lagosToday, PRESETS, type PresetId, presetRange } from '../presets.ts';
import { Choice } from './report-parts.tsx';

type Compare = (typeof REPORT_COMPARISONS)[number] | '';
const COMPARE_LABELS: Record<Compare, string> = {
  '': 'No comparison',
  previous_period: 'Previous period',
  previous_year: 'Same period last year',
};

export function useReportRange() {
  const [preset, setPreset] = useState<PresetId>('last30');
  const [custom, setCustom] = useState(() => presetRange('last30'));
  const [compare, setCompare] = useState<Compare>('');
  const range = preset === 'custom' ? custom : presetRange(preset);
  return {
    range,
    /** from, to and compare (left out when none), as the API takes them. */
    query: { ...range, ...(compare ? { compare } : {}) },
    controls: { preset, setPreset, custom, setCustom, compare, setCompare, range },
  };
}

export function RangeControls({
  controls: c,
  children,
}: {
  controls: ReturnType<typeof useReportRange>['controls'];
  children?: ReactNode;
}) {
  return (
    <Card className="mb-6">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Choice
          id="report-preset"
          label="Dates"
          value={c.preset}
          options={PRESETS.map((p) => [p.id, p.label])}
          onChange={(next) => {
            if (next === 'custom') c.setCustom(c.range);
            c.setPreset(next);
          }}
        />
        {children}
        <Choice
          id="report-compare"
          label="Compare with"
          value={c.compare}
          options={Object.entries(COMPARE_LABELS) as [Compare, string][]}
          onChange={c.setCompare}
        />
      </div>
      {c.preset === 'custom' ? (
        <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <DayInput
            label="From"
            value={c.custom.from}
            onChange={(from) => c.setCustom({ ...c.custom, from })}
            max={lagosToday()}
          />
          <DayInput label="To" value={c.custom.to} onChange={(to) => c.setCustom({ ...c.custom, to })} />
        </div>
      ) : null}
    </Card>
  );
}

/** A calendar day (YYYY-MM-DD, a Lagos day for the API); a cleared input keeps the last day. */
function DayInput({
  label,
  value,
  onChange,
  max,
}: {
  label: string;
  value: string;
  onChange: (day: string) => void;
  max?: string;
}) {
  const id = `report-${label.toLowerCase()}`;
  return (
    <Field label={label} htmlFor={id}>
      <input
        id={id}
        type="date"
        className={inputClass}
        value={value}
        max={max}
        onChange={(e) => e.target.value && onChange(e.target.value)}
      />
    </Field>
  );
}
