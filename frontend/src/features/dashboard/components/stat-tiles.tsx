import { Anchor, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { DashboardData } from '../api/get-dashboard-data';
import { DASHBOARD_TEXTS, formatWorkedTime } from './labels';

/** Where overtime is configured (spec 001 §2). */
export const OVERTIME_SETTINGS_PATH = '/admin/manage/settings?tab=1&return=%2Fadmin%2Fdashboard';

interface TileProps {
  title: string;
  testId: string;
  value: ReactNode;
  footer?: ReactNode;
}

function Tile({ title, testId, value, footer }: TileProps) {
  const id = useId();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id} data-testid={testId}>
      <Stack gap={6}>
        <Title order={2} fz="sm" c="dimmed" tt="uppercase" fw={700} id={id}>
          {title}
        </Title>
        {value}
        {footer}
      </Stack>
    </Paper>
  );
}

const Figure = ({ minutes }: { minutes: number }) => (
  <Text fz={28} fw={700} lh={1.2}>
    {formatWorkedTime(minutes)}
  </Text>
);

const Empty = ({ children }: { children: string }) => (
  <Text c="dimmed" py={6}>
    {children}
  </Text>
);

/**
 * The pay cycle's three tiles (spec 001 §2): approved time off (PTO hours), clocked hours and
 * overtime (the latter links to the settings, and adds the double time when there is some).
 */
export function StatTiles({ data, loading }: { data: DashboardData | undefined; loading: boolean }) {
  /** A tile's figure, its empty text when the cycle has none, or a placeholder before (or without) data. */
  const value = (minutes: number | null | undefined, emptyText: string): ReactNode => {
    if (minutes === undefined) return loading ? <Skeleton h={34} w={120} /> : <Empty>{DASHBOARD_TEXTS.noData}</Empty>;
    return minutes !== null && minutes > 0 ? <Figure minutes={minutes} /> : <Empty>{emptyText}</Empty>;
  };
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      <Tile title="PTO Hours" testId="pto-hours-tile" value={value(data?.ptoMinutes, DASHBOARD_TEXTS.noData)} />
      <Tile
        title="Clocked Hours"
        testId="clocked-hours-tile"
        value={value(data?.clockedMinutes, DASHBOARD_TEXTS.noPaycycleData)}
      />
      <Tile
        title="Overtime Hours"
        testId="overtime-tile"
        value={value(data?.overtimeMinutes, DASHBOARD_TEXTS.noOvertime)}
        footer={
          <>
            {data && data.doubleTimeMinutes > 0 ? (
              <Text size="sm" fw={600} data-testid="double-time-figure">
                + {formatWorkedTime(data.doubleTimeMinutes)} double time
              </Text>
            ) : null}
            <Anchor component={Link} to={OVERTIME_SETTINGS_PATH} size="sm" fw={600}>
              Overtime settings
            </Anchor>
          </>
        }
      />
    </SimpleGrid>
  );
}
