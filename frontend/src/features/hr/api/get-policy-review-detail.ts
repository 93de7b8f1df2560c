import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { hrKeys } from './keys';
import { myPolicySchema, policyDocumentSchema } from './schemas';

export const policyReviewSchema = z.object({
  /** The text as it was sent to the person (the version of the publication). */
  policy: z.object({
    id: z.number().int(),
    title: z.string(),
    content: z.string().nullable().optional().transform((v) => v ?? ''),
    typeName: z.string(),
    version: z.number().int(),
  }),
  workflow: z.object({
    id: z.number().int(),
    publishDate: z.string(),
    dueDate: z.string().nullable().optional().transform((v) => v ?? null),
    status: z.number().int(),
  }),
  policyDoc: policyDocumentSchema.nullable().optional().transform((v) => v ?? null),
  answer: myPolicySchema,
});
export type PolicyReview = z.output<typeof policyReviewSchema>;

/** GET /profile/policy-review-detail?id={workflowId} -> a policy sent to the signed-in person, and their answer. */
export const getPolicyReviewDetail = (workflowId: number): Promise<PolicyReview> =>
  api.get('/profile/policy-review-detail', { query: { id: workflowId }, schema: policyReviewSchema });

export const policyReviewDetailQueryOptions = (workflowId: number) =>
  queryOptions({ queryKey: hrKeys.myPolicy(workflowId), queryFn: () => getPolicyReviewDetail(workflowId) });

export const usePolicyReviewDetail = (workflowId: number | null) =>
  useQuery({ ...policyReviewDetailQueryOptions(workflowId ?? 0), enabled: workflowId !== null });
