import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { z } from '@/lib/zod';
import { inboxKeys, otherKeys } from './keys';

/**
 * Missed punches (issue 40, docs/contracts/places.md "Missed punches"): shifts still open at the
 * company's longest shift, which Timekeep closed provisionally at their last known activity. They
 * wait for a manager to correct them (on the person's timesheet) or accept them as they are; until
 * then they are paid in no payroll file.
 */
export const MISSED_KINDS = ['clock_out', 'break_end'] as const;
export type MissedKind = (typeof MISSED_KINDS)[number];

export const missedPunchSchema = z.object({
  /** The shift. */
  entryId: z.number().int(),
  employeeId: z.number().int(),
  firstname: z.string().nullable().optional().transform((v) => v ?? ''),
  lastname: z.string().nullable().optional().transform((v) => v ?? ''),
  /** When the shift began (ISO-8601 UTC). */
  start: z.string(),
  /** Where Timekeep closed it: its last known activity. */
  end: z.string().nullable().optional().transform((v) => v ?? null),
  /** What was missed; an unknown kind reads as a missed clock-out. */
  kind: z
    .string()
    .transform((v): MissedKind => ((MISSED_KINDS as readonly string[]).includes(v) ? (v as MissedKind) : 'clock_out')),
  /** The server's words: 'missed clock-out' / 'missed break end'. */
  text: z.string().nullable().optional().transform((v) => v ?? ''),
});
export type MissedPunch = z.output<typeof missedPunchSchema>;

export const missedPunchesSchema = z.object({ missed: z.array(missedPunchSchema) });

/** GET /timesheet/missed (managers, admins): the people they reach, their own aside; oldest first. */
export const getMissedPunches = (): Promise<MissedPunch[]> =>
  api.get('/timesheet/missed', { schema: missedPunchesSchema }).then((answer) => answer.missed);

export const useMissedPunches = () => useQuery({ queryKey: inboxKeys.missed, queryFn: getMissedPunches });

/** The shift as the accept answers it (an EntryView): only whether it still waits is read. */
const acceptedSchema = z.object({ id: z.number().int(), missedOpen: z.boolean().optional() });

/** POST /timesheet/missed-accept?ts=: "accept as is" (403 for one's own; 409 when nothing waits). */
export const acceptMissedPunch = (entryId: number) => api.post('/timesheet/missed-accept', {}, { query: { ts: entryId }, schema: acceptedSchema });

/**
 * Accepting settles the shift: it leaves the list at once, and the inbox, the timesheets (its
 * badge) and the dashboard reload.
 */
export function useAcceptMissedPunch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptMissedPunch,
    onSuccess: (_answer, entryId) => {
      queryClient.setQueryData<MissedPunch[]>(inboxKeys.missed, (rows) => rows?.filter((row) => row.entryId !== entryId));
      return Promise.all([inboxKeys.all, otherKeys.dashboard, otherKeys.timesheet].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
