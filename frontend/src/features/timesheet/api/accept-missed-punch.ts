import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { otherKeys, timesheetKeys } from './keys';
import { entrySchema, type Entry } from './schemas';

/**
 * POST /timesheet/missed-accept?ts=ID -> the settled shift: "accept as is" of a missed punch
 * (issue 40), by a manager or admin; 403 for one's own, 409 when nothing waits any more.
 */
export const acceptMissedPunch = (ts: number): Promise<Entry> =>
  api.post('/timesheet/missed-accept', {}, { query: { ts }, schema: entrySchema });

export function useAcceptMissedPunch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptMissedPunch,
    onSuccess: () =>
      Promise.all([timesheetKeys.all, otherKeys.inbox, otherKeys.dashboard].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
