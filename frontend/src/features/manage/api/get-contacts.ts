import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { contactSchema, type Contact } from './schemas';
import { manageKeys } from './keys';

export const contactListSchema = z.object({ contacts: z.array(contactSchema) });

/** GET /contacts/list?eid= -> the employee's emergency contacts. */
export const getContacts = (eid: number): Promise<Contact[]> =>
  api.get('/contacts/list', { query: { eid }, schema: contactListSchema }).then((r) => r.contacts);

export const contactsQueryOptions = (eid: number) => queryOptions({ queryKey: manageKeys.contacts(eid), queryFn: () => getContacts(eid) });

export const useContacts = (eid: number) => useQuery(contactsQueryOptions(eid));

/** GET /contacts/get?id&eid -> one contact (to edit it as stored). */
export const getContact = (id: number, eid: number): Promise<Contact> =>
  api.get('/contacts/get', { query: { id, eid }, schema: contactSchema });

export const useContact = (id: number | null, eid: number) =>
  useQuery({ queryKey: manageKeys.contact(eid, id), queryFn: () => getContact(id ?? 0, eid), enabled: id !== null });
