import { Grid, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { LoadErrorModal } from '@/components/load-error-modal';
import { WhatsHappeningCard } from '@/features/calendar/components/whats-happening-card';
import { isAdmin, type Identity } from '@/lib/identity';
import { useDashboardData } from '../api/get-dashboard-data';
import { useEmployeeHours } from '../api/get-employee-hours';
import { usePendingRequests } from '../api/get-pending-requests';
import { ApproachingOvertimeCard } from './approaching-overtime-card';
import { DailyHoursCard } from './daily-hours-card';
import { EmployeeHoursPanel } from './employee-hours-panel';
import { payCycleRange, weekOptions, type HoursSort } from './labels';
import { PendingRequestsCard } from './pending-requests-card';
import { SetupChecklistCard } from './setup-checklist-card';
import { StatTiles } from './stat-tiles';

interface DashboardScreenProps {
  identity: Identity;
  /** Today on the company clock, 'YYYY-MM-DD'. */
  today: string;
}

/**
 * /admin/dashboard (spec 001 §2): the pay cycle's PTO, clocked and overtime hours, its hours per
 * day (a chart; its own load failure stays in its card), the weekly
 * employee-hours panel (hours and PTO), the pending-requests card (time off and timesheet
 * edits) and who is in or near overtime (issue 37; its own load failure stays in its card). A
 * failed load opens the 'Error' modal.
 */
export function DashboardScreen({ identity, today }: DashboardScreenProps) {
  const timeZone = identity.timezone;
  const weeks = useMemo(() => weekOptions(today), [today]);
  const [weekStart, setWeekStart] = useState(weeks[0]!.start);
  const [sort, setSort] = useState<HoursSort>('name');
  const week = weeks.find((w) => w.start === weekStart) ?? weeks[0]!;

  const data = useDashboardData();
  const hours = useEmployeeHours(week);
  const pending = usePendingRequests();
  const error = data.error ?? hours.error ?? pending.error;

  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Dashboard
        </Title>
        {data.data ? (
          <Text c="dimmed" data-testid="pay-cycle">
            Pay cycle: {payCycleRange(data.data.payCycleStart, data.data.payCycleEnd)}
          </Text>
        ) : null}
      </Stack>

      {isAdmin(identity) && !identity.impersonate ? <SetupChecklistCard year={Number(today.slice(0, 4))} /> : null}

      <StatTiles data={data.data} loading={data.isPending} />

      <DailyHoursCard />

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <EmployeeHoursPanel
            weeks={weeks}
            week={week}
            onWeekChange={(next) => setWeekStart(next.start)}
            sort={sort}
            onSortChange={setSort}
            employees={hours.data?.employees}
            loading={hours.isPending}
            timeZone={timeZone}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <PendingRequestsCard data={pending.data} loading={pending.isPending} timeZone={timeZone} />
            <ApproachingOvertimeCard timeZone={timeZone} />
            <WhatsHappeningCard identity={identity} today={today} />
          </Stack>
        </Grid.Col>
      </Grid>

      <LoadErrorModal error={error} />
    </Stack>
  );
}
