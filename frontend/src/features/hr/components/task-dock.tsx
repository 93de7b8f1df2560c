import { Button, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { Dock } from '@/components/dock';
import type { EventTask, MyTasks, PolicyTask, RequestTask } from '../api/get-my-tasks';
import { EventReview } from './event-review';
import { TASK_DOCK_WIDTH } from './labels';
import { PolicyReview } from './policy-review';
import { RequestedDocUpload } from './requested-doc-upload';
import { TaskList } from './task-list';

/** What the dock shows: the lists, one policy or event under review, or one request's upload form. */
type View = { kind: 'list' } | { kind: 'policy'; task: PolicyTask } | { kind: 'event'; task: EventTask } | { kind: 'upload'; task: RequestTask };

interface TaskDockProps {
  tasks: MyTasks | undefined;
  opened: boolean;
  /** Something is overdue: the list says so (the dock still closes: the clock comes first). */
  overdue: boolean;
  onClose: () => void;
  timeZone: string;
}

/**
 * The task dock 'Response Required' (000 §2), 600 wide (full width on phones): policies and
 * events waiting for the person's answer (Review opens the acknowledge flow) and open document
 * requests (Upload opens the upload form), soonest due first; licences and CE requirements due
 * within 90 days (issue 42) lead to My HR.
 *
 * Unlike 000 §2's dock, it closes even while something is overdue (issue 36): on a phone it
 * covered the clock, and clocking in must never wait for paperwork. Overdue tasks keep the
 * shell's banner up instead (use-task-dock.ts).
 */
export function TaskDock({ tasks, opened, overdue, onClose, timeZone }: TaskDockProps) {
  const [view, setView] = useState<View>({ kind: 'list' });
  const back = () => setView({ kind: 'list' });
  const close = () => {
    back();
    onClose();
  };

  return (
    <Dock opened={opened} onClose={close} title="Response Required" width={TASK_DOCK_WIDTH} testId="task-dock">
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
        <TaskList
          tasks={tasks}
          overdue={overdue}
          timeZone={timeZone}
          onReviewPolicy={(task) => setView({ kind: 'policy', task })}
          onReviewEvent={(task) => setView({ kind: 'event', task })}
          onUpload={(task) => setView({ kind: 'upload', task })}
          onOpenMyHr={close}
        />
      )}
    </Dock>
  );
}
