import { Badge, Button, Card, Group, Loader, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form-alert';
import { formatCalendarDate, formatDateTime, formatMediumDate } from '@/lib/company-time';
import { useIsPhone } from '@/lib/media';
import { useWorkflow } from '../api/get-workflow';
import type { Recipient, WorkflowSummary, WorkflowView } from '../api/schemas';
import { useSendWorkflowReminder } from '../api/send-workflow-reminder';
import { STOP_QUESTION, useStopWorkflow } from '../api/stop-workflow';
import { failureMessage } from './labels';
import { broadcastStatusColor, broadcastStatusText, isAwaitingAnswers, recipientStatusText } from './policy-status';
import { DetailField } from './record-details';

/** Shown when stopping answers without a message of its own. */
export const STOPPED = 'The Broadcast has been stopped.';

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
function Recipients({ recipients, timeZone }: { recipients: readonly Recipient[]; timeZone: string }) {
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

function Count({ label, value }: { label: string; value: number }) {
  return (
    <Stack gap={0} align="center">
      <Text fw={700} fz="xl">
        {value}
      </Text>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" ta="center">
        {label}
      </Text>
    </Stack>
  );
}

interface ActionsProps {
  workflow: WorkflowView;
  onStopped: (workflow: WorkflowView) => void;
}

/**
 * 'Send Reminder' and 'Stop' (002 §4): only while the publication is active and someone has not
 * answered. Sending a reminder hides Stop, stopping hides Send Reminder; stopped, the view closes.
 */
function StatusActions({ workflow, onStopped }: ActionsProps) {
  const remind = useSendWorkflowReminder();
  const stop = useStopWorkflow();
  const [asking, setAsking] = useState(false);
  const [reminded, setReminded] = useState(false);
  const stopping = asking || stop.isPending;
  if (!isAwaitingAnswers(workflow)) return null;
  const failure = remind.error ?? stop.error;
  return (
    <Stack gap="xs">
      {failure ? <FormAlert>{`Sorry ${failureMessage(failure)}`}</FormAlert> : null}
      <Group gap="sm" justify="flex-end">
        {!stopping ? (
          <Button
            variant="light"
            loading={remind.isPending}
            onClick={() =>
              remind.mutate(workflow.id, {
                onSuccess: (answer) => {
                  setReminded(true);
                  notifications.show({ color: answer.changed ? 'green' : 'blue', message: answer.message || `A reminder was sent to ${answer.sent}.` });
                },
              })
            }
          >
            Send Reminder
          </Button>
        ) : null}
        {!reminded && !remind.isPending ? (
          <Button variant="outline" color="red.9" onClick={() => setAsking(true)} loading={stop.isPending}>
            Stop
          </Button>
        ) : null}
      </Group>
      <ConfirmDialog
        opened={asking}
        title="Are you sure?"
        message={STOP_QUESTION}
        confirmLabel="Stop"
        danger
        loading={stop.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          stop.mutate(workflow.id, {
            onSuccess: (stopped) => {
              notifications.show({ color: 'green', message: STOPPED });
              onStopped(stopped);
            },
            onSettled: () => setAsking(false),
          })
        }
      />
    </Stack>
  );
}

function WorkflowDetails({ workflow, timeZone, onStopped }: { workflow: WorkflowView; timeZone: string; onStopped: (workflow: WorkflowView) => void }) {
  const answered = workflow.confirmedRecipients + workflow.declinedRecipients;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={3} fz="lg" style={{ overflowWrap: 'anywhere' }}>
          {workflow.title}
        </Title>
        <Group gap="xs">
          <Badge variant="filled" color={broadcastStatusColor(workflow)} autoContrast tt="none" data-testid="broadcast-status-text">
            {broadcastStatusText(workflow, timeZone)}
          </Badge>
          {workflow.onboarding ? (
            <Badge variant="outline" color="grape.9">
              Onboarding policy
            </Badge>
          ) : null}
        </Group>
      </Stack>
      <Group gap="xl" align="flex-start">
        <DetailField label="Version">{String(workflow.version)}</DetailField>
        <DetailField label="Publish date">{formatMediumDate(workflow.publishDate, timeZone)}</DetailField>
        <DetailField label="Due date">{workflow.dueDate ? formatCalendarDate(workflow.dueDate) : '-'}</DetailField>
        {workflow.remindedAt ? <DetailField label="Last reminder">{formatDateTime(workflow.remindedAt, timeZone)}</DetailField> : null}
      </Group>
      <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="sm" data-testid="broadcast-counts">
        <Count label="Recipients" value={workflow.totalRecipients} />
        <Count label="Acknowledged" value={workflow.confirmedRecipients} />
        <Count label="Declined" value={workflow.declinedRecipients} />
        <Count label="Pending" value={Math.max(0, workflow.totalRecipients - answered)} />
      </SimpleGrid>
      <StatusActions workflow={workflow} onStopped={onStopped} />
      <Recipients recipients={workflow.recipients} timeZone={timeZone} />
    </Stack>
  );
}

interface BroadcastStatusProps {
  /** The policy's publications, newest first: the newest is shown, an earlier one can be chosen. */
  workflows: readonly WorkflowSummary[];
  timeZone: string;
  /** Stopped: the panel closes and the list is asked again (002 §4). */
  onStopped: (workflow: WorkflowView) => void;
}

/**
 * The Broadcast Status panel (002 §2, 650 wide): the publication's version, publish and due
 * dates, status text and counts, and each recipient's answer (Pending, Acknowledged or Declined,
 * its date and comments, Overdue), with Send Reminder and Stop while answers are awaited.
 */
export function BroadcastStatus({ workflows, timeZone, onStopped }: BroadcastStatusProps) {
  const [chosen, setChosen] = useState<number | null>(workflows[0]?.id ?? null);
  const workflow = useWorkflow(chosen);
  return (
    <Stack gap="lg" data-testid="broadcast-status">
      {workflows.length > 1 ? (
        <Select
          label="Publication"
          data={workflows.map((w) => ({ value: String(w.id), label: `Version ${w.version}, published ${formatMediumDate(w.publishDate, timeZone)}` }))}
          value={chosen === null ? null : String(chosen)}
          onChange={(next) => next && setChosen(Number(next))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      ) : null}
      {workflow.isPending ? (
        <Loader size="sm" aria-label="Loading the broadcast status" />
      ) : workflow.isError ? (
        <FormAlert>{failureMessage(workflow.error)}</FormAlert>
      ) : (
        <WorkflowDetails key={workflow.data.id} workflow={workflow.data} timeZone={timeZone} onStopped={onStopped} />
      )}
    </Stack>
  );
}
