import { Alert, List, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormAlert } from '@/components/form-alert';
import { usePageTitle } from '@/components/page-title';
import { sorry } from '@/lib/form-errors';
import { useAccrualHealth } from '../api/get-accrual-health';
import type { AccrualIncident, AccrualRun } from '../api/schemas';
import { instantTime } from './format';
import { SYSTEM_TEXTS } from './labels';
import { useOperatorZone } from './use-zone';

const figure = new Intl.NumberFormat('en-US');

/** Texts the server writes over several lines (an incident's reason, a run's failure) keep them. */
const LINES = { whiteSpace: 'pre-line', overflowWrap: 'anywhere' } as const;

/** The job's state in a sentence: the server's warning, or that all is well. */
function HealthState({ warning }: { warning: string | null }) {
  if (warning === null) {
    return (
      <Text c="green.9" fw={600} role="status" data-testid="accruals-healthy">
        {SYSTEM_TEXTS.accrualsHealthy}
      </Text>
    );
  }
  return (
    <Alert
      color="orange"
      variant="light"
      title={SYSTEM_TEXTS.accrualsNeedAttention}
      role="status"
      data-testid="accrual-warning"
      // The text colour for the title too: a light alert's own shade fails WCAG AA on its background (as FormAlert).
      styles={{ message: { color: 'var(--mantine-color-text)', ...LINES }, title: { color: 'var(--mantine-color-text)' } }}
    >
      {warning}
    </Alert>
  );
}

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

function RunRow({ run, timeZone }: { run: AccrualRun; timeZone: string | undefined }) {
  return (
    <Table.Tr data-testid="accrual-run">
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{instantTime(run.startedAt, timeZone)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {run.finishedAt ? (
          instantTime(run.finishedAt, timeZone)
        ) : (
          <Text span c="red.9" fw={600} inherit>
            {SYSTEM_TEXTS.accrualDidNotFinish}
          </Text>
        )}
      </Table.Td>
      <Table.Td ta="right">{figure.format(run.companies)}</Table.Td>
      <Table.Td ta="right">{figure.format(run.employees)}</Table.Td>
      <Table.Td ta="right" fw={run.errors > 0 ? 700 : undefined}>
        {figure.format(run.errors)}
      </Table.Td>
      <Table.Td style={LINES}>{run.failure ?? '—'}</Table.Td>
    </Table.Tr>
  );
}

function RunsTable({ runs, timeZone }: { runs: readonly AccrualRun[]; timeZone: string | undefined }) {
  if (runs.length === 0) return <Text c="dimmed">{SYSTEM_TEXTS.noAccrualRuns}</Text>;
  return (
    <Table.ScrollContainer minWidth={760} type="native">
      <Table aria-label="Recent runs" striped withTableBorder verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Started</Table.Th>
            <Table.Th>Finished</Table.Th>
            <Table.Th ta="right">Companies</Table.Th>
            <Table.Th ta="right">Employees</Table.Th>
            <Table.Th ta="right">Errors</Table.Th>
            <Table.Th>Failure</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {runs.map((run, index) => (
            <RunRow key={`${run.startedAt}-${index}`} run={run} timeZone={timeZone} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function IncidentsTable({ incidents, timeZone }: { incidents: readonly AccrualIncident[]; timeZone: string | undefined }) {
  if (incidents.length === 0) return <Text c="dimmed">{SYSTEM_TEXTS.noAccrualIncidents}</Text>;
  return (
    <Table.ScrollContainer minWidth={600} type="native">
      <Table aria-label="Incidents" striped withTableBorder verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Opened</Table.Th>
            <Table.Th>Reason</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {incidents.map((incident, index) => (
            <Table.Tr key={`${incident.openedAt}-${index}`} data-testid="accrual-incident">
              <Table.Td style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>{instantTime(incident.openedAt, timeZone)}</Table.Td>
              <Table.Td style={LINES}>{incident.reason}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * Accrual health (/sy5tem/accrual-health): whether the nightly job that brings every company's PTO
 * balances forward is running: the server's warning (or that all is well), the recent runs newest
 * first, the people the last run could not bring forward, and the incidents the operator was told
 * about. Read-only: a broken rule is fixed by the company (or by support acting as its admin).
 */
export function AccrualHealthScreen() {
  usePageTitle(SYSTEM_TEXTS.accrualHealth);
  const zone = useOperatorZone();
  const health = useAccrualHealth();
  const data = health.data;

  return (
    <Stack gap="md" maw={1200}>
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {SYSTEM_TEXTS.accrualHealth}
      </Title>
      {health.isPending ? (
        <Loader size="sm" role="status" aria-label="Loading the accrual health" />
      ) : health.isError || !data ? (
        <FormAlert>{sorry(health.error)}</FormAlert>
      ) : (
        <>
          <HealthState warning={data.warning} />
          <Section id="accrual-runs-title" title="Recent runs">
            <Text size="sm" c="dimmed">
              Newest first.
            </Text>
            <RunsTable runs={data.runs} timeZone={zone} />
          </Section>
          {data.runs.length > 0 ? (
            <Section id="accrual-errors-title" title="Errors of the last run">
              {data.errors.length === 0 ? (
                <Text c="dimmed">{SYSTEM_TEXTS.noAccrualErrors}</Text>
              ) : (
                <List size="sm" spacing={4} aria-labelledby="accrual-errors-title" style={{ overflowWrap: 'anywhere' }} data-testid="accrual-errors">
                  {data.errors.map((error, index) => (
                    <List.Item key={`${index}-${error}`}>{error}</List.Item>
                  ))}
                </List>
              )}
            </Section>
          ) : null}
          <Section id="accrual-incidents-title" title="Incidents">
            <IncidentsTable incidents={data.incidents} timeZone={zone} />
          </Section>
        </>
      )}
    </Stack>
  );
}
