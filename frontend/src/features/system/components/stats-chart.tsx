import { LineChart } from '@mantine/charts';
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

/**
 * The lines of signups and active companies per month. Recharts is the biggest code of the
 * screen, so this is its own chunk (see stats-screen.tsx). Hidden from screen readers, which read
 * the table of the same figures.
 */
export default function StatsChart({ months }: { months: readonly ChartMonth[] }) {
  return (
    <div aria-hidden="true" data-testid="stats-chart">
      <LineChart
        h={260}
        data={months.map((m) => ({ ...m, label: monthText(m.month) }))}
        dataKey="label"
        series={STATS_SERIES.map((s) => ({ ...s }))}
        withLegend
        // The legend in the series' order (Recharts sorts it by name otherwise).
        legendProps={{
          verticalAlign: 'bottom',
          itemSorter: (item) => STATS_SERIES.findIndex((s) => s.name === item.dataKey || s.name === item.value || s.label === item.value),
        }}
        curveType="linear"
        accessibilityLayer={false}
        tooltipAnimationDuration={150}
      />
    </div>
  );
}
