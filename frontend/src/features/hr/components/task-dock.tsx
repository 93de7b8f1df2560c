import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Dock } from '@/components/dock';
import { formatCalendarDate, formatMediumDate } from '@/lib/company-time';
import type { EventTask, MyTasks, RequestTask } from '../api/get-my-tasks';
import { EventReview } from './event-review';
import { HR_TEXTS, TASK_DOCK_WIDTH } from './labels';
import { RequestedDocUpload } from './requested-doc-upload';

/** What the dock shows: the lists, one event under review, or one request's upload form. */
type View = { kind: 'list' } | { kind: 'event'; task: EventTask } | { kind: 'upload'; task: RequestTask };

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
            {task.overdue ? (
              <Badge color="red.9" variant="filled" size="sm">
                Overdue
              </Badge>
            ) : null}
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
 * The task dock 'Response Required' (000 §2), 600 wide (full width on phones): events waiting for
 * the person's acknowledgement (Review opens the acknowledge flow) and open document requests
 * (Upload opens the upload form), soonest due first.
 */
export function TaskDock({ tasks, opened, closable, onClose, timeZone }: TaskDockProps) {
  const [view, setView] = useState<View>({ kind: 'list' });
  const back = () => setView({ kind: 'list' });
  const close = () => {
    back();
    onClose();
  };
  const events = tasks?.events ?? [];
  const requests = tasks?.docRequests ?? [];

  return (
    <Dock opened={opened} onClose={close} title="Response Required" width={TASK_DOCK_WIDTH} closable={closable} testId="task-dock">
      {view.kind === 'event' ? (
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
          {events.length === 0 && requests.length === 0 ? <Text c="dimmed">{HR_TEXTS.noTasks}</Text> : null}
        </Stack>
      )}
    </Dock>
  );
}
