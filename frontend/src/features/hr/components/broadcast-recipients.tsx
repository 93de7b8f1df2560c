import { Badge, Card, Group, Stack, Table, Text } from '@mantine/core';
import { formatDateTime } from '@/lib/company-time';
import { useIsPhone } from '@/lib/media';
import type { Recipient } from '../api/schemas';
import { recipientStatusText } from './policy-status';

const nameOf = (r: Pick<Recipient, 'firstname' | 'lastname'>) => `${r.firstname} ${r.lastname}`.trim();

function RecipientStatus({ recipient }: { recipient: Recipient }) {
  const color = recipient.certifyStatus === 1 ? 'teal.9' : recipient.certifyStatus === 2 ? 'red.9' : 'gray.8';
  return (
    <Group gap={6} wrap="wrap">
      <Text size="sm" fw={600} c={color}>
        {recipientStatusText(recipient.certifyStatus)}
      </Text>
      {recipient.certifyStatus === 0 && recipient.overdue ? (
        <Badge color="red.9" variant="filled" size="sm">
          Overdue
        </Badge>
      ) : null}
    </Group>
  );
}

/** Who received the publication and what each answered: a table, or cards on phones. */
export function Recipients({ recipients, timeZone }: { recipients: readonly Recipient[]; timeZone: string }) {
  const isPhone = useIsPhone();
  if (recipients.length === 0) return <Text c="dimmed">Nobody received this publication.</Text>;
  if (isPhone) {
    return (
      <Stack gap="xs" data-testid="recipients">
        {recipients.map((r) => (
          <Card key={r.employeeId} withBorder radius="md" p="sm" data-testid="recipient">
            <Stack gap={2}>
              <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {nameOf(r)}
                </Text>
                <RecipientStatus recipient={r} />
              </Group>
              {r.certifyDate ? <Text size="xs" c="dimmed">{formatDateTime(r.certifyDate, timeZone)}</Text> : null}
              {r.comments.trim() ? (
                <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                  {r.comments}
                </Text>
              ) : null}
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table striped verticalSpacing="xs" data-testid="recipients">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th w={150}>Status</Table.Th>
          <Table.Th w={170}>Date</Table.Th>
          <Table.Th>Comments</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {recipients.map((r) => (
          <Table.Tr key={r.employeeId} data-testid="recipient">
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{nameOf(r)}</Table.Td>
            <Table.Td>
              <RecipientStatus recipient={r} />
            </Table.Td>
            <Table.Td>{formatDateTime(r.certifyDate, timeZone)}</Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>{r.comments}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
