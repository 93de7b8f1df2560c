import { useState } from 'react';
import type { MyTasks } from '../api/get-my-tasks';

/** sessionStorage: the session (`sid`) whose person closed the task dock. */
export const TASK_DOCK_CLOSED_KEY = 'timekeep.taskDockClosed';

function closedFor(sid: string): boolean {
  try {
    return window.sessionStorage.getItem(TASK_DOCK_CLOSED_KEY) === sid;
  } catch {
    return false;
  }
}

function rememberClosed(sid: string): void {
  try {
    window.sessionStorage.setItem(TASK_DOCK_CLOSED_KEY, sid);
  } catch {
    // Storage refused (private mode): the dock may show again on the next page load.
  }
}

export interface TaskDockState {
  opened: boolean;
  closable: boolean;
  open: () => void;
  close: () => void;
}

/**
 * When the task dock shows (000 §2): forced open and not closable while anything is overdue;
 * otherwise open when tasks exist, until the person closes it — remembered for the session (tab
 * and sign-in) — and whenever they ask for it (the bell).
 */
export function useTaskDock(tasks: MyTasks | undefined, sid: string): TaskDockState {
  const [asked, setAsked] = useState(false);
  const [closed, setClosed] = useState(() => closedFor(sid));
  const overdue = tasks?.overdue ?? false;
  const waiting = (tasks?.count ?? 0) > 0;
  return {
    opened: overdue || asked || (waiting && !closed),
    closable: !overdue,
    open: () => setAsked(true),
    close: () => {
      if (overdue) return;
      setAsked(false);
      setClosed(true);
      rememberClosed(sid);
    },
  };
}
