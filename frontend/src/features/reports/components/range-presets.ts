import { addDays } from '@/lib/company-time';
import type { PayPeriod } from '../api/pay-periods';

export const PRESET_LABELS = ['This pay period', 'Last pay period', 'This month', 'Last month', 'Year to date'] as const;
export type PresetLabel = (typeof PRESET_LABELS)[number];

/** A quick range of the report filter; `range` null while it cannot be known (the pay periods not loaded yet). */
export interface RangePreset {
  label: PresetLabel;
  range: [string, string] | null;
}

const firstOfMonth = (isoDate: string): string => `${isoDate.slice(0, 7)}-01`;

/** The first day of the month after the one holding `isoDate`. */
function firstOfNextMonth(isoDate: string): string {
  const year = Number(isoDate.slice(0, 4));
  const month = Number(isoDate.slice(5, 7));
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

/**
 * The filter's quick ranges on the company's `today` ('YYYY-MM-DD' in its zone). The pay periods
 * are the server's (it alone knows the pay cycle): this one holds today, the last one ends the
 * day before it starts. Months are whole calendar months, as a pay period is whole, so 'This
 * month' also shows time off already approved for its last days; 'Year to date' ends today.
 */
export function rangePresets(today: string, periods: readonly Pick<PayPeriod, 'start' | 'end'>[]): RangePreset[] {
  const current = periods.find((p) => p.start <= today && today <= p.end);
  const last = current ? periods.find((p) => p.end === addDays(current.start, -1)) : undefined;
  const thisMonth = firstOfMonth(today);
  const lastMonth = firstOfMonth(addDays(thisMonth, -1));
  return [
    { label: 'This pay period', range: current ? [current.start, current.end] : null },
    { label: 'Last pay period', range: last ? [last.start, last.end] : null },
    { label: 'This month', range: [thisMonth, addDays(firstOfNextMonth(today), -1)] },
    { label: 'Last month', range: [lastMonth, addDays(thisMonth, -1)] },
    { label: 'Year to date', range: [`${today.slice(0, 4)}-01-01`, today] },
  ];
}

/** Whether the filter's range is this preset's (its button shows as pressed; with a monthly pay cycle 'This month' may be too). */
export const isPresetRange = (preset: RangePreset, range: readonly (string | null)[]): boolean =>
  !!preset.range && preset.range[0] === range[0] && preset.range[1] === range[1];
