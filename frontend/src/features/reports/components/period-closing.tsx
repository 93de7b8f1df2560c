import { Badge, Button, Group, Modal, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { FormAlert } from '@/components/form-alert';
import { ApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/form-errors';
import type { PayPeriod } from '../api/pay-periods';
import {
  CLOSING_TEXTS,
  useClosePayPeriod,
  usePeriodDetail,
  useReopenPayPeriod,
  type Adjustment,
  type HistoryLine,
  type PeriodLock,
} from '../api/period-closing';
import { formatInstant, formatInstantDay, formatPeriod } from './format';

/** A small padlock beside 'Closed' (the word says it; the picture is decoration). */
function LockIcon() {
  return (
    <svg width="12" height="12" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect x="5" y="11" width="14" height="10" rx="2" fill="currentColor" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" stroke="currentColor" strokeWidth="2.5" fill="none" strokeLinecap="round" />
    </svg>
  );
}

/** Who closed it and when: 'by Ada Lovelace on 11/16/2026', or 'closed automatically on 11/16/2026'. */
export function lockedText(lock: Pick<PeriodLock, 'locked' | 'lockedAt' | 'lockedBy'>, timeZone?: string): string | null {
  if (!lock.locked) return null;
  const on = lock.lockedAt ? ` on ${formatInstantDay(lock.lockedAt, timeZone)}` : '';
  return lock.lockedBy ? `by ${lock.lockedBy}${on}` : `closed automatically${on}`;
}

export const HISTORY_LABELS: Record<string, string> = {
  closed: 'Closed',
  auto_closed: 'Closed automatically',
  reopened: 'Reopened',
};

/** The pay period an adjustment moves between: its days, or the next period to close when not known yet. */
const intoText = (adjustment: Adjustment): string =>
  adjustment.intoStart && adjustment.intoEnd ? formatPeriod({ start: adjustment.intoStart, end: adjustment.intoEnd }) : 'The next period to close';

function HistoryTable({ lines, timeZone }: { lines: readonly HistoryLine[]; timeZone?: string }) {
  return (
    <Table.ScrollContainer minWidth={480} type="native">
      <Table aria-label="History of the pay period" data-testid="period-history" withTableBorder verticalSpacing={4} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>What</Table.Th>
            <Table.Th>Who</Table.Th>
            <Table.Th>Reason</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line, index) => (
            <Table.Tr key={`${line.at}-${index}`} data-testid="period-history-line">
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatInstant(line.at, timeZone)}</Table.Td>
              <Table.Td>{HISTORY_LABELS[line.kind] ?? line.kind}</Table.Td>
              <Table.Td>{line.by ?? (line.kind === 'auto_closed' ? 'Timekeep' : '—')}</Table.Td>
              <Table.Td>{line.reason ?? ''}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function AdjustmentsTable({ label, testId, rows }: { label: string; testId: string; rows: readonly Adjustment[] }) {
  return (
    <Table.ScrollContainer minWidth={560} type="native">
      <Table aria-label={label} data-testid={testId} withTableBorder verticalSpacing={4} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Employee</Table.Th>
            <Table.Th>From pay period</Table.Th>
            <Table.Th>Into pay period</Table.Th>
            <Table.Th ta="right">Hours</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={`${row.employeeId}-${row.fromStart}-${row.intoStart ?? 'next'}-${index}`}>
              <Table.Td>{row.name}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatPeriod({ start: row.fromStart, end: row.fromEnd })}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{intoText(row)}</Table.Td>
              <Table.Td ta="right">{row.totalHours}</Table.Td>
              <Table.Td>{row.carried ? 'Carried' : 'Waiting'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

interface CloseModalProps {
  period: PayPeriod;
  opened: boolean;
  onClose: () => void;
}

/** 'Close period?': what closing means, then the server's refusal (e.g. someone still clocked in) if it says no. */
function CloseModal({ period, opened, onClose }: CloseModalProps) {
  const close = useClosePayPeriod();
  const cancel = () => {
    close.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={cancel} title={`Close the pay period ${formatPeriod(period)}?`} centered size="md">
      <Stack gap="md">
        <Text>
          Once it is closed for payroll, the hours in this pay period can no longer change, and its payroll file is kept as it is now. An admin can
          reopen it, saying why.
        </Text>
        {close.error ? <FormAlert>{serverMessage(close.error)}</FormAlert> : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={cancel} disabled={close.isPending} data-autofocus>
            Cancel
          </Button>
          <Button
            color="red.9"
            loading={close.isPending}
            data-testid="confirm-close"
            onClick={() => close.mutate({ start: period.start, end: period.end }, { onSuccess: () => onClose() })}
          >
            Close period
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** 'Reopen': a reason is required (the server's field error shows on it), kept in the period's history. */
function ReopenModal({ period, opened, onClose }: CloseModalProps) {
  const reopen = useReopenPayPeriod();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const cancel = () => {
    reopen.reset();
    setReason('');
    setMissing(false);
    onClose();
  };
  const error = reopen.error;
  const fieldError = error instanceof ApiError ? error.errors.reason?.[0] : undefined;
  // A refusal that is not about the reason (e.g. 'not closed') shows above the buttons.
  const message = error && !fieldError ? serverMessage(error) : null;
  return (
    <Modal opened={opened} onClose={cancel} title={`Reopen the pay period ${formatPeriod(period)}`} centered size="md">
      <form
        noValidate
        aria-label="Reopen the pay period"
        onSubmit={(event) => {
          event.preventDefault();
          if (!reason.trim()) {
            reopen.reset();
            setMissing(true);
            return;
          }
          setMissing(false);
          reopen.mutate(
            { period: { start: period.start, end: period.end }, reason },
            {
              onSuccess: () => {
                setReason('');
                onClose();
              },
            },
          );
        }}
      >
        <Stack gap="md">
          <Text>Its hours can change again until it is closed once more. The reason is kept in the pay period's history.</Text>
          <Textarea
            label="Reason"
            required
            autosize
            minRows={2}
            maxLength={500}
            data-testid="reopen-reason"
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setMissing(false);
            }}
            error={missing ? CLOSING_TEXTS.reasonMissing : fieldError}
            data-autofocus
          />
          {message ? <FormAlert>{message}</FormAlert> : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={cancel} disabled={reopen.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={reopen.isPending} data-testid="confirm-reopen">
              Reopen period
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

interface PeriodClosingProps {
  /** The pay period the payroll file is for (from the list: `closed` says it has ended). */
  period: PayPeriod;
  /** An admin: may close and reopen it. */
  canClose: boolean;
  /** The company's zone, for when it was closed. */
  timeZone?: string;
}

/**
 * Whether the chosen pay period is closed for payroll (issue 40), by whom and when; for admins
 * 'Close period' once it has ended and 'Reopen' once closed. Below, its history and its late
 * changes: those of earlier closed periods this file pays, and its own paid by a later file.
 */
export function PeriodClosing({ period, canClose, timeZone }: PeriodClosingProps) {
  const detail = usePeriodDetail({ start: period.start, end: period.end });
  const [asking, setAsking] = useState<'close' | 'reopen' | null>(null);
  const lock: Pick<PeriodLock, 'locked' | 'lockedAt' | 'lockedBy' | 'lateChanges'> = detail.data?.period ?? period;
  const who = lockedText(lock, timeZone);
  const history = detail.data?.history ?? [];
  const adjustmentsIn = detail.data?.adjustmentsIn ?? [];
  const adjustmentsOut = detail.data?.adjustmentsOut ?? [];

  return (
    <Stack gap="sm" data-testid="period-closing">
      <Group gap="sm" wrap="wrap" align="center">
        <Group gap={6} wrap="nowrap" data-testid="period-status" data-locked={lock.locked ? 'true' : 'false'}>
          {lock.locked ? (
            <Badge color="gray.7" variant="filled" autoContrast leftSection={<LockIcon />}>
              Closed
            </Badge>
          ) : (
            <Badge color="green.9" variant="filled" autoContrast>
              Open
            </Badge>
          )}
          {who ? <Text size="sm">{who}</Text> : null}
          {!lock.locked && !period.closed ? (
            <Text size="sm" c="dimmed">
              It can be closed once its last day is over.
            </Text>
          ) : null}
        </Group>
        {canClose && period.closed && !lock.locked ? (
          <Button size="xs" variant="default" onClick={() => setAsking('close')} data-testid="close-period">
            Close period
          </Button>
        ) : null}
        {canClose && lock.locked ? (
          <Button size="xs" variant="default" onClick={() => setAsking('reopen')} data-testid="reopen-period">
            Reopen
          </Button>
        ) : null}
      </Group>
      {lock.locked && lock.lateChanges ? (
        <Text size="sm" c="dimmed" data-testid="period-late-changes">
          Hours in it changed after it was closed: the differences are paid in a later pay period's file.
        </Text>
      ) : null}
      {detail.error ? <FormAlert>{serverMessage(detail.error)}</FormAlert> : null}

      {history.length > 0 ? (
        <Stack gap={4}>
          <Title order={2} fz="sm">
            History
          </Title>
          <HistoryTable lines={history} timeZone={timeZone} />
        </Stack>
      ) : null}
      {adjustmentsIn.length > 0 ? (
        <Stack gap={4}>
          <Title order={2} fz="sm">
            Late changes paid in this file
          </Title>
          <AdjustmentsTable label="Late changes paid in this file" testId="adjustments-in" rows={adjustmentsIn} />
        </Stack>
      ) : null}
      {adjustmentsOut.length > 0 ? (
        <Stack gap={4}>
          <Title order={2} fz="sm">
            Late changes paid in a later file
          </Title>
          <AdjustmentsTable label="Late changes paid in a later file" testId="adjustments-out" rows={adjustmentsOut} />
        </Stack>
      ) : null}

      {canClose ? (
        <>
          <CloseModal period={period} opened={asking === 'close'} onClose={() => setAsking(null)} />
          <ReopenModal period={period} opened={asking === 'reopen'} onClose={() => setAsking(null)} />
        </>
      ) : null}
    </Stack>
  );
}
