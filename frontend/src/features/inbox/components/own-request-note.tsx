import { Text } from '@mantine/core';
import { ownRequestText } from './labels';

/** Takes the place of Approve and Reject on the viewer's own pending request: who answers it instead. */
export function OwnRequestNote({ approvers }: { approvers: readonly string[] }) {
  return (
    <Text size="sm" c="dimmed" ta="right" data-testid="own-request">
      {ownRequestText(approvers)}
    </Text>
  );
}
