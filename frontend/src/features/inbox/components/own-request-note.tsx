import { Button, Group, Text } from '@mantine/core';
import { ownRequestText } from './labels';

/** Takes the place of Approve and Reject on the viewer's own pending request: who answers it instead. */
export function OwnRequestNote({ approvers }: { approvers: readonly string[] }) {
  return (
    <Text size="sm" c="dimmed" ta="right" data-testid="own-request">
      {ownRequestText(approvers)}
    </Text>
  );
}

interface AnswerButtonsProps {
  /** The viewer's own request (or one they filed): who answers it, shown instead of the buttons. */
  ownApprovers: readonly string[] | null;
  /**
   * Issue 41: a request on an approval path whose current step the viewer does not answer: no
   * Approve or Reject (its approval line says whom it waits for).
   */
  waitsForOthers?: boolean;
  approving: boolean;
  onReject: () => void;
  onApprove: () => void;
  /** Issue 41: an admin's 'Approve all steps' on a request with a path (null: not offered). */
  onApproveAllSteps?: (() => void) | null;
  approvingAllSteps?: boolean;
}

/** A pending request's Reject and Approve (a spinner while approving), or who answers it; an admin's 'Approve all steps'. */
export function AnswerButtons({ ownApprovers, waitsForOthers = false, approving, onReject, onApprove, onApproveAllSteps = null, approvingAllSteps = false }: AnswerButtonsProps) {
  const busy = approving || approvingAllSteps;
  const allSteps = onApproveAllSteps ? (
    <Button variant="light" loading={approvingAllSteps} disabled={busy && !approvingAllSteps} onClick={onApproveAllSteps}>
      Approve all steps
    </Button>
  ) : null;
  if (waitsForOthers || ownApprovers) {
    return (
      <>
        {ownApprovers && !waitsForOthers ? <OwnRequestNote approvers={ownApprovers} /> : null}
        {allSteps ? <Group justify="flex-end">{allSteps}</Group> : null}
      </>
    );
  }
  return (
    <Group justify="flex-end" gap="sm">
      {allSteps}
      <Button variant="outline" color="red.9" onClick={onReject} disabled={busy}>
        Reject
      </Button>
      <Button loading={approving} disabled={busy && !approving} onClick={onApprove}>
        Approve
      </Button>
    </Group>
  );
}
