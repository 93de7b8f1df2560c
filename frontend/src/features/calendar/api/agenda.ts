import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { calendarKeys } from './keys';

/**
 * GET /pto/agenda (docs/contracts/calendar-celebrations-reports.md "Agenda"): time off, paid
 * holidays, birthdays, work anniversaries and calendar events between two company days. Times are
 * the company's wall clock, 'YYYY-MM-DD HH:mm:ss'; all-day items run 00:00:00 … 23:59:59.
 */

/** LICENCE (issue 42): a licence's expiry or a CE requirement's due date, all day, of the people the viewer reaches. */
export const AGENDA_TYPES = ['PTO_REQUEST', 'HOLIDAY', 'BIRTHDAY', 'ANNIVERSARY', 'HrCalendarEvent', 'LICENCE'] as const;
export type AgendaType = (typeof AGENDA_TYPES)[number];

const nullableText = z.string().nullable().optional().transform((v) => v ?? null);
const nullableInt = z.number().int().nullable().optional().transform((v) => v ?? null);

export const agendaItemSchema = z.object({
  // A type this screen does not know yet is kept (and drawn as an event) rather than failing the whole answer.
  agendaType: z.string(),
  id: z.number().int(),
  start: z.string(),
  end: z.string(),
  allday: z.number().int(),
  soffset: nullableInt,
  eoffset: nullableInt,
  /** PTO_REQUEST: 0 pending, 3 approved; the others 3. */
  status: nullableInt,
  avatar: nullableText,
  firstname: nullableText,
  lastname: nullableText,
  employeeId: nullableInt,
  name: nullableText,
  /** ANNIVERSARY: whole years completed that day. */
  years: nullableInt,
  /** HrCalendarEvent: the caller may edit or delete it. */
  canEdit: z.boolean().optional().transform((v) => v ?? false),
});
export type AgendaItem = z.output<typeof agendaItemSchema>;
export const agendaSchema = z.object({ items: z.array(agendaItemSchema) });
export type Agenda = z.output<typeof agendaSchema>;

export interface AgendaRange {
  /** First and last company day asked for, 'YYYY-MM-DD' (both included). */
  start: string;
  end: string;
  /** Pending time off too (admins and managers: of the people they reach). */
  includePending: boolean;
  /** Only these types; all when left out. */
  types?: readonly AgendaType[];
}

export const agendaQuery = ({ start, end, includePending, types }: AgendaRange) => ({
  start,
  end,
  ...(includePending ? { includePending: 1 } : {}),
  ...(types && types.length > 0 ? { types: types.join(',') } : {}),
});

export const getAgenda = (range: AgendaRange, signal?: AbortSignal): Promise<Agenda> =>
  api.get('/pto/agenda', { query: agendaQuery(range), schema: agendaSchema, signal });

export const agendaQueryOptions = (range: AgendaRange) =>
  queryOptions({
    queryKey: calendarKeys.agendaRange(range.start, range.end, range.includePending, range.types?.join(',') ?? ''),
    queryFn: ({ signal }) => getAgenda(range, signal),
  });

/** The agenda of a range; while another range loads, the previous one stays on screen. Null: nothing asked yet. */
export const useAgenda = (range: AgendaRange | null) =>
  useQuery({
    ...agendaQueryOptions(range ?? { start: '', end: '', includePending: false }),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
