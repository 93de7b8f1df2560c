import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import type { TeamSpan } from './get-team-timesheet';
import { periodReviewSchema, type PeriodReview } from './get-team-timesheet';
import { timesheetKeys } from './keys';

const approvedSchema = z.object({ reviews: z.array(periodReviewSchema) });

export interface ApprovePeriodInput {
  employeeIds: readonly number[];
  /** A day of the period. */
  date: string;
  span: TeamSpan;
}

/**
 * POST /timesheet/approve-period: approves these people's period (a recorded review each; one
 * already approved keeps its first review). Answers the period's reviews of those people.
 */
export const approvePeriod = ({ employeeIds, date, span }: ApprovePeriodInput): Promise<PeriodReview[]> =>
  api.post('/timesheet/approve-period', { employeeIds, date, span }, { schema: approvedSchema }).then(({ reviews }) => reviews);

export function useApprovePeriod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approvePeriod,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: timesheetKeys.all }),
  });
}
