import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { optionalApprovalSchema } from '@/lib/approval';
import { ptoKeys } from './keys';

/**
 * The employee side of time off (docs/contracts/time-off-requests.md, spec 000 §2 "PTO screen"):
 * the PTO data of a person, their history, their balance on a day, colleagues who are out, the
 * balance check of a request, filing, editing and cancelling requests. `eid` null means the caller.
 */

const nullableText = z.string().nullable().optional().transform((v) => v ?? null);

export const personSchema = z.object({ id: z.number().int(), firstname: z.string(), lastname: z.string() });
export type Person = z.output<typeof personSchema>;

export const fullName = (p: { firstname: string | null; lastname: string | null }): string => `${p.firstname ?? ''} ${p.lastname ?? ''}`.trim();

/** A type the employee may request, with this period's used, today's balance and pending minutes. */
export const timeOffTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  payable: z.number().int(),
  used: z.number().int(),
  /** Left to book: the balance today less approved time off after today. Null for unpaid types. */
  balance: z.number().int().nullable(),
  pending: z.number().int(),
  /** The balance today, before approved time off after today. Null for unpaid types. */
  availableNow: z.number().int().nullable(),
  /** `balance` less `pending`. Null for unpaid types. */
  projected: z.number().int().nullable(),
});
export type TimeOffType = z.output<typeof timeOffTypeSchema>;

/** GET /pto/data?eid. */
export const ptoDataSchema = z.object({
  employee: personSchema,
  /** The company's local day, YYYY-MM-DD. */
  today: z.string(),
  setUp: z.boolean(),
  planName: nullableText,
  startsOn: nullableText,
  types: z.array(timeOffTypeSchema),
  /** Sums over the paid types, in minutes: the card's 'Available now', 'Requested' and 'Projected'. */
  stats: z.object({
    totalBalance: z.number().int(),
    totalBalanceHours: z.number(),
    availableNow: z.number().int(),
    /** Approved time off after today. */
    scheduled: z.number().int(),
    pending: z.number().int(),
    /** availableNow - scheduled - pending. */
    projected: z.number().int(),
  }),
  /** 'On Behalf Of' choices: the caller first, then the people in reach. */
  canRequestFor: z.array(personSchema),
});
export type PtoData = z.output<typeof ptoDataSchema>;

/** Request states of spec 000 §4 (5 = cancelled, kept for the record). */
export const REQUEST_STATUS = { pending: 0, approved: 3, denied: 4, cancelled: 5 } as const;

/** A time-off request as the server shows it (`PtoRequestView`). */
export const ptoRequestSchema = z.object({
  id: z.number().int(),
  employeeId: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  ptoType: z.number().int(),
  typeName: z.string(),
  color: z.string(),
  payable: z.number().int(),
  partialday: z.boolean(),
  allday: z.number().int(),
  includeWeekend: z.boolean(),
  /** Company wall time 'YYYY-MM-DD HH:mm:ss'. */
  start: z.string(),
  end: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  /** 'HH:mm' of a partial day. */
  starttime: nullableText,
  endtime: nullableText,
  soffset: z.number().int().optional(),
  eoffset: z.number().int().optional(),
  minutes: z.number().int(),
  reason: z.string().nullable().optional().transform((v) => v ?? ''),
  status: z.number().int(),
  statusLabel: z.string(),
  submitted: z.string().nullable().optional(),
  requestedBy: personSchema.nullable().optional(),
  actor: nullableText,
  actDate: nullableText,
  actComments: nullableText,
  canEdit: z.boolean(),
  canCancel: z.boolean(),
  /** Issue 41: where the request stands on its approval path; null without one. */
  approval: optionalApprovalSchema,
});
export type PtoRequest = z.output<typeof ptoRequestSchema>;

/**
 * One entry of GET /pto/history (`dataType` PTO_REQUEST, PTO_CANCELLED, MANUALLY_ADDITION, ACCRUED or
 * NEW_PTO_PLAN); `minutes` is its signed effect on the balance.
 */
export const historyItemSchema = z.object({
  key: z.string(),
  dataType: z.string(),
  date: z.string(),
  year: z.number().int(),
  submitted: nullableText,
  minutes: z.number().int(),
  type: z.string(),
  ptoTypeId: z.number().int().nullable().optional(),
  reason: nullableText,
  policyName: nullableText,
  startingBalances: z
    .array(z.object({ ptoTypeName: z.string(), value: z.number().int() }))
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  creatorFirstname: nullableText,
  creatorLastname: nullableText,
  sourceId: z.number().int().nullable().optional().transform((v) => v ?? null),
  removable: z.boolean().optional().transform((v) => v ?? false),
  request: ptoRequestSchema.nullable().optional().transform((v) => v ?? null),
});
export type HistoryItem = z.output<typeof historyItemSchema>;

export const historySchema = z.object({ items: z.array(historyItemSchema) });

/** GET /pto/balance?eid&asOf: the balance per type on a day (today or later). */
export const projectedBalanceSchema = z.object({
  asOf: z.string(),
  today: z.string(),
  types: z.array(
    z.object({
      ptoTypeId: z.number().int(),
      name: z.string(),
      color: z.string(),
      balance: z.number().int(),
      accrued: z.number().int(),
      booked: z.number().int(),
    }),
  ),
  totalBalance: z.number().int(),
});
export type ProjectedBalance = z.output<typeof projectedBalanceSchema>;

