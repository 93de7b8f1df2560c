import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { z } from '@/lib/zod';
import { approvalsKeys } from './keys';

/**
 * Answering from the e-mail, without signing in (issue 41, docs/contracts/approvals.md "Answering
 * from the e-mail"): each approver's mail links to /answer/<token>, valid 7 days, single use,
 * bound to the approver, the request and its step.
 */

export const LINK_STATES = ['open', 'expired', 'used', 'moved_on'] as const;
export type LinkState = (typeof LINK_STATES)[number];

/** GET /approvals/answer/{token}. */
export const answerLinkSchema = z.object({
  state: z.enum(LINK_STATES),
  /**
   * What a state other than `open` means, in the server's words (sent beside the contract's fields;
   * without it the page says the words the server gives an answer in that state).
   */
  message: z.string().nullable().optional().transform((v) => v || null),
  kind: z.enum(['time_off', 'timesheet_edit']),
  approverName: z.string(),
  employeeName: z.string(),
  summary: z.string(),
  reason: z.string().nullable().optional().transform((v) => v ?? null),
  step: z.number().int(),
  steps: z.number().int(),
  expiresAt: z.string().nullable().optional().transform((v) => v ?? null),
});
export type AnswerLink = z.output<typeof answerLinkSchema>;

const pathOf = (token: string) => `/approvals/answer/${encodeURIComponent(token)}`;

export const getAnswerLink = (token: string): Promise<AnswerLink> => api.get(pathOf(token), { schema: answerLinkSchema });

export const answerLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: approvalsKeys.answer(token),
    queryFn: () => getAnswerLink(token),
    // A link that is not valid stays so: one question is enough.
    retry: false,
    // The page shows the state it was opened in; an answer sets what comes after.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export const useAnswerLink = (token: string) => useQuery(answerLinkQueryOptions(token));

export type Decision = 'approve' | 'reject';

export interface AnswerBody {
  decision: Decision;
  comment?: string;
}

/** POST /approvals/answer/{token} {decision, comment?} -> {message}. Reject needs a comment (400 on `comment`). */
export const sendAnswer = ({ token, decision, comment }: AnswerBody & { token: string }): Promise<{ message: string }> =>
  api.post(pathOf(token), comment === undefined ? { decision } : { decision, comment }, { schema: z.object({ message: z.string() }) });

export const useSendAnswer = () => useMutation({ mutationFn: sendAnswer });
