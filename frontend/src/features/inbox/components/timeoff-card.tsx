import { Anchor, Badge, Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ApprovalLine } from '@/components/approval-line';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form-alert';
import { PersonAvatar } from '@/components/person-avatar';
import { formatDateTime } from '@/lib/company-time';
import { useApproveTimeOff, useCancelTimeOff, type TimeOffAnswer } from '../api/respond';
import { REQUEST_STATUS, splitName, type InboxTimeOffRow } from '../api/schemas';
import { BADGE_COLORS, CANCEL_TIMEOFF, failureText, formatTimeOff, respondedByText, timeOffDates } from './labels';
import { AnswerButtons } from './own-request-note';

export const viewUserPath = (employeeId: number) => `/admin/manage/view-user/${employeeId}`;

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
      <Text span fw={600}>
        {label}:
      </Text>{' '}
      {children}
    </Text>
  );
}

/** The server's word on what happened ('The request has been approved.'), as a notification. */
function announce(answer: TimeOffAnswer) {
  if (answer.message) notifications.show({ color: answer.changed ? 'green' : 'blue', message: answer.message });
}

interface FrameProps {
  row: InboxTimeOffRow;
  timeZone: string;
  badge: ReactNode;
  testId: string;
  children?: ReactNode;
}

/** A time-off card (spec 001 §3): who (linking to their folder), the type, the days, the hours, the reason, when it was asked. */
function TimeOffFrame({ row, timeZone, badge, testId, children }: FrameProps) {
  const names = row.firstname || row.lastname ? { firstname: row.firstname, lastname: row.lastname } : splitName(row.name);
  const name = row.name || `${row.firstname} ${row.lastname}`.trim();
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={`Time off request of ${name}`} data-testid={testId} data-kind="timeoff">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <PersonAvatar url={row.avatar} firstname={names.firstname} lastname={names.lastname} />
            <Stack gap={0} miw={0}>
              <Anchor component={Link} to={viewUserPath(row.employeeId)} fw={700} truncate="end">
                {name}
              </Anchor>
              {row.createDate ? (
                <Text size="xs" c="dimmed">
                  Time off requested {formatDateTime(row.createDate, timeZone)}
                </Text>
              ) : null}
            </Stack>
          </Group>
          {badge}
        </Group>
        <Stack gap={2} data-testid="timeoff-details">
          <Group gap={6} wrap="nowrap">
            {row.color ? <Box aria-hidden w={10} h={10} style={{ borderRadius: 5, background: row.color, flex: 'none' }} /> : null}
            <Line label="Type">{row.type}</Line>
          </Group>
          <Line label="Dates">{timeOffDates(row.start, row.end, row.allday === 0)}</Line>
          <Line label="Hours">{formatTimeOff(row.minutes)}</Line>
          {row.reason ? <Line label="Reason">{row.reason}</Line> : null}
        </Stack>
        {row.approval ? <ApprovalLine approval={row.approval} timeZone={timeZone} /> : null}
        {children}
      </Stack>
    </Paper>
  );
}

interface PendingTimeOffCardProps {
  row: InboxTimeOffRow;
  timeZone: string;
  /** Opens the reject panel for this request. */
  onReject: (row: InboxTimeOffRow) => void;
  /** The viewer's own request: who answers it (shown instead of Approve and Reject). */
  ownApprovers?: readonly string[] | null;
}

/**
 * A pending time-off request: Approve (a spinner while it runs) or Reject (asks for a reason). A
 * refusal (one's own request, a balance that no longer covers it, one already answered) shows the
 * server's message on the card. On an approval path (issue 41) it says where the request stands;
 * only the current step's approvers answer it, and an admin may approve all its steps at once.
 */
export function PendingTimeOffCard({ row, timeZone, onReject, ownApprovers = null }: PendingTimeOffCardProps) {
  const approve = useApproveTimeOff();
  const [error, setError] = useState<string | null>(null);
  const send = (allSteps: boolean) => {
    setError(null);
    // The answer is announced from the promise: the card leaves the list (and unmounts)
    // when the inbox refreshes, which would drop a callback given to `mutate`.
    approve.mutateAsync({ requestId: row.id, allSteps }).then(announce, (err: unknown) => setError(failureText(err)));
  };
  const allStepsPending = approve.isPending && approve.variables?.allSteps === true;
  return (
    <TimeOffFrame
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
    </TimeOffFrame>
  );
}

/**
 * A responded time-off request: who approved or rejected it and when, with the reason of a
 * rejection. Unlike a timesheet edit, it can still be cancelled (after a warning that it cannot be
 * undone, spec 001 §4).
 */
export function RespondedTimeOffCard({ row, timeZone }: { row: InboxTimeOffRow; timeZone: string }) {
  const cancel = useCancelTimeOff();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const rejected = row.status === REQUEST_STATUS.rejected;
  const actor = rejected ? row.rejectBy : row.approveBy;
  return (
    <TimeOffFrame
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
          {respondedByText(row.status, actor)}
        </Text>
        {row.actDate ? ` · ${formatDateTime(row.actDate, timeZone)}` : ''}
      </Text>
      {row.actComments ? <Line label={rejected ? 'Rejection reason' : 'Comment'}>{row.actComments}</Line> : null}
      {error && !cancel.isPending ? <FormAlert>{error}</FormAlert> : null}
      <Group justify="flex-end">
        <Button variant="outline" color="red.9" onClick={() => setConfirming(true)} loading={cancel.isPending}>
          Cancel
        </Button>
      </Group>
      <ConfirmDialog
        opened={confirming}
        title={CANCEL_TIMEOFF.title}
        message={CANCEL_TIMEOFF.message}
        confirmLabel="Yes"
        cancelLabel="No"
        danger
        loading={cancel.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setError(null);
          // As for Approve: the card leaves the list once the inbox refreshes.
          cancel
            .mutateAsync(row.id)
            .then(announce, (err: unknown) => setError(failureText(err)))
            .finally(() => setConfirming(false));
        }}
      />
    </TimeOffFrame>
  );
}
