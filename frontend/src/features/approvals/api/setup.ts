import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { z } from '@/lib/zod';
import { approvalsKeys } from './keys';

/**
 * Approval paths (issue 41, docs/contracts/approvals.md "Paths"), admins only: who answers a
 * time-off request or a timesheet edit request, in which order; where each path applies (a PTO
 * type, the timesheet edit requests); and the fallback approver.
 */

const nullableNumber = z.number().nullable().optional().transform((v) => v ?? null);
const ids = z
  .array(z.number().int())
  .optional()
  .transform((v) => v ?? []);

export const APPROVERS = ['manager', 'managers_manager', 'admins', 'people'] as const;
export type Approvers = (typeof APPROVERS)[number];
export const MODES = ['any', 'all'] as const;
export type Mode = (typeof MODES)[number];
export const ESCALATE_TO = ['next_level', 'people'] as const;
export type EscalateTo = (typeof ESCALATE_TO)[number];

/** A step of a path (`StepView`, and the step of POST /approvals/paths). */
export const stepSchema = z.object({
  approvers: z.enum(APPROVERS),
  /** The named managers or admins when `approvers` is `people`. */
  people: ids,
  mode: z.enum(MODES),
  /** The step applies only to requests longer than this many hours (null: always). */
  longerThanHours: nullableNumber,
  remindAfterHours: nullableNumber,
  escalateAfterHours: nullableNumber,
  escalateTo: z
    .enum(ESCALATE_TO)
    .optional()
    .transform((v) => v ?? 'next_level'),
  escalatePeople: ids,
  skipWhenOnlyRequester: z.boolean().optional().transform((v) => v ?? false),
});
export type Step = z.output<typeof stepSchema>;

/** `PathView`. */
export const pathSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  steps: z.array(stepSchema),
  updatedAt: z.string().nullable().optional().transform((v) => v ?? null),
});
export type ApprovalPath = z.output<typeof pathSchema>;

export const USE_TARGETS = ['pto_type', 'timesheet_edits'] as const;
export type UseTarget = (typeof USE_TARGETS)[number];

/** Where a path applies: a PTO type, or the timesheet edit requests. */
export const pathUseSchema = z.object({
  target: z.enum(USE_TARGETS),
  ptoTypeId: z.number().int().nullable().optional().transform((v) => v ?? null),
  pathId: z.number().int().nullable().optional().transform((v) => v ?? null),
  autoApprove: z.boolean().optional().transform((v) => v ?? false),
});
export type PathUse = z.output<typeof pathUseSchema>;
export const pathUsesSchema = z.array(pathUseSchema);

/** GET /approvals/setup. */
export const setupSchema = z.object({
  paths: z.array(pathSchema),
  uses: pathUsesSchema,
  /** Who answers a step whose only approver is the requester with nobody above them (null: the company's admins). */
  fallbackApproverId: z.number().int().nullable().optional().transform((v) => v ?? null),
});
export type ApprovalSetup = z.output<typeof setupSchema>;

export const getSetup = (): Promise<ApprovalSetup> => api.get('/approvals/setup', { schema: setupSchema });

export const setupQueryOptions = () => queryOptions({ queryKey: approvalsKeys.setup, queryFn: getSetup });

export const useApprovalSetup = () => useQuery(setupQueryOptions());

/** The body of POST /approvals/paths: a new path without `id`, a changed one with it. */
export interface PathBody {
  id?: number;
  name: string;
  steps: Step[];
}

/** POST /approvals/paths -> the path. 400 with per-field messages (`name`, `steps`, `steps[0].people`, …). */
export const savePath = (body: PathBody): Promise<ApprovalPath> => api.post('/approvals/paths', body, { schema: pathSchema });

export function useSavePath() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: savePath, onSuccess: () => queryClient.invalidateQueries({ queryKey: approvalsKeys.setup }) });
}

const messageSchema = z.object({ message: z.string() });

/** POST /approvals/paths/delete {id} -> {message}: its uses fall back to today's rule. */
export const deletePath = (id: number): Promise<{ message: string }> => api.post('/approvals/paths/delete', { id }, { schema: messageSchema });

export function useDeletePath() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deletePath, onSuccess: () => queryClient.invalidateQueries({ queryKey: approvalsKeys.setup }) });
}

/** The body of POST /approvals/uses; `autoApprove` only for a PTO type. */
export interface PathUseBody {
  target: UseTarget;
  ptoTypeId?: number;
  pathId: number | null;
  autoApprove: boolean;
}

/** POST /approvals/uses -> the uses list. */
export const saveUse = (body: PathUseBody): Promise<PathUse[]> => api.post('/approvals/uses', body, { schema: pathUsesSchema });

export function useSaveUse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUse,
    onSuccess: (uses) => queryClient.setQueryData<ApprovalSetup>(approvalsKeys.setup, (setup) => (setup ? { ...setup, uses } : setup)),
  });
}

/** POST /approvals/fallback {personId} -> {fallbackApproverId}; null: the company's admins. */
export const saveFallback = (personId: number | null): Promise<{ fallbackApproverId: number | null }> =>
  api.post('/approvals/fallback', { personId }, { schema: z.object({ fallbackApproverId: z.number().int().nullable() }) });

export function useSaveFallback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFallback,
    onSuccess: ({ fallbackApproverId }) =>
      queryClient.setQueryData<ApprovalSetup>(approvalsKeys.setup, (setup) => (setup ? { ...setup, fallbackApproverId } : setup)),
  });
}

/** The use of a target: the timesheet edit requests, or a PTO type; none yet: no path, no auto-approve. */
export function pathUseOf(uses: readonly PathUse[], target: UseTarget, ptoTypeId: number | null = null): PathUse {
  return (
    uses.find((use) => use.target === target && (target === 'timesheet_edits' || use.ptoTypeId === ptoTypeId)) ?? {
      target,
      ptoTypeId,
      pathId: null,
      autoApprove: false,
    }
  );
}
