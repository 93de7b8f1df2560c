import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { hrKeys } from './keys';
import { isOnboardingDays, workflowViewSchema, type WorkflowView } from './schemas';

/** 002 §5 'Publish', the contract's due-date messages, and the success text on screen. */
export const PUBLISH_AUDIENCE_REQUIRED = 'Tell us who should receive the policy';
export const PUBLISH_MEMBERS_REQUIRED = 'Select at least one employee to receive the policy';
export const PUBLISH_ROLES_REQUIRED = 'Select at least one job role to receive the policy';
export const PUBLISH_DUE_REQUIRED = 'Please input the Due date';
export const PUBLISH_DUE_PAST = 'The due date cannot be in the past';
export const PUBLISH_ONBOARDING_REQUIRED = 'Tell us if this an onboarding policy';
export const PUBLISH_DAYS_REQUIRED = 'Input the days for new employees to complete';
export const PUBLISHED = 'The Broadcast has been published.';

/** Who receives it (`applicableToAll`): 1 the entire team, 0 chosen members, 2 job roles. */
export const AUDIENCE = { entireTeam: '1', members: '0', jobRoles: '2' } as const;
/** When it is due (`ack`): 0 immediately (today), 1 by a date. */
export const ACK = { immediately: '0', byDate: '1' } as const;
/** The publisher's rules; `today` is the company's day 'YYYY-MM-DD' (a due date before it is refused). */
export const publishFormSchema = (today: string) =>
  z
    .object({
      applicableToAll: z.string().nullable(),
      employee: z.array(z.string()),
      jobroles: z.array(z.string()),
      ack: z.string(),
      dueDate: z.string().nullable(),
      onboardingPolicy: z.string().nullable(),
      autoCertifyDueDays: z.union([z.number(), z.string()]),
    })
    .superRefine((values, ctx) => {
      const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
      if (values.applicableToAll === null) issue('applicableToAll', PUBLISH_AUDIENCE_REQUIRED);
      else if (values.applicableToAll === AUDIENCE.members && values.employee.length === 0) issue('employee', PUBLISH_MEMBERS_REQUIRED);
      else if (values.applicableToAll === AUDIENCE.jobRoles && values.jobroles.length === 0) issue('jobroles', PUBLISH_ROLES_REQUIRED);
      if (values.ack === ACK.byDate) {
        if (!values.dueDate) issue('dueDate', PUBLISH_DUE_REQUIRED);
        else if (values.dueDate < today) issue('dueDate', PUBLISH_DUE_PAST);
      }
      if (values.onboardingPolicy === null) issue('onboardingPolicy', PUBLISH_ONBOARDING_REQUIRED);
      else if (values.onboardingPolicy === '1' && !isOnboardingDays(values.autoCertifyDueDays)) issue('autoCertifyDueDays', PUBLISH_DAYS_REQUIRED);
    });
export type PublishFormValues = z.input<ReturnType<typeof publishFormSchema>>;

/** The server's field names of this form (for its 400's per-field errors). */
export const PUBLISH_FIELDS = ['applicableToAll', 'employee', 'jobroles', 'ack', 'dueDate', 'onboardingPolicy', 'autoCertifyDueDays'] as const;

/**
 * POST /policy/publish {policyId, applicableToAll, employee, jobroles, ack, dueDate,
 * onboardingPolicy, autoCertifyDueDays}: sends the policy's current version (each recipient is
 * mailed). Only the chosen audience's list is sent; 'Immediately' means due today.
 */
export function publishPolicy({ policyId, values }: { policyId: number; values: PublishFormValues }): Promise<WorkflowView> {
  const audience = Number(values.applicableToAll);
  const onboarding = values.onboardingPolicy === '1';
  return api.post(
    '/policy/publish',
    {
      policyId,
      applicableToAll: audience,
      employee: values.applicableToAll === AUDIENCE.members ? values.employee.map(Number) : [],
      jobroles: values.applicableToAll === AUDIENCE.jobRoles ? values.jobroles.map(Number) : [],
      ack: Number(values.ack),
      dueDate: values.ack === ACK.byDate ? values.dueDate : null,
      onboardingPolicy: onboarding ? 1 : 0,
      autoCertifyDueDays: onboarding ? Number(values.autoCertifyDueDays) : null,
    },
    { schema: workflowViewSchema },
  );
}

export function usePublishPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishPolicy,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: hrKeys.policies }),
  });
}
