import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { requiredText } from '@/lib/validation';
import { inboxKeys, otherKeys } from './keys';

/** Spec 001 §5: the reason must not be blank after trimming (the timesheet panel's wording). */
export const rejectFormSchema = z.object({ comment: requiredText('Please input the reason of the rejection') });
export type RejectFormValues = z.infer<typeof rejectFormSchema>;

/** Both calls answer with the changed row (the shift, or the request); the inbox reloads instead. */
const respondedSchema = z.object({ id: z.number().int() });

/**
 * An approval answers with the shift; one that completes a step of an approval path but not the
 * last also says so in `approvalMessage` ('Approved step 1 of 2; now waiting for …', issue 41).
 */
const approvedSchema = respondedSchema.extend({
  approvalMessage: z.string().nullable().optional().transform((v) => v ?? null),
});

/** Issue 41: `allSteps` (admins only) approves every remaining step of the request's path at once. */
const allStepsField = (allSteps: boolean | undefined) => (allSteps ? { allSteps: true } : {});

/** POST /timesheet/edit-request-approve {reqId, allSteps?}. */
export const approveRequest = ({ reqId, allSteps }: { reqId: number; allSteps?: boolean }) =>
  api.post('/timesheet/edit-request-approve', { reqId, ...allStepsField(allSteps) }, { schema: approvedSchema });

/** POST /timesheet/edit-request-reject {reqId, comment}. */
export const rejectRequest = ({ reqId, comment }: { reqId: number; comment: string }) =>
  api.post('/timesheet/edit-request-reject', { reqId, comment: comment.trim() }, { schema: respondedSchema });

/**
 * What the time-off calls answer (the contract's `{ request, changed, message }`): `message` says
 * what happened ('The request has been approved.' / 'The request was already approved.'). The
 * request itself is not needed: the inbox reloads.
 */
const timeOffAnswerSchema = z.object({
  changed: z.boolean().optional().transform((v) => v ?? true),
  message: z.string().nullable().optional().transform((v) => v ?? null),
});
export type TimeOffAnswer = z.output<typeof timeOffAnswerSchema>;

/**
 * POST /pto/approve-timeoff {request, allSteps?}. 403 for one's own request; 400 `balance` when it
 * no longer fits; 409 once denied or cancelled, or when its path's step moved on (issue 41). A step
 * that is not the last answers 200 with the request still pending and a message saying so.
 */
export const approveTimeOff = ({ requestId, allSteps }: { requestId: number; allSteps?: boolean }) =>
  api.post('/pto/approve-timeoff', { request: requestId, ...allStepsField(allSteps) }, { schema: timeOffAnswerSchema });

/** POST /pto/reject-timeoff {request, comment}. */
export const rejectTimeOff = ({ requestId, comment }: { requestId: number; comment: string }) =>
  api.post('/pto/reject-timeoff', { request: requestId, comment: comment.trim() }, { schema: timeOffAnswerSchema });

/** POST /pto/cancel-request?id: a manager or admin cancels an approved or rejected request (it cannot be undone). */
export const cancelTimeOff = (requestId: number) => api.post('/pto/cancel-request', {}, { query: { id: requestId }, schema: timeOffAnswerSchema });

/**
 * A response changes the inbox, the dashboard (its pending card and the shell's bell, which share
 * the pending-requests query) and the timesheets; a time-off response changes balances (PTO).
 */
function refreshAfterResponse(queryClient: QueryClient, also: keyof typeof otherKeys) {
  return Promise.all([inboxKeys.all, otherKeys.dashboard, otherKeys[also]].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export function useApproveRequest() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: approveRequest, onSuccess: () => refreshAfterResponse(queryClient, 'timesheet') });
}

export function useRejectRequest() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: rejectRequest, onSuccess: () => refreshAfterResponse(queryClient, 'timesheet') });
}

export function useApproveTimeOff() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: approveTimeOff, onSuccess: () => refreshAfterResponse(queryClient, 'pto') });
}

export function useRejectTimeOff() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: rejectTimeOff, onSuccess: () => refreshAfterResponse(queryClient, 'pto') });
}

export function useCancelTimeOff() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelTimeOff, onSuccess: () => refreshAfterResponse(queryClient, 'pto') });
}
