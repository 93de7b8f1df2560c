import { BarChart } from '@mantine/charts';
import { ChartLegend } from '@/components/chart-legend';
import { formatAxisHours, hourTicks, type DailyHoursBar } from './daily-hours';

/**
 * Colours with at least 3:1 contrast on white (WCAG 1.4.11 for graphics): blue 7, orange 9 and
 * teal 9 (Mantine's default shades of orange and teal are about 2.5:1).
 */
export const DAILY_HOURS_SERIES = [
  { name: 'Regular', label: 'Regular', color: 'blue.7' },
  { name: 'Overtime', label: 'Overtime', color: 'orange.9' },
  { name: 'PTO', label: 'PTO', color: 'teal.9' },
] as const;

export const formatChartHours = (hours: number): string => hours.toFixed(2);

/**
 * The stacked bars of 'Hours per day'. Recharts is the biggest code of the dashboard, so this is
 * its own chunk (see daily-hours-card.tsx): the rest of the dashboard does not wait for it.
 * Hidden from screen readers, which read the card's table of the same figures. The hour axis has
 * ticks of its own (`hourTicks`); the legend, in the order of the stack, is drawn below the bars.
 */
export default function DailyHoursChart({ bars }: { bars: DailyHoursBar[] }) {
  const ticks = hourTicks(bars);
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
        yAxisProps={{ ticks, domain: [0, ticks.at(-1) ?? 1], tickFormatter: formatAxisHours, interval: 0 }}
        accessibilityLayer={false}
        tooltipAnimationDuration={150}
      />
      <ChartLegend series={DAILY_HOURS_SERIES} />
    </div>
  );
}
