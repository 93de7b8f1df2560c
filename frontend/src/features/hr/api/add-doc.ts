import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { requiredText } from '@/lib/validation';
import { folderActivitiesKey, hrKeys } from './keys';
import { documentViewSchema, fileField, type DocumentView } from './schemas';

/** Spec 001 §5 and the contract. */
export const DOC_TITLE_REQUIRED = 'Please input the Document title';
export const DOC_TYPE_REQUIRED = 'Please input the Type of document';
export const DOC_FILE_REQUIRED = 'Please upload the Document';
export const DOC_SAVED = 'The Document has been saved.';

export const documentFormSchema = z.object({
  docName: requiredText(DOC_TITLE_REQUIRED),
  docTypeId: z.string().nullable().refine((v) => !!v, { error: DOC_TYPE_REQUIRED }),
  comments: z.string(),
  file: fileField(DOC_FILE_REQUIRED),
});
export type DocumentFormValues = z.input<typeof documentFormSchema>;

export const DOCUMENT_FIELDS = ['docName', 'docTypeId', 'comments', 'file'] as const;

/** POST /manage/add-doc (multipart): employeeId, docName, docTypeId, comments, file. */
export function addDoc(employeeId: number, values: DocumentFormValues): Promise<DocumentView> {
  const form = new FormData();
  form.set('employeeId', String(employeeId));
  form.set('docName', values.docName.trim());
  form.set('docTypeId', values.docTypeId ?? '');
  form.set('comments', values.comments.trim());
  if (values.file) form.set('file', values.file);
  return api.post('/manage/add-doc', form, { schema: documentViewSchema });
}

export function useAddDoc(employeeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: DocumentFormValues) => addDoc(employeeId, values),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: hrKeys.folder(employeeId) });
      await queryClient.invalidateQueries({ queryKey: folderActivitiesKey(employeeId) });
    },
  });
}
