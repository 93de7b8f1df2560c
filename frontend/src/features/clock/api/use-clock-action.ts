import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endClock } from './end-clock';
import { snapshotOf, type ClockStatus } from './get-clock-status';
import { resumeFromBreak } from './resume-from-break';
import { startClock } from './start-clock';
import { takeBreak } from './take-break';
import { clockKeys } from './keys';

/** The four changes of the clock (spec 000 §4); 'start' is also 'Start a New Shift'. */
export type ClockAction = 'start' | 'break' | 'resume' | 'end';

export function runClockAction(action: ClockAction, trackingNumber: number | null): Promise<ClockStatus> {
  // The open shift's number; the server refuses a number that is not the open shift (409).
  const ts = trackingNumber ?? 0;
  switch (action) {
    case 'start':
      return startClock();
    case 'break':
      return takeBreak(ts);
    case 'resume':
      return resumeFromBreak(ts);
    case 'end':
      return endClock(ts);
  }
}

/**
 * One clock change. Every action answers the new status, which replaces the cached one; a failure
 * asks the server for the status again (it is the authority). The overtime notice reads again while
 * the shift runs, and is forgotten once it ends. Timesheet lists are invalidated by
 * their key (['timesheet']) so a freshly ended shift shows up without importing that feature.
 */
export function useClockAction(eid: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, trackingNumber }: { action: ClockAction; trackingNumber: number | null }) =>
      runClockAction(action, trackingNumber),
    onSuccess: (status) => {
      queryClient.setQueryData(clockKeys.status(eid), snapshotOf(status));
      // Clocked in or on a break: read again. Clocked out: nothing to show, nor to ask.
      if (status.status === 1 || status.status === 2) void queryClient.invalidateQueries({ queryKey: clockKeys.overtime });
      else queryClient.removeQueries({ queryKey: clockKeys.overtime });
      void queryClient.invalidateQueries({ queryKey: clockKeys.timesheets });
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: clockKeys.status(eid) });
    },
  });
}
