import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatCalendarDate, formatMediumDate, plural } from '@/lib/company-time';
import type { EventTask, LicensingTask, MyTasks, PolicyTask, RequestTask } from '../api/get-my-tasks';
import { HR_TEXTS } from './labels';

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

/** Where a licence is renewed and CE credits are added: the person's My HR. */
export const MY_HR_PATH = '/my-hr';

/** 'Due Mar 31, 2027 · 12 days left', 'Due today', 'Was due Mar 1, 2027'. */
export function licensingDueText(task: Pick<LicensingTask, 'dueOn' | 'daysLeft'>): string {
  if (task.daysLeft < 0) return `Was due ${formatCalendarDate(task.dueOn)}`;
  if (task.daysLeft === 0) return `Due today, ${formatCalendarDate(task.dueOn)}`;
  return `Due ${formatCalendarDate(task.dueOn)} · ${plural(task.daysLeft, 'day')} left`;
}

function LicensingReminder({ task, onOpen }: { task: LicensingTask; onOpen?: () => void }) {
  return (
    <Card withBorder radius="md" p="sm" data-testid="licensing-task" data-kind={task.kind}>
      <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
        <Stack gap={2} miw={0}>
          <Group gap="xs">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {task.label}
            </Text>
            {task.daysLeft < 0 ? <OverdueBadge /> : null}
          </Group>
          <Text size="sm">{licensingDueText(task)}</Text>
        </Stack>
        <Button size="xs" component={Link} to={MY_HR_PATH} onClick={onOpen} aria-label={`Open My HR for ${task.label}`} style={{ flexShrink: 0 }}>
          Open
        </Button>
      </Group>
    </Card>
  );
}

interface TaskListProps {
  tasks: MyTasks | undefined;
  /** Something is overdue: the list says so first. */
  overdue: boolean;
  timeZone: string;
  onReviewPolicy: (task: PolicyTask) => void;
  onReviewEvent: (task: EventTask) => void;
  onUpload: (task: RequestTask) => void;
  /** A licensing task leads to My HR: the dock closes as it goes. */
  onOpenMyHr?: () => void;
}

/**
 * The task dock's lists: policy reviews, event requests, document requests and the licences and CE
 * requirements due soon (issue 42, leading to My HR), soonest due first.
 */
export function TaskList({ tasks, overdue, timeZone, onReviewPolicy, onReviewEvent, onUpload, onOpenMyHr }: TaskListProps) {
  const policies = tasks?.policies ?? [];
  const events = tasks?.events ?? [];
  const requests = tasks?.docRequests ?? [];
  const licensing = [...(tasks?.licensing ?? [])].sort((a, b) => a.dueOn.localeCompare(b.dueOn));
  return (
    <Stack gap="lg" data-testid="task-list">
      {overdue ? <Text size="sm">Some of these are overdue: please respond to them as soon as you can.</Text> : null}
      {policies.length > 0 ? (
        <Stack gap="sm">
          <Title order={3} fz="md">
            Policy Reviews
          </Title>
          {policies.map((task) => (
            <PolicyRequest key={task.id} task={task} onReview={() => onReviewPolicy(task)} />
          ))}
        </Stack>
      ) : null}
      {events.length > 0 ? (
        <Stack gap="sm">
          <Title order={3} fz="md">
            Event Requests
          </Title>
          {events.map((task) => (
            <EventRequest key={task.id} task={task} timeZone={timeZone} onReview={() => onReviewEvent(task)} />
          ))}
        </Stack>
      ) : null}
      {requests.length > 0 ? (
        <Stack gap="sm">
          <Title order={3} fz="md">
            Document Requests
          </Title>
          {requests.map((task) => (
            <DocumentRequest key={task.id} task={task} onUpload={() => onUpload(task)} />
          ))}
        </Stack>
      ) : null}
      {licensing.length > 0 ? (
        <Stack gap="sm">
          <Title order={3} fz="md">
            Licences and CE
          </Title>
          {licensing.map((task) => (
            <LicensingReminder key={`${task.kind}-${task.licenceId}-${task.dueOn}`} task={task} onOpen={onOpenMyHr} />
          ))}
        </Stack>
      ) : null}
      {policies.length === 0 && events.length === 0 && requests.length === 0 && licensing.length === 0 ? <Text c="dimmed">{HR_TEXTS.noTasks}</Text> : null}
    </Stack>
  );
}
