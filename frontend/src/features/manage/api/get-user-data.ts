import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { contactSchema, employeeSchema, type Employee } from './schemas';
import { manageKeys } from './keys';

/** GET /manage/user-data?id= -> the employee (404 outside the caller's reach). */
export const getUserData = (id: number): Promise<Employee> => api.get('/manage/user-data', { query: { id }, schema: employeeSchema });

export const userDataQueryOptions = (id: number) => queryOptions({ queryKey: manageKeys.employee(id), queryFn: () => getUserData(id) });

export const useUserData = (id: number | null) =>
  useQuery({ ...userDataQueryOptions(id ?? 0), enabled: id !== null });

export const userFullDataSchema = z.object({ employee: employeeSchema, contacts: z.array(contactSchema) });
export type UserFullData = z.output<typeof userFullDataSchema>;

/** GET /manage/user-full-data?id= -> the employee and their emergency contacts (the folder). */
export const getUserFullData = (id: number): Promise<UserFullData> =>
  api.get('/manage/user-full-data', { query: { id }, schema: userFullDataSchema });

export const userFullDataQueryOptions = (id: number) => queryOptions({ queryKey: manageKeys.employeeFull(id), queryFn: () => getUserFullData(id) });

export const useUserFullData = (id: number) => useQuery(userFullDataQueryOptions(id));
