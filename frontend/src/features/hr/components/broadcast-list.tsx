import { Badge, Button, Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { formatMediumDate } from '@/lib/company-time';
import { useIsPhone } from '@/lib/media';
import type { PolicyView } from '../api/schemas';
import { broadcastStatusColor, broadcastStatusText } from './policy-status';

/** What a broadcast's buttons do. */
export interface BroadcastRowActions {
  onEdit: () => void;
  onPublish: () => void;
  onStatus: () => void;
  onDelete: () => void;
}

function StatusBadge({ policy, timeZone }: { policy: PolicyView; timeZone: string }) {
  const latest = policy.workflows[0] ?? null;
  return (
    <Badge variant="filled" color={broadcastStatusColor(latest)} autoContrast tt="none" data-testid="policy-status">
      {broadcastStatusText(latest, timeZone)}
    </Badge>
  );
}

function Actions({ policy, onEdit, onPublish, onStatus, onDelete }: { policy: PolicyView } & BroadcastRowActions) {
  return (
    <Group gap={6} wrap="wrap" justify="flex-end">
      <Button size="xs" variant="light" onClick={onEdit} aria-label={`Edit ${policy.title}`} aria-haspopup="dialog">
        Edit
      </Button>
      <Button size="xs" variant="light" onClick={onPublish} aria-label={`Publish ${policy.title}`} aria-haspopup="dialog">
        Publish
      </Button>
      <Button size="xs" variant="light" onClick={onStatus} disabled={policy.workflows.length === 0} aria-label={`Status of ${policy.title}`} aria-haspopup="dialog">
        Status
      </Button>
      <Button size="xs" variant="outline" color="red.9" onClick={onDelete} aria-label={`Delete ${policy.title}`}>
        Delete
      </Button>
    </Group>
  );
}

const dateOr = (instant: string | null, timeZone: string) => (instant ? formatMediumDate(instant, timeZone) : '-');

function PolicyCard({ policy, timeZone, ...actions }: { policy: PolicyView; timeZone: string } & BroadcastRowActions) {
  return (
    <Card withBorder radius="md" p="sm" data-testid="broadcast">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {policy.title}
          </Text>
          <Badge variant="light" style={{ flexShrink: 0 }}>
            {policy.typeName}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {`Created ${dateOr(policy.createDate, timeZone)} · Broadcast ${dateOr(policy.lastPublishDate, timeZone)}`}
        </Text>
        <Group>
          <StatusBadge policy={policy} timeZone={timeZone} />
        </Group>
        <Actions policy={policy} {...actions} />
      </Stack>
    </Card>
  );
}

interface BroadcastListProps {
  policies: readonly PolicyView[];
  timeZone: string;
  actionsFor: (p: PolicyView) => BroadcastRowActions;
}

function PolicyTable({ policies, timeZone, actionsFor }: BroadcastListProps) {
  return (
    <Table striped verticalSpacing="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Title</Table.Th>
          <Table.Th w={150}>Type</Table.Th>
          <Table.Th w={120}>Create Date</Table.Th>
          <Table.Th w={120}>Broadcast Date</Table.Th>
          <Table.Th w={170}>Status</Table.Th>
          <Table.Th w={200}>
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {policies.map((policy) => (
          <Table.Tr key={policy.id} data-testid="broadcast">
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              <Text fw={600} size="sm">
                {policy.title}
              </Text>
              {policy.document ? (
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {`Document: ${policy.document.docName ?? policy.document.docFileName}`}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{policy.typeName}</Table.Td>
            <Table.Td>{dateOr(policy.createDate, timeZone)}</Table.Td>
            <Table.Td>{dateOr(policy.lastPublishDate, timeZone)}</Table.Td>
            <Table.Td>
              <StatusBadge policy={policy} timeZone={timeZone} />
            </Table.Td>
            <Table.Td>
              <Actions policy={policy} {...actionsFor(policy)} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The broadcasts of a page: a table on desktops, cards on phones. */
export function BroadcastList({ policies, timeZone, actionsFor }: BroadcastListProps) {
  const isPhone = useIsPhone();
  return isPhone ? (
    <Stack gap="sm" data-testid="broadcasts">
      {policies.map((policy) => (
        <PolicyCard key={policy.id} policy={policy} timeZone={timeZone} {...actionsFor(policy)} />
      ))}
    </Stack>
  ) : (
    <div data-testid="broadcasts">
      <PolicyTable policies={policies} timeZone={timeZone} actionsFor={actionsFor} />
    </div>
  );
}
