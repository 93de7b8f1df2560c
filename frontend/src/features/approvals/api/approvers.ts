import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { z } from '@/lib/zod';
import { approvalsKeys } from './keys';

/**
 * The people who may answer a step or stand in: the company's active managers and admins, A-Z by
 * last name, as the employee form's manager picker lists them (GET /manage/data's `managers`,
 * managers and admins alike).
 */
export const approverSchema = z.object({ id: z.number().int(), firstname: z.string(), lastname: z.string() });
export type Approver = z.output<typeof approverSchema>;

const manageDataSchema = z.object({ managers: z.array(approverSchema) });

export const getApprovers = (): Promise<Approver[]> => api.get('/manage/data', { schema: manageDataSchema }).then((data) => data.managers);

export const approversQueryOptions = () => queryOptions({ queryKey: approvalsKeys.approvers, queryFn: getApprovers });

export const useApprovers = () => useQuery(approversQueryOptions());

/** 'Maria Lopez'. */
export const approverName = (person: Pick<Approver, 'firstname' | 'lastname'>): string => `${person.firstname} ${person.lastname}`.trim();

/** The pickers' choices: value the id, label the name. */
export const approverChoices = (people: readonly Approver[]) => people.map((person) => ({ value: String(person.id), label: approverName(person) }));
