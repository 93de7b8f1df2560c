import { BarChart } from '@mantine/charts';
import type { DailyHoursBar } from './daily-hours';

/**
 * Colours with at least 3:1 contrast on white (WCAG 1.4.11 for graphics): blue 7, orange 9 and
 * teal 9 (Mantine's default shades of orange and teal are about 2.5:1).
 */
export const DAILY_HOURS_SERIES = [
  { name: 'Regular', color: 'blue.7' },
  { name: 'Overtime', color: 'orange.9' },
  { name: 'PTO', color: 'teal.9' },
] as const;

export const formatChartHours = (hours: number): string => hours.toFixed(2);

/**
 * The stacked bars of 'Hours per day'. Recharts is the biggest code of the dashboard, so this is
 * its own chunk (see daily-hours-card.tsx): the rest of the dashboard does not wait for it.
 * Hidden from screen readers, which read the card's table of the same figures.
 */
export default function DailyHoursChart({ bars }: { bars: DailyHoursBar[] }) {
  return (
    <div aria-hidden="true" data-testid="daily-hours-chart">
      <BarChart
        h={260}
        data={bars}
        dataKey="day"
        type="stacked"
        series={DAILY_HOURS_SERIES.map((s) => ({ ...s }))}
        valueFormatter={formatChartHours}
        yAxisLabel="Hours"
        withLegend
        // The legend in the order of the stack (Recharts sorts it by name otherwise).
        legendProps={{ verticalAlign: 'bottom', itemSorter: (item) => DAILY_HOURS_SERIES.findIndex((s) => s.name === item.value) }}
        accessibilityLayer={false}
        tooltipAnimationDuration={150}
      />
    </div>
  );
}
