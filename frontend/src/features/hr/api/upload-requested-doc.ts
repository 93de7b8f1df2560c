import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { requiredText } from '@/lib/validation';
import { hrKeys } from './keys';
import { documentViewSchema, fileField, type DocumentView } from './schemas';

/** Spec 000 §5 and the contract. */
export const UPLOAD_NAME_REQUIRED = 'Please input the Name';
export const UPLOAD_DESCRIPTION_REQUIRED = 'Please input the Brief Description';
export const UPLOAD_FILE_REQUIRED = 'Please upload the Document';
export const UPLOAD_SAVED = 'The Document has been uploaded.';

export const uploadFormSchema = z.object({
  docName: requiredText(UPLOAD_NAME_REQUIRED),
  comments: requiredText(UPLOAD_DESCRIPTION_REQUIRED),
  file: fileField(UPLOAD_FILE_REQUIRED),
});
export type UploadFormValues = z.input<typeof uploadFormSchema>;

/** The server names the file part `document` but reports its problems on `file`. */
export const UPLOAD_FIELDS = ['docName', 'comments', 'file'] as const;

export interface RequestedUpload {
  reqId: number;
  docTypeId: number;
  values: UploadFormValues;
}

/** POST /profile/add-doc (multipart): document (the file), docName, comments, reqId, docTypeId. */
export function uploadRequestedDoc({ reqId, docTypeId, values }: RequestedUpload): Promise<DocumentView> {
  const form = new FormData();
  if (values.file) form.set('document', values.file);
  form.set('docName', values.docName.trim());
  form.set('comments', values.comments.trim());
  form.set('reqId', String(reqId));
  form.set('docTypeId', String(docTypeId));
  return api.post('/profile/add-doc', form, { schema: documentViewSchema });
}

/** Fulfils the request: the tasks and My Docs are asked again. */
export function useUploadRequestedDoc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadRequestedDoc,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: hrKeys.mine }),
  });
}
