import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { requiredText } from '@/lib/validation';
import { folderActivitiesKey, hrKeys } from './keys';
import { asFlag, eventViewSchema, fileField, type EventView } from './schemas';

/** The contract's messages and the success text on screen. */
export const EVENT_TITLE_REQUIRED = 'Please input the Title';
export const EVENT_TYPE_REQUIRED = 'Please input the Type of event';
export const EVENT_SAVED = 'The Event has been saved.';

export const eventFormSchema = z.object({
  title: requiredText(EVENT_TITLE_REQUIRED),
  eventTypeId: z.string().nullable().refine((v) => !!v, { error: EVENT_TYPE_REQUIRED }),
  actionDate: z.string().nullable(),
  comments: z.string(),
  ackneeded: z.boolean(),
  onlyVisibleToOwner: z.boolean(),
  file: fileField(null),
});
export type EventFormValues = z.input<typeof eventFormSchema>;

/** The server's field names of this form (for its 400's per-field errors). */
export const EVENT_FIELDS = ['title', 'eventTypeId', 'actionDate', 'comments', 'file'] as const;

/** True for what the rich-text editor gives when nothing was written ('<p></p>', empty lists): no text at all. */
export const isEmptyHtml = (html: string): boolean => html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '') === '';

/**
 * POST /manage/add-event (multipart): employeeId, eventTypeId, title, comments (the editor's
 * HTML), actionDate (optional), ackneeded and onlyVisibleToOwner 0|1, optional file.
 */
export function addEvent(employeeId: number, values: EventFormValues): Promise<EventView> {
  const form = new FormData();
  form.set('employeeId', String(employeeId));
  form.set('eventTypeId', values.eventTypeId ?? '');
  form.set('title', values.title.trim());
  form.set('comments', isEmptyHtml(values.comments) ? '' : values.comments);
  if (values.actionDate) form.set('actionDate', values.actionDate);
  form.set('ackneeded', asFlag(values.ackneeded));
  form.set('onlyVisibleToOwner', asFlag(values.onlyVisibleToOwner));
  if (values.file) form.set('file', values.file);
  return api.post('/manage/add-event', form, { schema: eventViewSchema });
}

export function useAddEvent(employeeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: EventFormValues) => addEvent(employeeId, values),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: hrKeys.folder(employeeId) });
      await queryClient.invalidateQueries({ queryKey: folderActivitiesKey(employeeId) });
    },
  });
}
