import { Anchor, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { FormAlert } from '@/components/form-alert';
import { loadErrorMessage } from '@/components/load-error-modal';
import { displayDate } from '@/lib/dates';
import { useIsPhone } from '@/lib/media';
import { explanationHours, explanationTitle, signedHours, useBalanceExplanation, type ExplainedType, type ExplanationLine } from '../api/balance-explanation';

/** A line's day, or its first and last day for a request over several days. */
const lineDate = (line: ExplanationLine): string => (line.until && line.until !== line.date ? `${displayDate(line.date)} – ${displayDate(line.until)}` : displayDate(line.date));

/**
 * The ledger lines of one type's balance (issue 38), oldest first: what the period opened with, each
 * accrual with its basis, what a cap cut, additions by hand with who made them, starting balances of
 * a plan switch, time off taken; then the total, which is the balance.
 */
export function BalanceExplanationTable({ type }: { type: ExplainedType }) {
  return (
    <Table.ScrollContainer minWidth={340}>
      <Table striped verticalSpacing={6} horizontalSpacing={6} captionSide="top" data-testid="explanation-table">
        <Table.Caption ta="left" data-testid="explanation-since">
          Since {displayDate(type.periodStart)}
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Date</Table.Th>
            <Table.Th scope="col">What</Table.Th>
            <Table.Th scope="col" ta="right">
              Change
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Balance
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {type.lines.map((line, index) => (
            <Table.Tr key={`${line.date}-${line.kind}-${index}`} data-testid="explanation-line" data-kind={line.kind}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{lineDate(line)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'pre-line' }}>{line.text}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {signedHours(line.minutes)}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {explanationHours(line.balanceAfter)} h
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr data-testid="explanation-total">
            <Table.Th scope="row" colSpan={3}>
              Balance
            </Table.Th>
            <Table.Td ta="right" fw={700} style={{ whiteSpace: 'nowrap' }} data-testid="explanation-total-hours">
              {explanationHours(type.balance)} h
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

export interface WhyThisBalanceProps {
  /** Whose balance: null for the caller (GET …?eid left out), or the person's id. */
  eid: number | null;
  ptoTypeId: number;
  typeName: string;
  /** The balance the screen shows (minutes), for the title until the explanation is in. */
  balance: number;
  /** Someone else's name for the title ('Why is Emma Brooks's …'); null: the caller's ('my'). */
  whose: string | null;
}

/**
 * 'Why this balance?' of one type: a link that opens the type's lines in a dialog (full screen on a
 * phone). The employee's PTO card and the admin's PTO history both use it, over one call.
 */
export function WhyThisBalance({ eid, ptoTypeId, typeName, balance, whose }: WhyThisBalanceProps) {
  const [opened, setOpened] = useState(false);
  const isPhone = useIsPhone();
  const explanation = useBalanceExplanation(eid, opened);
  const type = explanation.data?.types.find((t) => t.ptoTypeId === ptoTypeId) ?? null;
  return (
    <>
      <Anchor
        component="button"
        type="button"
        size="sm"
        fw={600}
        onClick={() => setOpened(true)}
        aria-label={`Why this balance? ${typeName}`}
        aria-haspopup="dialog"
        data-testid="why-this-balance"
        style={{ whiteSpace: 'nowrap' }}
      >
        Why this balance?
      </Anchor>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={explanationTitle(typeName, type?.balance ?? balance, whose)}
        size="xl"
        fullScreen={isPhone}
        data-testid="balance-explanation"
      >
        {explanation.isPending ? (
          <Loader size="sm" aria-label="Loading the explanation" />
        ) : explanation.isError ? (
          <FormAlert>{loadErrorMessage(explanation.error)}</FormAlert>
        ) : type ? (
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              Each line changes the balance; together they make it.
            </Text>
            <BalanceExplanationTable type={type} />
          </Stack>
        ) : (
          <Text data-testid="explanation-empty">Nothing has made a {typeName} balance in the current period.</Text>
        )}
      </Modal>
    </>
  );
}
