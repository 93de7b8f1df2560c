import { List, Stack, Text } from '@mantine/core';
import { useNow } from '@/lib/use-now';
import { answerText, approvalEventTime, approvalStepText, escalationText, waitingText, type Approval } from '@/lib/approval';

/**
 * Where a request stands on its approval path (issue 41), for those who answer it (the inbox's
 * rows, the timesheet's raised request): 'Step 2 of 2 · waiting for Maria Lopez', then who
 * answered each step and for whom ('approved by Ana Silva for Sam Lee'), and the escalations.
 */
export function ApprovalLine({ approval, timeZone }: { approval: Approval; timeZone: string }) {
  const events = [
    ...approval.answers.map((answer, index) => ({
      key: `answer-${index}`,
      at: answer.at,
      text: answerText(answer),
      comment: answer.comment,
      testId: 'approval-answer',
    })),
    ...approval.escalations.map((escalation, index) => ({
      key: `escalation-${index}`,
      at: escalation.at,
      text: escalationText(escalation),
      comment: null,
      testId: 'approval-escalation',
    })),
  ].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  return (
    <Stack gap={4} data-testid="approval">
      <Text size="sm" fw={600} data-testid="approval-step">
        {approvalStepText(approval)}
      </Text>
      {events.length > 0 ? (
        <List size="sm" spacing={2} aria-label="Answers so far" data-testid="approval-history">
          {events.map((event) => (
            <List.Item key={event.key} data-testid={event.testId} style={{ overflowWrap: 'anywhere' }}>
              {event.text}
              <Text span size="xs" c="dimmed">
                {' '}
                · {approvalEventTime(event.at, timeZone)}
              </Text>
              {event.comment ? `: ${event.comment}` : ''}
            </List.Item>
          ))}
        </List>
      ) : null}
    </Stack>
  );
}

/**
 * The requester's line on a pending request with a path: 'Waiting for Maria Lopez, step 2 of 2,
 * since Tuesday' (the weekday within the last 7 days, else the date). Nothing once it is answered.
 */
export function ApprovalWaiting({ approval, timeZone }: { approval: Approval | null; timeZone: string }) {
  const now = useNow(60_000);
  if (!approval || approval.state !== 'pending') return null;
  return (
    <Text size="sm" data-testid="approval-waiting">
      {waitingText(approval, timeZone, new Date(now))}
    </Text>
  );
}
