import { Loader, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { lazy, Suspense, useMemo } from 'react';
import { serverMessage } from '@/lib/form-errors';
import { useDailyHours } from '../api/get-daily-hours';
import { dailyHoursBars, hasNoHours, type DailyHoursBar } from './daily-hours';
import { DASHBOARD_TEXTS } from './labels';

const DailyHoursChart = lazy(() => import('./daily-hours-chart'));

const SERIES_NAMES = ['Regular', 'Overtime', 'PTO'] as const;

/** The chart's figures as a table for screen readers (the drawing itself is hidden from them). */
function HoursTable({ bars }: { bars: readonly DailyHoursBar[] }) {
  return (
    <VisuallyHidden>
      <Table aria-label="Hours per day" data-testid="daily-hours-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Day</Table.Th>
            {SERIES_NAMES.map((name) => (
              <Table.Th key={name}>{name}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {bars.map((bar) => (
            <Table.Tr key={bar.date}>
              <Table.Th scope="row">{bar.day}</Table.Th>
              {SERIES_NAMES.map((name) => (
                <Table.Td key={name}>{bar[name].toFixed(2)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </VisuallyHidden>
  );
}

/**
 * 'Hours per day' of the current pay cycle (contract "Dashboard chart"): stacked bars of regular
 * hours (worked minus overtime), overtime and approved time off per day, in hours with two
 * decimals, days as 'MM/DD'. A failed load says so inside the card; the rest of the dashboard
 * carries on.
 */
export function DailyHoursCard() {
  const query = useDailyHours();
  const days = query.data?.days;
  const bars = useMemo(() => dailyHoursBars(days ?? []), [days]);

  let body;
  if (query.isPending) body = <Loader size="sm" role="status" aria-label="Loading the hours per day" />;
  else if (query.isError) body = <Text c="dimmed">{serverMessage(query.error)}</Text>;
  else if (!days || hasNoHours(days)) {
    body = (
      <Text c="dimmed" data-testid="daily-hours-empty">
        {DASHBOARD_TEXTS.noPaycycleData}
      </Text>
    );
  } else {
    body = (
      <>
        <Suspense fallback={<Loader size="sm" role="status" aria-label="Loading the chart" />}>
          <DailyHoursChart bars={bars} />
        </Suspense>
        <HoursTable bars={bars} />
      </>
    );
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="daily-hours-title" data-testid="daily-hours">
      <Stack gap="md">
        <Title order={2} fz="lg" id="daily-hours-title">
          Hours per day
        </Title>
        {body}
      </Stack>
    </Paper>
  );
}
