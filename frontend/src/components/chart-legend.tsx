import { getThemeColor, Group, Text, useMantineTheme } from '@mantine/core';

export interface LegendSeries {
  label: string;
  /** A theme colour such as 'blue.7'. */
  color: string;
}

/**
 * A chart's legend: each series' colour swatch and name, in the order given. Mantine's own legend
 * draws its swatches with ColorSwatch, whose size lives in a stylesheet the chart screens did not
 * load, so the names stood without colours; these swatches carry their size and colour inline.
 */
export function ChartLegend({ series }: { series: readonly LegendSeries[] }) {
  const theme = useMantineTheme();
  return (
    <Group gap="md" justify="center" data-testid="chart-legend">
      {series.map((item) => (
        <Group key={item.label} gap={6} wrap="nowrap" data-testid="chart-legend-item">
          <span
            data-testid="chart-legend-swatch"
            style={{ display: 'inline-block', flex: 'none', width: 12, height: 12, borderRadius: 3, backgroundColor: getThemeColor(item.color, theme) }}
          />
          <Text size="sm">{item.label}</Text>
        </Group>
      ))}
    </Group>
  );
}