/** POST /pto/validate-balance. */
export const balanceCheckSchema = z.object({
  pass: z.boolean(),
  validationPass: z.boolean().optional(),
  payable: z.number().int(),
  typeName: z.string(),
  balance: z.number().int(),
  requested: z.number().int(),
  minsReqed: z.number().int(),
  hourReqed: z.number(),
  totalBalance: z.number().int(),
  totalBalanceHours: z.number(),
  message: nullableText,
  goodNews: nullableText,
  days: z.array(z.object({ date: z.string(), minutes: z.number().int() })).optional(),
});
export type BalanceCheck = z.output<typeof balanceCheckSchema>;

export const cancelResultSchema = z.object({ request: ptoRequestSchema, changed: z.boolean(), message: z.string() });
export type CancelResult = z.output<typeof cancelResultSchema>;

/** GET /pto/agenda: approved time off (and paid holidays) in a date range. */
export const agendaItemSchema = z.object({
  agendaType: z.string(),
  id: z.number().int(),
  start: z.string(),
  end: z.string(),
  allday: z.number().int(),
  status: z.number().int().nullable().optional(),
  avatar: nullableText,
  firstname: nullableText,
  lastname: nullableText,
  name: nullableText,
  employeeId: z.number().int().nullable().optional().transform((v) => v ?? null),
});
export type AgendaItem = z.output<typeof agendaItemSchema>;
export const agendaSchema = z.object({ items: z.array(agendaItemSchema) });

/** The body of POST /pto/request and /pto/validate-balance. */
export interface TimeOffRequestBody {
  id?: number;
  employeeId?: number;
  ptoType: number;
  partialday: boolean;
  allday: 0 | 1;
  includeWeekend: boolean;
  start: string;
  end: string;
  starttime?: string;
  endtime?: string;
  reason: string;
}

const eidQuery = (eid: number | null) => (eid === null ? {} : { eid });

export const ptoDataQueryOptions = (eid: number | null) =>
  queryOptions({
    queryKey: ptoKeys.timeOffData(eid),
    queryFn: ({ signal }) => api.get('/pto/data', { query: eidQuery(eid), schema: ptoDataSchema, signal }),
  });

/** While another person's data loads, the previous person's stays (the picker keeps its choices). */
export const usePtoData = (eid: number | null) => useQuery({ ...ptoDataQueryOptions(eid), placeholderData: keepPreviousData });

export const historyQueryOptions = (eid: number | null) =>
  queryOptions({
    queryKey: ptoKeys.timeOffHistory(eid),
    queryFn: ({ signal }) => api.get('/pto/history', { query: eidQuery(eid), schema: historySchema, signal }),
  });

export const useTimeOffHistory = (eid: number | null) => useQuery(historyQueryOptions(eid));

export const projectedBalanceQueryOptions = (eid: number | null, asOf: string) =>
  queryOptions({
    queryKey: ptoKeys.timeOffBalance(eid, asOf),
    queryFn: ({ signal }) => api.get('/pto/balance', { query: { ...eidQuery(eid), asOf }, schema: projectedBalanceSchema, signal }),
  });

export const useProjectedBalance = (eid: number | null, asOf: string, enabled: boolean) =>
  useQuery({ ...projectedBalanceQueryOptions(eid, asOf), enabled: enabled && asOf !== '' });

/** Who else is out between two days: approved time off of the others and the paid holidays. */
export interface AgendaParams {
  start: string;
  end: string;
  excludedEmployeeId: number;
  /** Only these agenda types, comma-joined (e.g. 'PTO_REQUEST,HOLIDAY'); all when left out. */
  types?: string;
}

export const agendaQueryOptions = ({ start, end, excludedEmployeeId, types }: AgendaParams) =>
  queryOptions({
    queryKey: ptoKeys.timeOffAgenda(start, end, excludedEmployeeId, types ?? ''),
    queryFn: ({ signal }) =>
      api.get('/pto/agenda', { query: { start, end, excludedEmployeeId, includePending: 0, types }, schema: agendaSchema, signal }),
  });

export const useAgenda = (params: AgendaParams | null) =>
  useQuery({ ...agendaQueryOptions(params ?? { start: '', end: '', excludedEmployeeId: 0 }), enabled: params !== null });

/**
 * POST /pto/validate-balance for a complete form; the body (as JSON) is the key, so a change asks
 * again and the answer to an older body is dropped: its call is aborted (the signal goes to fetch).
 */
export const useBalanceCheck = (bodyJson: string | null) =>
  useQuery({
    queryKey: ptoKeys.timeOffValidate(bodyJson),
    queryFn: ({ signal }) => api.post('/pto/validate-balance', JSON.parse(bodyJson ?? '{}') as unknown, { schema: balanceCheckSchema, signal }),
    enabled: bodyJson !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

/** Invalidates the screen's data, history, balances and agenda after a change. */
export function useInvalidateTimeOff() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ptoKeys.timeOff });
}

/** POST /pto/request: files a request, or with `id` edits a pending one. */
export function useSubmitTimeOff() {
  const invalidate = useInvalidateTimeOff();
  return useMutation({
    mutationFn: (body: TimeOffRequestBody) => api.post('/pto/request', body, { schema: ptoRequestSchema }),
    onSuccess: () => invalidate(),
  });
}

/** POST /pto/cancel-request?id. */
export function useCancelTimeOff() {
  const invalidate = useInvalidateTimeOff();
  return useMutation({
    mutationFn: (id: number) => api.request('/pto/cancel-request', { method: 'POST', query: { id }, schema: cancelResultSchema }),
    onSuccess: () => invalidate(),
  });
}
