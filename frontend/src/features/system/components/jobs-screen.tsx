import { Badge, Button, Group, List, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormAlert } from '@/components/form-alert';
import { usePageTitle } from '@/components/page-title';
import { sorry } from '@/lib/form-errors';
import { type JobRunStatus, type SystemJob, type SystemJobRun, useJobs } from '../api/get-jobs';
import { instantTime } from './format';
import { SYSTEM_TEXTS } from './labels';
import { useOperatorZone } from './use-zone';

const figure = new Intl.NumberFormat('en-US');

/** Errors the server writes (a batch's, a plan's) may be long and hold several lines. */
const LINES = { whiteSpace: 'pre-line', overflowWrap: 'anywhere' } as const;
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/** Filled badges in dark shades (with autoContrast), as the other statuses: light ones fail WCAG AA. */
const RUN_STATUS: Record<JobRunStatus, { label: string; color: string }> = {
  running: { label: 'Running', color: 'blue.8' },
  ok: { label: 'OK', color: 'green.9' },
  failed: { label: 'Failed', color: 'red.9' },
};

const RUN_COLUMNS = 7;

/** '5.1 s' of a run's duration (to the nearest tenth, 850 ms being 0.9 s); '—' while it runs. */
const tookText = (durationMs: number | null): string => (durationMs === null ? '—' : `${(Math.round(durationMs / 100) / 10).toFixed(1)} s`);

/** '39/40' (done of all), then '(1 failed)' when a batch failed. */
const batchesText = (run: Pick<SystemJobRun, 'done' | 'batches' | 'failed'>): string =>
  `${figure.format(run.done)}/${figure.format(run.batches)}${run.failed > 0 ? ` (${figure.format(run.failed)} failed)` : ''}`;

/** 'web-1: 20, web-2: 20': the batches each instance did; '—' for none yet. */
const sharesText = (shares: SystemJobRun['shares']): string =>
  shares.length === 0 ? '—' : shares.map((share) => `${share.instance}: ${figure.format(share.batches)}`).join(', ');

/** A batch's error, with the company it concerns when the server names one. */
const jobErrorText = (error: SystemJobRun['errors'][number]): string =>
  error.companyId === null ? error.message : `Company #${error.companyId}: ${error.message}`;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} fz="lg" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** How the job's last plan or run went: its error in red, else OK (or that it never ran). */
function JobState({ job }: { job: SystemJob }) {
  if (job.lastError !== null) {
    return (
      <Text span c="red.9" fw={600} inherit style={LINES}>
        Failed: {job.lastError}
      </Text>
    );
  }
  return <>{job.runs === 0 ? SYSTEM_TEXTS.jobNeverRan : 'OK'}</>;
}

