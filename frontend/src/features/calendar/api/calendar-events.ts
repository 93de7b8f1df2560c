import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { calendarKeys } from './keys';

/** Calendar events (contract "Calendar events", spec 002 §2 event panel). */

const nullableText = z.string().nullable().optional().transform((v) => v ?? null);

export const calendarEventSchema = z.object({
  id: z.number().int(),
  /** Null: a team event. */
  employeeId: z.number().int().nullable().optional().transform((v) => v ?? null),
  firstname: nullableText,
  lastname: nullableText,
  eventName: z.string(),
  description: z.string().nullable().optional().transform((v) => v ?? ''),
  /** Company wall time 'YYYY-MM-DD HH:mm:ss'. */
  startDate: z.string(),
  endDate: z.string(),
  /** 'HH:mm'. */
  starttime: nullableText,
  endtime: nullableText,
  createdBy: z
    .object({ id: z.number().int(), firstname: z.string(), lastname: z.string() })
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  canEdit: z.boolean(),
});
export type CalendarEvent = z.output<typeof calendarEventSchema>;

/** GET /calendar-event/employees: whom the caller may plan for, 'Team Event' (id null) first. */
export const eventEmployeesSchema = z.object({
  options: z.array(z.object({ id: z.number().int().nullable(), label: z.string() })),
});
export type EventEmployeeOption = z.output<typeof eventEmployeesSchema>['options'][number];

/** The body of add-event (update-event adds the id). */
export interface CalendarEventBody {
  id?: number;
  employeeId: number | null;
  eventName: string;
  /** 'YYYY-MM-DD HH:mm:ss' on the company clock. */
  startDate: string;
  endDate: string;
  description: string;
}

export const calendarEventQueryOptions = (id: number) =>
  queryOptions({
    queryKey: calendarKeys.event(id),
    queryFn: ({ signal }) => api.get('/calendar-event/get-calendar-event-info', { query: { id }, schema: calendarEventSchema, signal }),
    staleTime: 0,
  });

export const useCalendarEvent = (id: number | null) =>
  useQuery({ ...calendarEventQueryOptions(id ?? 0), enabled: id !== null });

export const eventEmployeesQueryOptions = () =>
  queryOptions({
    queryKey: calendarKeys.employees,
    queryFn: ({ signal }) => api.get('/calendar-event/employees', { schema: eventEmployeesSchema, signal }),
  });

export const useEventEmployees = (enabled: boolean) => useQuery({ ...eventEmployeesQueryOptions(), enabled });

/** POST /calendar-event/add-event, or with an id /calendar-event/update-event. */
export const saveCalendarEvent = (body: CalendarEventBody): Promise<CalendarEvent> =>
  body.id === undefined
    ? api.post('/calendar-event/add-event', body, { schema: calendarEventSchema })
    : api.post('/calendar-event/update-event', body, { schema: calendarEventSchema });

/** POST /calendar-event/del-calendar-event {id} -> {id}. */
export const deleteCalendarEvent = (id: number): Promise<{ id: number }> =>
  api.post('/calendar-event/del-calendar-event', { id }, { schema: z.object({ id: z.number().int() }) });

export function useSaveCalendarEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCalendarEvent,
    onSuccess: async (event) => {
      queryClient.setQueryData(calendarKeys.event(event.id), event);
      await queryClient.invalidateQueries({ queryKey: calendarKeys.agenda });
    },
  });
}

export function useDeleteCalendarEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCalendarEvent,
    onSuccess: async (_answer, id) => {
      queryClient.removeQueries({ queryKey: calendarKeys.event(id) });
      await queryClient.invalidateQueries({ queryKey: calendarKeys.agenda });
    },
  });
}
