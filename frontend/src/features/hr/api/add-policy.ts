import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { requiredText } from '@/lib/validation';
import { isEmptyHtml } from './add-event';
import { hrKeys } from './keys';
import { fileField, policyViewSchema, type PolicyView } from './schemas';

/** 002 §5 'Policy edit', and the success text on screen. */
export const POLICY_TITLE_REQUIRED = 'Please input the Title';
export const POLICY_TYPE_REQUIRED = 'Please input the Type of policy';
export const POLICY_SAVED = 'The Broadcast has been saved.';

export const policyFormSchema = z.object({
  title: requiredText(POLICY_TITLE_REQUIRED),
  policyTypeId: z.string().nullable().refine((v) => !!v, { error: POLICY_TYPE_REQUIRED }),
  content: z.string(),
  /** A new attached document (replaces the current one). */
  file: fileField(null),
  /** The new document's title (the file's name when left empty). */
  docName: z.string(),
});
export type PolicyFormValues = z.input<typeof policyFormSchema>;

/** The server's field names of this form (for its 400's per-field errors). */
export const POLICY_FIELDS = ['title', 'policyTypeId', 'content', 'file', 'docName'] as const;

/**
 * POST /policy/add-policy (multipart): id (to edit), title, policyTypeId, content (the editor's
 * HTML), optional file and docName. Changing the title, text or file makes a new version.
 */
export function addPolicy({ id, values }: { id: number | null; values: PolicyFormValues }): Promise<PolicyView> {
  const form = new FormData();
  if (id !== null) form.set('id', String(id));
  form.set('title', values.title.trim());
  form.set('policyTypeId', values.policyTypeId ?? '');
  form.set('content', isEmptyHtml(values.content) ? '' : values.content);
  if (values.file) {
    form.set('file', values.file);
    if (values.docName.trim()) form.set('docName', values.docName.trim());
  }
  return api.post('/policy/add-policy', form, { schema: policyViewSchema });
}

export function useAddPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPolicy,
    onSuccess: async (policy) => {
      queryClient.setQueryData(hrKeys.policy(policy.id), policy);
      await queryClient.invalidateQueries({ queryKey: hrKeys.policies, predicate: (q) => q.queryKey[2] === 'list' });
    },
  });
}
