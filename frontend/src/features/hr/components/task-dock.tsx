import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Dock } from '@/components/dock';
import { formatCalendarDate, formatMediumDate } from '@/lib/company-time';
import type { EventTask, MyTasks, PolicyTask, RequestTask } from '../api/get-my-tasks';
import { EventReview } from './event-review';
import { HR_TEXTS, TASK_DOCK_WIDTH } from './labels';
import { PolicyReview } from './policy-review';
import { RequestedDocUpload } from './requested-doc-upload';

/** What the dock shows: the lists, one policy or event under review, or one request's upload form. */
type View = { kind: 'list' } | { kind: 'policy'; task: PolicyTask } | { kind: 'event'; task: EventTask } | { kind: 'upload'; task: RequestTask };

function OverdueBadge() {
  return (
    <Badge color="red.9" variant="filled" size="sm">
      Overdue
    </Badge>
  );
}

function PolicyRequest({ task, onReview }: { task: PolicyTask; onReview: () => void }) {
  return (
    <Card withBorder radius="md" p="sm" data-testid="policy-request">
      <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
        <Stack gap={2} miw={0}>
          <Group gap="xs">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {task.title}
            </Text>
            {task.overdue ? <OverdueBadge /> : null}
          </Group>
          {task.dueDate ? <Text size="sm">{`Due ${formatCalendarDate(task.dueDate)}`}</Text> : null}
        </Stack>
        <Button size="xs" onClick={onReview} aria-label={`Review ${task.title}`} style={{ flexShrink: 0 }}>
          Review
        </Button>
      </Group>
    </Card>
  );
}

function EventRequest({ task, timeZone, onReview }: { task: EventTask; timeZone: string; onReview: () => void }) {
  return (
    <Card withBorder radius="md" p="sm" data-testid="event-request">
      <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
        <Stack gap={2} miw={0}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {task.title}
          </Text>
          <Text size="xs" c="dimmed">
            {[`Added ${formatMediumDate(task.createDate, timeZone)}`, task.actionDate ? `Action date ${formatCalendarDate(task.actionDate)}` : null]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </Stack>
        <Button size="xs" onClick={onReview} aria-label={`Review ${task.title}`} style={{ flexShrink: 0 }}>
          Review
        </Button>
      </Group>
    </Card>
  );
}

function DocumentRequest({ task, onUpload }: { task: RequestTask; onUpload: () => void }) {
  return (
    <Card withBorder radius="md" p="sm" data-testid="document-request">
      <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
        <Stack gap={2} miw={0}>
          <Group gap="xs">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {task.name}
            </Text>
            {task.overdue ? <OverdueBadge /> : null}
          </Group>
          <Text size="sm">{`Due ${formatCalendarDate(task.dueDate)}`}</Text>
          {task.comments.trim() ? (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
              {task.comments}
            </Text>
          ) : null}
        </Stack>
        <Button size="xs" onClick={onUpload} aria-label={`Upload ${task.name}`} style={{ flexShrink: 0 }}>
          Upload
        </Button>
      </Group>
    </Card>
  );
}

interface TaskDockProps {
  tasks: MyTasks | undefined;
  opened: boolean;
  /** False while something is overdue: the dock cannot be closed (000 §2). */
  closable: boolean;
  onClose: () => void;
  timeZone: string;
}

/**
 * The task dock 'Response Required' (000 §2), 600 wide (full width on phones): policies and
 * events waiting for the person's answer (Review opens the acknowledge flow) and open document
 * requests (Upload opens the upload form), soonest due first.
 */
export function TaskDock({ tasks, opened, closable, onClose, timeZone }: TaskDockProps) {
  const [view, setView] = useState<View>({ kind: 'list' });
  const back = () => setView({ kind: 'list' });
  const close = () => {
    back();
    onClose();
  };
  const policies = tasks?.policies ?? [];
  const events = tasks?.events ?? [];
  const requests = tasks?.docRequests ?? [];

  return (
    <Dock opened={opened} onClose={close} title="Response Required" width={TASK_DOCK_WIDTH} closable={closable} testId="task-dock">
      {view.kind === 'policy' ? (
        <Stack gap="md">
          <Button variant="subtle" size="xs" onClick={back} style={{ alignSelf: 'flex-start' }}>
            ‹ Back to the list
          </Button>
          <PolicyReview workflowId={view.task.id} timeZone={timeZone} onAnswered={back} />
        </Stack>
      ) : view.kind === 'event' ? (
        <Stack gap="md">
          <Button variant="subtle" size="xs" onClick={back} style={{ alignSelf: 'flex-start' }}>
            ‹ Back to the list
          </Button>
          <EventReview eventId={view.task.id} timeZone={timeZone} onAcknowledged={back} />
        </Stack>
      ) : view.kind === 'upload' ? (
        <Stack gap="md">
          <Title order={3} fz="md">
            {view.task.name}
          </Title>
          <RequestedDocUpload request={view.task} onDone={back} onCancel={back} />
        </Stack>
      ) : (
        <Stack gap="lg" data-testid="task-list">
          {!closable ? <Text size="sm">Some of these are overdue: please respond to them to continue.</Text> : null}
          {policies.length > 0 ? (
            <Stack gap="sm">
              <Title order={3} fz="md">
                Policy Reviews
              </Title>
              {policies.map((task) => (
                <PolicyRequest key={task.id} task={task} onReview={() => setView({ kind: 'policy', task })} />
              ))}
            </Stack>
          ) : null}
          {events.length > 0 ? (
            <Stack gap="sm">
              <Title order={3} fz="md">
                Event Requests
              </Title>
              {events.map((task) => (
                <EventRequest key={task.id} task={task} timeZone={timeZone} onReview={() => setView({ kind: 'event', task })} />
              ))}
            </Stack>
          ) : null}
          {requests.length > 0 ? (
            <Stack gap="sm">
              <Title order={3} fz="md">
                Document Requests
              </Title>
              {requests.map((task) => (
                <DocumentRequest key={task.id} task={task} onUpload={() => setView({ kind: 'upload', task })} />
              ))}
            </Stack>
          ) : null}
          {policies.length === 0 && events.length === 0 && requests.length === 0 ? <Text c="dimmed">{HR_TEXTS.noTasks}</Text> : null}
        </Stack>
      )}
    </Dock>
  );
}
