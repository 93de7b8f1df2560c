import { Button, Group, Loader, Table, Text } from '@mantine/core';
import { Fragment } from 'react';
import { serverMessage } from '@/lib/form-errors';
import { formatCents } from '@/lib/money';
import { useChargeAttempts } from '../api/get-charge-attempts';
import type { SystemCharge } from '../api/schemas';
import { instantTime, periodText } from './format';
import { ATTEMPT_KIND_LABELS, ATTEMPT_STATUS_LABELS, SYSTEM_TEXTS } from './labels';
import { ChargeStatusBadge } from './status-badge';

/** The columns of the charges' table: the attempts' row spans them all. */
const COLUMNS = 11;

/** The attempts at one charge (GET /system/charge-attempts), read when the row is opened. */
function ChargeAttempts({ charge, timeZone }: { charge: SystemCharge; timeZone: string | undefined }) {
  const attempts = useChargeAttempts(charge.id);
  if (attempts.isPending) return <Loader size="xs" role="status" aria-label="Loading the attempts" />;
  if (attempts.isError) return <Text c="red.8">{`Sorry ${serverMessage(attempts.error)}`}</Text>;
  if (attempts.data.length === 0) return <Text c="dimmed">{SYSTEM_TEXTS.noAttempts}</Text>;
  return (
    <Table aria-label={`Attempts at the charge of ${periodText(charge.periodStart, charge.periodEnd)}`} verticalSpacing={4} withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>#</Table.Th>
          <Table.Th>Kind</Table.Th>
          <Table.Th>Result</Table.Th>
          <Table.Th>Started</Table.Th>
          <Table.Th>Finished</Table.Th>
          <Table.Th>Error</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {attempts.data.map((attempt) => (
          <Table.Tr key={attempt.id} data-testid="attempt">
            <Table.Td>{attempt.number}</Table.Td>
            <Table.Td>{ATTEMPT_KIND_LABELS[attempt.kind]}</Table.Td>
            <Table.Td>{ATTEMPT_STATUS_LABELS[attempt.status]}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{instantTime(attempt.startedAt, timeZone)}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{instantTime(attempt.finishedAt, timeZone)}</Table.Td>
            <Table.Td>{attempt.error ?? '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

interface ChargeRowProps {
  charge: SystemCharge;
  timeZone: string | undefined;
  open: boolean;
  onToggle: () => void;
  retrying: boolean;
  onRetry: (() => void) | null;
}

/** A charge's row: its period, amounts, status and dates; Attempts opens the row below, Retry for a declined charge. */
export function ChargeRow({ charge, timeZone, open, onToggle, retrying, onRetry }: ChargeRowProps) {
  const period = periodText(charge.periodStart, charge.periodEnd);
  const panelId = `charge-attempts-${charge.id}`;
  return (
    <Fragment>
      <Table.Tr data-testid="charge">
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{period}</Table.Td>
        <Table.Td ta="right">{charge.users}</Table.Td>
        <Table.Td ta="right">{formatCents(charge.base)}</Table.Td>
        <Table.Td ta="right">{formatCents(charge.perUser)}</Table.Td>
        <Table.Td ta="right">{charge.discount > 0 ? `−${formatCents(charge.discount)}` : '—'}</Table.Td>
        <Table.Td ta="right" fw={600}>
          {formatCents(charge.total)}
        </Table.Td>
        <Table.Td>
          <ChargeStatusBadge status={charge.status} />
        </Table.Td>
        <Table.Td ta="right">{charge.failures}</Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{instantTime(charge.nextAttemptAt, timeZone)}</Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{instantTime(charge.paidAt, timeZone)}</Table.Td>
        <Table.Td>
          <Group gap={4} wrap="nowrap">
            <Button size="compact-sm" variant="default" aria-expanded={open} aria-controls={panelId} aria-label={`Attempts: ${period}`} onClick={onToggle}>
              Attempts
            </Button>
            {onRetry ? (
              <Button size="compact-sm" loading={retrying} aria-label={`Retry: ${period}`} onClick={onRetry}>
                Retry
              </Button>
            ) : null}
          </Group>
        </Table.Td>
      </Table.Tr>
      {open ? (
        <Table.Tr id={panelId}>
          <Table.Td colSpan={COLUMNS} bg="var(--mantine-color-default-hover)">
            <ChargeAttempts charge={charge} timeZone={timeZone} />
          </Table.Td>
        </Table.Tr>
      ) : null}
    </Fragment>
  );
}
