import { useEffect, useState } from 'react';
import type { MyTasks } from '../api/get-my-tasks';

/**
 * localStorage: the tasks the dock has already opened for by itself in a sign-in (`sid`), so a
 * new tab or a relaunch of the same sign-in does not open it again; every tab of the browser
 * shares it.
 */
export const TASKS_SEEN_KEY = 'timekeep.tasksSeen';

/** Each waiting task's key: what "something new became due" compares. */
export function taskKeys(tasks: MyTasks): string[] {
  return [
    ...tasks.policies.map((task) => `policy-${task.id}`),
    ...tasks.events.map((task) => `event-${task.id}`),
    ...tasks.docRequests.map((task) => `request-${task.id}`),
    ...tasks.licensing.map((task) => `licensing-${task.kind}-${task.licenceId}-${task.dueOn}`),
  ];
}

function seenIn(sid: string): Set<string> {
  try {
    const stored = JSON.parse(window.localStorage.getItem(TASKS_SEEN_KEY) ?? 'null') as { sid?: unknown; keys?: unknown } | null;
    if (stored?.sid !== sid || !Array.isArray(stored.keys)) return new Set();
    return new Set(stored.keys.filter((key): key is string => typeof key === 'string'));
  } catch {
    return new Set();
  }
}

function rememberSeen(sid: string, keys: readonly string[]): void {
  try {
    window.localStorage.setItem(TASKS_SEEN_KEY, JSON.stringify({ sid, keys: [...new Set([...seenIn(sid), ...keys])] }));
  } catch {
    // Storage refused (private mode): the dock may open by itself once more.
  }
}

export interface TaskDockState {
  opened: boolean;
  /** Something is overdue: the shell keeps a banner up until it is answered. */
  overdue: boolean;
  /** How many tasks wait, the licensing reminders included. */
  waiting: number;
  open: () => void;
  close: () => void;
}

export interface TaskDockOptions {
  /**
   * The dock may open by itself now: not on the clock screen (clocking in is never blocked; a
   * banner leads there instead), nor while the welcome tour or a required modal is up.
   */
  mayOpenByItself: boolean;
}

/**
 * When the task dock ('Response Required', 000 §2) shows. It opens by itself at most once per
 * sign-in, and again only when a task it has not opened for becomes due; otherwise when the
 * person asks (the bell, the banner). It always closes: clocking in must never wait for it. An
 * overdue task is not dismissed for good by closing it: the shell's banner stays on every screen,
 * and the next sign-in opens the dock again.
 */
export function useTaskDock(tasks: MyTasks | undefined, sid: string, { mayOpenByItself }: TaskDockOptions): TaskDockState {
  const [asked, setAsked] = useState(false);
  const [openedByItself, setOpenedByItself] = useState(false);
  // The tasks it last opened for by itself: they are remembered (below), so it does not open
  // for them again, in this screen or another.
  const [openedFor, setOpenedFor] = useState('');
  const keys = tasks ? taskKeys(tasks) : [];
  // The server's count (the bell's) leaves out the licences and CE due soon (issue 42); the dock
  // still opens for them, and the banner counts them.
  const waiting = (tasks?.count ?? 0) + (tasks?.licensing.length ?? 0);
  const seen = seenIn(sid);
  const fresh = keys.filter((key) => !seen.has(key)).join(',');

  // Adjusted while rendering (React's way for state that follows props), not in an effect.
  if (mayOpenByItself && fresh !== '' && fresh !== openedFor) {
    setOpenedFor(fresh);
    setOpenedByItself(true);
  }
  // Everything answered: the dock lets go, and a later task starts afresh.
  if (tasks && waiting === 0 && (asked || openedByItself)) {
    setAsked(false);
    setOpenedByItself(false);
  }
  useEffect(() => {
    if (openedFor !== '') rememberSeen(sid, openedFor.split(','));
  }, [openedFor, sid]);

  return {
    opened: (asked || openedByItself) && waiting > 0,
    overdue: tasks?.overdue ?? false,
    waiting,
    open: () => setAsked(true),
    close: () => {
      setAsked(false);
      setOpenedByItself(false);
    },
  };
}
