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
        <TaskList
          tasks={tasks}
          overdue={!closable}
          timeZone={timeZone}
          onReviewPolicy={(task) => setView({ kind: 'policy', task })}
          onReviewEvent={(task) => setView({ kind: 'event', task })}
          onUpload={(task) => setView({ kind: 'upload', task })}
        />
      )}
    </Dock>
  );
}
