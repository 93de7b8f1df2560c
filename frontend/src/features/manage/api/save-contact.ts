import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { isEmail } from '@/lib/validation';
import { isCompletePhone, PHONE_MESSAGE } from './phone';
import { contactSchema, RELATIONSHIPS, type Contact } from './schemas';
import { manageKeys } from './keys';

/** Spec 001 §5 messages of the emergency-contact form. */
export const CONTACT_MESSAGES = {
  firstname: 'Please input the First name',
  lastname: 'Please input the Last name',
  relationship: 'Please input the Relationship',
  phone: 'Please input the Phone',
  email: 'Oops! Looks like you have a typo.',
} as const;

export const contactFormSchema = z.object({
  firstname: z.string().refine((v) => v.trim().length > 0, { error: CONTACT_MESSAGES.firstname }),
  lastname: z.string().refine((v) => v.trim().length > 0, { error: CONTACT_MESSAGES.lastname }),
  relationship: z.string().refine((v) => (RELATIONSHIPS as readonly string[]).includes(v), { error: CONTACT_MESSAGES.relationship }),
  phone: z.string().superRefine((value, ctx) => {
    if (!value.trim()) ctx.addIssue({ code: 'custom', message: CONTACT_MESSAGES.phone });
    else if (!isCompletePhone(value)) ctx.addIssue({ code: 'custom', message: PHONE_MESSAGE });
  }),
  email: z.string().refine((v) => !v.trim() || isEmail(v), { error: CONTACT_MESSAGES.email }),
});
export type ContactFormValues = z.infer<typeof contactFormSchema>;
export const CONTACT_FORM_FIELDS = Object.keys(contactFormSchema.shape);

export interface SaveContactBody {
  id?: number;
  eid: number;
  firstname: string;
  lastname: string;
  relationship: string;
  phone: string;
  email: string | null;
}

export const toSaveContactBody = (values: ContactFormValues, eid: number, id: number | null): SaveContactBody => ({
  ...(id !== null ? { id } : {}),
  eid,
  firstname: values.firstname.trim(),
  lastname: values.lastname.trim(),
  relationship: values.relationship,
  phone: values.phone,
  email: values.email.trim() || null,
});

/** POST /contacts/add: adds without `id`, edits with it. */
export const saveContact = (body: SaveContactBody): Promise<Contact> => api.post('/contacts/add', body, { schema: contactSchema });

export function useSaveContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveContact,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: manageKeys.all }),
  });
}