function JobsTable({ jobs, timeZone }: { jobs: readonly SystemJob[]; timeZone: string | undefined }) {
  if (jobs.length === 0) return <Text c="dimmed">{SYSTEM_TEXTS.noJobs}</Text>;
  return (
    <Table.ScrollContainer minWidth={720} type="native">
      <Table aria-label="Jobs" striped withTableBorder verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Job</Table.Th>
            <Table.Th ta="right">Runs</Table.Th>
            <Table.Th>Last finished</Table.Th>
            <Table.Th>Next due</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {jobs.map((job) => (
            <Table.Tr key={job.name} data-testid="job-row">
              <Table.Td style={NO_WRAP}>{job.name}</Table.Td>
              <Table.Td ta="right">{figure.format(job.runs)}</Table.Td>
              <Table.Td style={NO_WRAP}>{instantTime(job.lastFinishedAt, timeZone)}</Table.Td>
              <Table.Td style={NO_WRAP}>{instantTime(job.nextRunAt, timeZone)}</Table.Td>
              <Table.Td>
                <JobState job={job} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RunStatusBadge({ status }: { status: string }) {
  const known = RUN_STATUS[status as JobRunStatus] as (typeof RUN_STATUS)[JobRunStatus] | undefined;
  return (
    <Badge color={known?.color ?? 'gray.7'} variant="filled" autoContrast>
      {known?.label ?? status}
    </Badge>
  );
}

function RunRows({ run, timeZone }: { run: SystemJobRun; timeZone: string | undefined }) {
  const asOf = instantTime(run.asOf, timeZone);
  return (
    <>
      <Table.Tr data-testid="job-run">
        <Table.Td style={NO_WRAP}>{run.job}</Table.Td>
        <Table.Td style={NO_WRAP}>{asOf}</Table.Td>
        <Table.Td>
          <RunStatusBadge status={run.status} />
        </Table.Td>
        <Table.Td style={NO_WRAP} c={run.failed > 0 ? 'red.9' : undefined} fw={run.failed > 0 ? 600 : undefined}>
          {batchesText(run)}
        </Table.Td>
        <Table.Td ta="right">{figure.format(run.people)}</Table.Td>
        <Table.Td ta="right" style={NO_WRAP}>
          {tookText(run.durationMs)}
        </Table.Td>
        <Table.Td style={{ overflowWrap: 'anywhere' }}>{sharesText(run.shares)}</Table.Td>
      </Table.Tr>
      {run.errors.length > 0 ? (
        <Table.Tr data-testid="job-run-errors">
          <Table.Td colSpan={RUN_COLUMNS} pt={0}>
            <List size="sm" spacing={2} c="red.9" aria-label={`Errors of ${run.job} as of ${asOf}`} style={LINES}>
              {run.errors.map((error, index) => (
                <List.Item key={`${index}-${error.message}`}>{jobErrorText(error)}</List.Item>
              ))}
            </List>
          </Table.Td>
        </Table.Tr>
      ) : null}
    </>
  );
}

function RunsTable({ runs, timeZone }: { runs: readonly SystemJobRun[]; timeZone: string | undefined }) {
  if (runs.length === 0) return <Text c="dimmed">{SYSTEM_TEXTS.noJobRuns}</Text>;
  return (
    <Table.ScrollContainer minWidth={860} type="native">
      <Table aria-label="Recent runs" withTableBorder verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Job</Table.Th>
            <Table.Th>As of</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Batches</Table.Th>
            <Table.Th ta="right">People</Table.Th>
            <Table.Th ta="right">Took</Table.Th>
            <Table.Th>By instance</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {runs.map((run) => (
            <RunRows key={run.id} run={run} timeZone={timeZone} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * Jobs (/sy5tem/jobs): the scheduled work shared by every server instance: each job's schedule
 * and how its last run went, then the latest runs of every job, newest first, with their batches,
 * the people they handled, how long they took, the batches each instance did and, under a run,
 * its batches' errors. Read-only; Refresh reads it again.
 */
export function JobsScreen() {
  usePageTitle(SYSTEM_TEXTS.jobs);
  const zone = useOperatorZone();
  const jobs = useJobs();
  const data = jobs.data;

  return (
    <Stack gap="md" maw={1200}>
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {SYSTEM_TEXTS.jobs}
        </Title>
        <Button variant="default" size="sm" loading={jobs.isFetching && !jobs.isPending} onClick={() => void jobs.refetch()}>
          Refresh
        </Button>
      </Group>
      {jobs.isPending ? (
        <Loader size="sm" role="status" aria-label="Loading the jobs" />
      ) : jobs.isError || !data ? (
        <FormAlert>{sorry(jobs.error)}</FormAlert>
      ) : (
        <>
          <Section id="jobs-schedule-title" title="Schedule">
            <Text size="sm" c="dimmed">
              Every server instance shares this work: one plans a run, and any of them does its batches.
            </Text>
            <JobsTable jobs={data.jobs} timeZone={zone} />
          </Section>
          <Section id="job-runs-title" title="Recent runs">
            <Text size="sm" c="dimmed">
              Newest first.
            </Text>
            <RunsTable runs={data.runs} timeZone={zone} />
          </Section>
        </>
      )}
    </Stack>
  );
}
