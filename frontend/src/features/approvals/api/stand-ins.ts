import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { z } from '@/lib/zod';
import { approvalsKeys } from './keys';

/**
 * Stand-ins (issue 41, docs/contracts/approvals.md "Stand-ins"): while a manager or admin is out
 * of office, another manager or admin answers their steps. A manager sees their own and those
 * naming them; an admin everyone's, and sets them for anyone.
 */

/** `StandInView`; dates are calendar days 'YYYY-MM-DD'. */
export const standInSchema = z.object({
  id: z.number().int(),
  personId: z.number().int(),
  personName: z.string(),
  standInId: z.number().int(),
  standInName: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  setByName: z.string().nullable().optional().transform((v) => v ?? null),
  active: z.boolean(),
});
export type StandIn = z.output<typeof standInSchema>;
export const standInsSchema = z.array(standInSchema);

export const getStandIns = (): Promise<StandIn[]> => api.get('/approvals/stand-ins', { schema: standInsSchema });

export const standInsQueryOptions = () => queryOptions({ queryKey: approvalsKeys.standIns, queryFn: getStandIns });

export const useStandIns = () => useQuery(standInsQueryOptions());

/** POST /approvals/stand-ins; `personId` only from an admin (others set their own). */
export interface StandInBody {
  personId?: number;
  standInId: number;
  startsOn: string;
  endsOn: string;
}

/** The add form's fields, by the names the server's errors use. */
export const STAND_IN_FIELDS = ['personId', 'standInId', 'startsOn', 'endsOn'] as const;

export const addStandIn = (body: StandInBody): Promise<StandIn> => api.post('/approvals/stand-ins', body, { schema: standInSchema });

export function useAddStandIn() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addStandIn, onSuccess: () => queryClient.invalidateQueries({ queryKey: approvalsKeys.standIns }) });
}

/** POST /approvals/stand-ins/delete {id} -> {message}. */
export const removeStandIn = (id: number): Promise<{ message: string }> =>
  api.post('/approvals/stand-ins/delete', { id }, { schema: z.object({ message: z.string() }) });

export function useRemoveStandIn() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeStandIn, onSuccess: () => queryClient.invalidateQueries({ queryKey: approvalsKeys.standIns }) });
}
