import { Anchor, Button, Group, Loader, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { usePageTitle } from '@/components/page-title';
import { sorry } from '@/lib/form-errors';
import { useDownloadExport } from '../api/download';
import { STAT_SORTS, useStats } from '../api/get-stats';
import { pageCount } from '../api/list-query';
import type { ChartMonth, StatRow } from '../api/schemas';
import { instantDay, instantTime, monthText } from './format';
import { SYSTEM_TEXTS } from './labels';
import { ListBody, ListPager, SearchInput, SortableTh } from './list-parts';
import { companyPath } from './paths';
import { CompanyStatusBadge } from './status-badge';
import { useListState } from './use-list-state';
import { useOperatorZone } from './use-zone';

const StatsChart = lazy(() => import('./stats-chart'));
const FILTERS = ['name'] as const;
const figure = new Intl.NumberFormat('en-US');

/** The chart's figures as a table for screen readers (the drawing itself is hidden from them). */
function ChartTable({ months }: { months: readonly ChartMonth[] }) {
  return (
    <VisuallyHidden>
      <Table aria-label="Signups and active companies per month">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Month</Table.Th>
            <Table.Th>Signups</Table.Th>
            <Table.Th>Active companies</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {months.map((m) => (
            <Table.Tr key={m.month}>
              <Table.Th scope="row">{monthText(m.month)}</Table.Th>
              <Table.Td>{m.signups}</Table.Td>
              <Table.Td>{m.activeCompanies}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </VisuallyHidden>
  );
}

/** 'Signups and active companies' of the last 12 months, oldest first. */
function ChartCard({ months, isPending }: { months: readonly ChartMonth[]; isPending: boolean }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="stats-chart-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="stats-chart-title">
          Signups and active companies
        </Title>
        <Text size="sm" c="dimmed">
          Per month, the last 12 months. A company is active in a month when one of its people signed in.
        </Text>
        {isPending ? (
          <Loader size="sm" role="status" aria-label="Loading the chart" />
        ) : months.length === 0 ? (
          <Text c="dimmed">No figures yet.</Text>
        ) : (
          <>
            <Suspense fallback={<Loader size="sm" role="status" aria-label="Loading the chart" />}>
              <StatsChart months={months} />
            </Suspense>
            <ChartTable months={months} />
          </>
        )}
      </Stack>
    </Paper>
  );
}

function StatTableRow({ row, timeZone }: { row: StatRow; timeZone: string | undefined }) {
  return (
    <Table.Tr data-testid="stat-row">
      <Table.Td>
        <Anchor component={Link} to={companyPath(row.companyId)} fw={600}>
          {row.name}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <CompanyStatusBadge status={row.status} />
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{instantDay(row.createdAt, timeZone)}</Table.Td>
      <Table.Td ta="right">{figure.format(row.employees)}</Table.Td>
      <Table.Td ta="right">{figure.format(row.activeUsers)}</Table.Td>
      <Table.Td ta="right">{figure.format(row.clockPresses)}</Table.Td>
      <Table.Td ta="right">{figure.format(row.ptoRequests)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{instantTime(row.lastActivity, timeZone)}</Table.Td>
    </Table.Tr>
  );
}

/**
 * Statistics (/sy5tem/stat, spec 002 §2): each company's usage (people, active users, clock
 * presses, time-off requests, last activity), 20 a page, sorted and filtered on the server; the
 * chart of signups and active companies; 'Export CSV' downloads every company's figures.
 */
export function StatsScreen() {
  usePageTitle(SYSTEM_TEXTS.statistics);
  const zone = useOperatorZone();
  const list = useListState({ sorts: STAT_SORTS, defaultSort: 'createdAt', defaultOrder: 'desc', filters: FILTERS });
  const stats = useStats({ page: list.page, sort: list.sort, order: list.order, name: list.filters.name });
  const download = useDownloadExport();
  const rows = stats.data?.stats ?? [];
  const total = stats.data?.statCount ?? 0;
  const sortProps = { sort: list.sort, order: list.order, onSort: list.toggleSort };

  return (
    <Stack gap="md" maw={1200}>
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {SYSTEM_TEXTS.statistics}
        </Title>
        <Button variant="default" onClick={() => download.mutate('stats')} loading={download.isPending}>
          Export CSV
        </Button>
      </Group>
      {download.isError ? <FormAlert>{sorry(download.error)}</FormAlert> : null}
      <ChartCard months={stats.data?.chart ?? []} isPending={stats.isPending} />
      <Group align="flex-end" gap="sm" role="search" aria-label="Filter the statistics">
        <SearchInput label="Company name" value={list.filters.name} onSearch={(value) => list.setFilter('name', value)} />
      </Group>
      <ListBody
        isPending={stats.isPending}
        error={stats.isError ? stats.error : null}
        isEmpty={rows.length === 0}
        loadingLabel="Loading the statistics"
        emptyText={SYSTEM_TEXTS.noStats}
      >
        <Table.ScrollContainer minWidth={960} type="native">
          <Table aria-label="Usage by company" striped highlightOnHover withTableBorder verticalSpacing="xs" aria-busy={stats.isPlaceholderData || undefined}>
            <Table.Thead>
              <Table.Tr>
                <SortableTh label="Company" column="name" {...sortProps} />
                <Table.Th>Status</Table.Th>
                <SortableTh label="Created" column="createdAt" {...sortProps} />
                <SortableTh label="Employees" column="employees" numeric {...sortProps} />
                <SortableTh label="Active users" column="activeUsers" numeric {...sortProps} />
                <Table.Th ta="right">Clock presses</Table.Th>
                <Table.Th ta="right">PTO requests</Table.Th>
                <Table.Th>Last activity</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <StatTableRow key={row.companyId} row={row} timeZone={zone} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </ListBody>
      <ListPager pages={pageCount(total)} page={list.page} onChange={list.setPage} />
    </Stack>
  );
}
