import { Badge, Group, Loader, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { FormAlert } from '@/components/form-alert';
import { formatCalendarDate, formatDateTime, formatMediumDate } from '@/lib/company-time';
import { useWorkflow } from '../api/get-workflow';
import type { WorkflowSummary, WorkflowView } from '../api/schemas';
import { Recipients } from './broadcast-recipients';
import { StatusActions } from './broadcast-status-actions';
import { failureMessage } from './labels';
import { broadcastStatusColor, broadcastStatusText } from './policy-status';
import { DetailField } from './record-details';

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
