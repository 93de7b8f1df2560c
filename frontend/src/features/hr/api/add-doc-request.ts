import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { folderActivitiesKey, hrKeys } from './keys';
import { docRequestViewSchema, type DocRequestView } from './schemas';

/** Spec 001 §5 and the contract. */
export const REQUEST_TYPE_REQUIRED = 'Please input the Type of document';
export const REQUEST_DUE_REQUIRED = 'Please input the Due date';
export const REQUEST_DUE_PAST = 'The due date cannot be in the past';
export const REQUEST_SAVED = 'The Document Request has been sent.';

/** The form's rules; `today` is the company's day 'YYYY-MM-DD' (a due date before it is refused). */
export const docRequestFormSchema = (today: string) =>
  z.object({
    docTypeId: z.string().nullable().refine((v) => !!v, { error: REQUEST_TYPE_REQUIRED }),
    dueDate: z
      .string()
      .nullable()
      .superRefine((value, ctx) => {
        if (!value) ctx.addIssue({ code: 'custom', message: REQUEST_DUE_REQUIRED });
        else if (value < today) ctx.addIssue({ code: 'custom', message: REQUEST_DUE_PAST });
      }),
    comments: z.string(),
  });
export type DocRequestFormValues = z.input<ReturnType<typeof docRequestFormSchema>>;

export const REQUEST_FIELDS = ['docTypeId', 'dueDate', 'comments'] as const;

/** POST /manage/add-doc-request {employeeId, docTypeId, dueDate, comments} (the employee is mailed). */
export const addDocRequest = (employeeId: number, values: DocRequestFormValues): Promise<DocRequestView> =>
  api.post(
    '/manage/add-doc-request',
    { employeeId, docTypeId: Number(values.docTypeId), dueDate: values.dueDate, comments: values.comments.trim() },
    { schema: docRequestViewSchema },
  );

export function useAddDocRequest(employeeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: DocRequestFormValues) => addDocRequest(employeeId, values),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: hrKeys.folder(employeeId) });
      await queryClient.invalidateQueries({ queryKey: folderActivitiesKey(employeeId) });
    },
  });
}
