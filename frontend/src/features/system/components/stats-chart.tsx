import { LineChart } from '@mantine/charts';
import { ChartLegend } from '@/components/chart-legend';
import { useIsPhone } from '@/lib/media';
import type { ChartMonth } from '../api/schemas';
import { monthText } from './format';

/**
 * Colours with at least 3:1 contrast on white (WCAG 1.4.11 for graphics): blue 7 and orange 9
 * (Mantine's default orange is about 2.5:1).
 */
export const STATS_SERIES = [
  { name: 'signups', label: 'Signups', color: 'blue.7' },
  { name: 'activeCompanies', label: 'Active companies', color: 'orange.9' },
] as const;

/** Every month's label, and room at both ends for the first and last ones. */
const EVERY_MONTH = { interval: 0, minTickGap: 0, padding: { left: 28, right: 28 } } as const;
/** On a phone twelve labels fit only slanted. */
const SLANTED = { height: 64, tick: { angle: -45, textAnchor: 'end', fontSize: 11, fill: 'currentColor' } } as const;

/**
 * The lines of signups and active companies per month. Recharts is the biggest code of the
 * screen, so this is its own chunk (see stats-screen.tsx). Hidden from screen readers, which read
 * the table of the same figures. Every month is labelled: Recharts drops the labels it finds
 * crowded, which left a month without its name; on a phone they slant to fit.
 */
export default function StatsChart({ months }: { months: readonly ChartMonth[] }) {
  const isPhone = useIsPhone();
  return (
    <div aria-hidden="true" data-testid="stats-chart">
      <LineChart
        h={isPhone ? 300 : 260}
        data={months.map((m) => ({ ...m, label: monthText(m.month) }))}
        dataKey="label"
        series={STATS_SERIES.map((s) => ({ ...s }))}
        xAxisLabel="Month"
        yAxisLabel="Companies"
        xAxisProps={{ ...EVERY_MONTH, ...(isPhone ? SLANTED : {}) }}
        yAxisProps={{ allowDecimals: false }}
        curveType="linear"
        accessibilityLayer={false}
        tooltipAnimationDuration={150}
      />
      <ChartLegend series={STATS_SERIES} />
    </div>
  );
}
