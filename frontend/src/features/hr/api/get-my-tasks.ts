import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { hrKeys } from './keys';
import { eventDocSchema } from './schemas';

const nullableString = z.string().nullable().optional().transform((v) => v ?? null);

/** An event waiting for the caller's acknowledgement. */
export const eventTaskSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  comments: z.string().nullable().optional().transform((v) => v ?? ''),
  createDate: z.string(),
  actionDate: nullableString,
  doc: eventDocSchema.nullable().optional().transform((v) => v ?? null),
});
export type EventTask = z.output<typeof eventTaskSchema>;

/** An open document request of the caller's (soonest first). */
export const requestTaskSchema = z.object({
  id: z.number().int(),
  /** The name of the type of document asked for. */
  name: z.string(),
  docTypeId: z.number().int(),
  comments: z.string().nullable().optional().transform((v) => v ?? ''),
  dueDate: z.string(),
  overdue: z.boolean(),
});
export type RequestTask = z.output<typeof requestTaskSchema>;

/** A policy sent to the caller, waiting for their answer. */
export const policyTaskSchema = z.object({
  /** The publication (workflow) to answer. */
  id: z.number().int(),
  title: z.string(),
  dueDate: nullableString,
  overdue: z.boolean(),
});
export type PolicyTask = z.output<typeof policyTaskSchema>;

/**
 * A licence expiring, or a CE requirement due, within 90 days (issue 42, docs/contracts/licensing.md
 * "Reminders, the task dock and the calendar"): the person renews or adds credits in My HR.
 */
export const licensingTaskSchema = z.object({
  kind: z.string(),
  licenceId: z.number().int(),
  state: z.string(),
  number: z.string(),
  dueOn: z.string(),
  daysLeft: z.number().int(),
  label: z.string(),
});
export type LicensingTask = z.output<typeof licensingTaskSchema>;

export const myTasksSchema = z.object({
  policies: z.array(policyTaskSchema),
  events: z.array(eventTaskSchema),
  docRequests: z.array(requestTaskSchema),
  /** Licences and CE requirements due within 90 days (issue 42); an older server sends none. */
  licensing: z
    .array(licensingTaskSchema)
    .optional()
    .transform((v) => v ?? []),
  /** What the bell shows. */
  count: z.number().int(),
  /** True: the task dock is forced open and cannot be closed. */
  overdue: z.boolean(),
});
export type MyTasks = z.output<typeof myTasksSchema>;

/** The task list is asked again this often, like the bell of pending requests. */
export const TASKS_REFRESH_MS = 60_000;

/** GET /profile/my-tasks: what waits for the signed-in person's response. */
export const getMyTasks = (): Promise<MyTasks> => api.get('/profile/my-tasks', { schema: myTasksSchema });

export const myTasksQueryOptions = () => queryOptions({ queryKey: hrKeys.myTasks, queryFn: getMyTasks });

export const useMyTasks = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...myTasksQueryOptions(), enabled, refetchInterval: enabled ? TASKS_REFRESH_MS : false });
