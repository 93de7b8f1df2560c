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
  approving: boolean;
  onReject: () => void;
  onApprove: () => void;
}

/** A pending request's Reject and Approve (a spinner while approving), or who answers it. */
export function AnswerButtons({ ownApprovers, approving, onReject, onApprove }: AnswerButtonsProps) {
  if (ownApprovers) return <OwnRequestNote approvers={ownApprovers} />;
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="outline" color="red.9" onClick={onReject} disabled={approving}>
        Reject
      </Button>
      <Button loading={approving} onClick={onApprove}>
        Approve
      </Button>
    </Group>
  );
}
