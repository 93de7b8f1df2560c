import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type ReactNode } from 'react';
import { ApprovalLine } from '@/components/approval-line';
import { PersonAvatar } from '@/components/person-avatar';
import { FormAlert } from '@/components/form-alert';
import { formatDateTime } from '@/lib/company-time';
import { useApproveRequest } from '../api/respond';
import { REQUEST_STATUS, splitName, type InboxTimesheetRow } from '../api/schemas';
import { BADGE_COLORS, failureText, respondedByText } from './labels';
import { RequestChanges } from './request-changes';
import { AnswerButtons } from './own-request-note';

function CardFrame({ row, timeZone, badge, children, testId }: { row: InboxTimesheetRow; timeZone: string; badge: ReactNode; children?: ReactNode; testId: string }) {
  const { firstname, lastname } = splitName(row.name);
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={`Timesheet edit request of ${row.name}`} data-testid={testId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <PersonAvatar url={row.avatar} firstname={firstname} lastname={lastname} />
            <Stack gap={0} miw={0}>
              <Text fw={700} truncate="end">
                {row.name}
              </Text>
              <Text size="xs" c="dimmed">
                Timesheet edit requested {formatDateTime(row.requestDate, timeZone)}
              </Text>
            </Stack>
          </Group>
          {badge}
        </Group>
        <RequestChanges row={row} timeZone={timeZone} />
        {row.approval ? <ApprovalLine approval={row.approval} timeZone={timeZone} /> : null}
        {children}
      </Stack>
    </Paper>
  );
}

interface PendingRequestCardProps {
  row: InboxTimesheetRow;
  timeZone: string;
  /** Opens the reject panel for this request. */
  onReject: (row: InboxTimesheetRow) => void;
  /** The viewer's own request: who answers it (shown instead of Approve and Reject). */
  ownApprovers?: readonly string[] | null;
}

/**
 * A pending timesheet edit request: Approve (a spinner while it runs) or Reject (asks for a reason).
 * On an approval path (issue 41) it says where the request stands; only the current step's
 * approvers answer it, and an admin may approve all its steps at once.
 */
export function PendingRequestCard({ row, timeZone, onReject, ownApprovers = null }: PendingRequestCardProps) {
  const approve = useApproveRequest();
  const [error, setError] = useState<string | null>(null);
  const send = (allSteps: boolean) => {
    setError(null);
    // As for time off: announced from the promise, the card may leave the list first.
    approve.mutateAsync({ reqId: row.id, allSteps }).then(
      (answer) => {
        if (answer.approvalMessage) notifications.show({ color: 'green', message: answer.approvalMessage });
      },
      (err: unknown) => setError(failureText(err)),
    );
  };
  const allStepsPending = approve.isPending && approve.variables?.allSteps === true;
  return (
    <CardFrame
      row={row}
      timeZone={timeZone}
      testId="pending-card"
      badge={
        <Badge color={BADGE_COLORS.pending} variant="filled" autoContrast>
          Pending
        </Badge>
      }
    >
      {error && !approve.isPending ? <FormAlert>{error}</FormAlert> : null}
      <AnswerButtons
        ownApprovers={ownApprovers}
        waitsForOthers={row.approval !== null && !row.mayAnswer}
        approving={approve.isPending && !allStepsPending}
        approvingAllSteps={allStepsPending}
        onReject={() => onReject(row)}
        onApprove={() => send(false)}
        onApproveAllSteps={row.mayApproveAllSteps ? () => send(true) : null}
      />
    </CardFrame>
  );
}

/** A responded request: who approved or rejected it and when; it cannot be cancelled. */
export function RespondedRequestCard({ row, timeZone }: { row: InboxTimesheetRow; timeZone: string }) {
  const rejected = row.status === REQUEST_STATUS.rejected;
  return (
    <CardFrame
      row={row}
      timeZone={timeZone}
      testId="responded-card"
      badge={
        <Badge color={rejected ? BADGE_COLORS.rejected : BADGE_COLORS.approved} variant="filled" autoContrast>
          {rejected ? 'Rejected' : 'Approved'}
        </Badge>
      }
    >
      <Text size="sm" data-testid="responded-by">
        <Text span fw={600}>
          {respondedByText(row.status, row.actor)}
        </Text>
        {row.actDate ? ` · ${formatDateTime(row.actDate, timeZone)}` : ''}
      </Text>
      {row.actComments ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          <Text span fw={600}>
            Reason:
          </Text>{' '}
          {row.actComments}
        </Text>
      ) : null}
    </CardFrame>
  );
}
