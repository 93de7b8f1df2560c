import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { displayDate, parseTypedDate } from '@/lib/dates';
import { ptoKeys } from './keys';

/** A paid holiday (002 §3): the date is 'YYYY-MM-DD', the year the server derived from it. */
export const paidHolidaySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  holiday: z.string(),
  year: z.number().int(),
});
export type PaidHoliday = z.output<typeof paidHolidaySchema>;

/** A year's holidays, sorted by date, and the years one may choose (current - 1 .. current + 3). */
export const holidayListSchema = z.object({
  year: z.number().int(),
  years: z.array(z.number().int()),
  holidays: z.array(paidHolidaySchema),
});
export type HolidayList = z.output<typeof holidayListSchema>;

/** One holiday's payable hours for one employee (001 §3 "Holiday hours"). */
export const holidayHoursSchema = z.object({
  holidayId: z.number().int(),
  name: z.string(),
  holiday: z.string(),
  hours: z.number(),
});
export type HolidayHours = z.output<typeof holidayHoursSchema>;

export const employeeHolidaysSchema = z.object({
  employeeId: z.number().int(),
  year: z.number().int(),
  holidays: z.array(holidayHoursSchema),
  totalHours: z.number(),
});
export type EmployeeHolidays = z.output<typeof employeeHolidaysSchema>;

/** Spec texts (002 §2, §5, §8; 001 §8). */
export const HOLIDAY_NAME_REQUIRED = 'Please input the Holiday name';
export const HOLIDAY_DATE_REQUIRED = 'Please input the Holiday date';
export const HOLIDAY_HOURS_INVALID = 'Please input the hours, from 0 to 24 with at most two decimals';
export const HOLIDAY_FORM_ERROR_TITLE = 'Oh Snap!';
export const HOLIDAY_HOURS_SAVED = 'Holiday hours has been saved.';
export const HOLIDAY_INFO = 'We add 8 payable hours to everyone per holiday.';

/**
 * Holidays are shown as every date is, MM/DD/YYYY (lib/dates.ts). 002 §9 shows them MM-DD-YYYY, the
 * only dashed date on screen: issue 36 made them one format with the rest.
 */
export const formatHolidayDate = displayDate;

/**
 * The month a new holiday's calendar opens on: the current month of the year on screen, so picking
 * a day soon needs no paging from January.
 */
export const holidayPickerMonth = (year: number, today: string): string => `${year}-${today.slice(5, 7)}-01`;

/**
 * What the date field understands when typed (lib/dates.ts's `parseTypedDate`): MM/DD/YYYY (how
 * dates are shown), MM-DD-YYYY and YYYY-MM-DD; 'YYYY-MM-DD', or null while not a whole, real date.
 */
export const parseHolidayDate = parseTypedDate;

const HOURS_PATTERN = /^\d+(\.\d{1,2})?$/;

/** A holiday's hours (001 §5): a number from 0 to 24 with at most two decimals. */
export const isHolidayHours = (text: string): boolean => HOURS_PATTERN.test(text.trim()) && Number(text) <= 24;

/** Hours as people read them: '88', '87.5', '7.25' (two decimals at most, no trailing zeros). */
export const formatHolidayHours = (hours: number): string => String(Number(hours.toFixed(2)));

/** GET /holiday/list?year: a year's paid holidays (the current year without `year`). */
export const holidayListQueryOptions = (year: number | null) =>
  queryOptions({
    queryKey: ptoKeys.holidayList(year),
    queryFn: () => api.get('/holiday/list', { query: { year }, schema: holidayListSchema }),
    // Switching years keeps the previous year's cards until the next arrive.
    placeholderData: keepPreviousData,
  });
export const useHolidayList = (year: number | null) => useQuery(holidayListQueryOptions(year));

/** GET /holiday/list-for-employee?employeeId: this year's holidays with the employee's hours. */
export const employeeHolidaysQueryOptions = (employeeId: number) =>
  queryOptions({
    queryKey: ptoKeys.employeeHolidays(employeeId),
    queryFn: () => api.get('/holiday/list-for-employee', { query: { employeeId }, schema: employeeHolidaysSchema }),
  });
export const useEmployeeHolidays = (employeeId: number) => useQuery(employeeHolidaysQueryOptions(employeeId));

export interface HolidayForm {
  id?: number;
  name: string;
  /** 'YYYY-MM-DD', null until chosen. */
  holiday: string | null;
}

/**
 * Holidays changed: every list and every employee's hours may differ now, and the PTO page's data
 * carries the current year's holidays. A year's list the server just sent is stored as it is.
 */
function useHolidaysMutation<T, R>(call: (value: T) => Promise<R>, listOf: (result: R) => HolidayList | null = () => null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (result) => {
      const list = listOf(result);
      if (list) queryClient.setQueryData(ptoKeys.holidayList(list.year), list);
      await queryClient.invalidateQueries({ queryKey: ptoKeys.holidays });
      await queryClient.invalidateQueries({ queryKey: ptoKeys.manageData });
    },
  });
}

/** POST /holiday/add: adds a holiday, or edits the one with `id` (the Edit panel). */
export const useSaveHoliday = () =>
  useHolidaysMutation((form: HolidayForm) =>
    api.post('/holiday/add', { ...(form.id === undefined ? {} : { id: form.id }), name: form.name.trim(), holiday: form.holiday }, { schema: paidHolidaySchema }),
  );

/** POST /holiday/delete {id, year}: answers the year's list without it. */
export const useDeleteHoliday = () =>
  useHolidaysMutation(
    (holiday: Pick<PaidHoliday, 'id' | 'year'>) => api.post('/holiday/delete', { id: holiday.id, year: holiday.year }, { schema: holidayListSchema }),
    (list) => list,
  );

/** POST /holiday/create-defaults?year: the US federal holidays of the year (observed), skipping taken dates. */
export const useCreateDefaultHolidays = () =>
  useHolidaysMutation(
    (year: number) => api.request('/holiday/create-defaults', { method: 'POST', query: { year }, schema: holidayListSchema }),
    (list) => list,
  );

export interface EmployeeHolidayHours {
  employeeId: number;
  year: number;
  /** Hours as the fields hold them (text), checked with `isHolidayHours`. */
  holidays: { holidayId: number; hours: string }[];
}

/** POST /holiday/save-employee-holidays (admins, for others): the hours are sent as numbers (001 §5). */
export function useSaveEmployeeHolidays(employeeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: EmployeeHolidayHours) =>
      api.post(
        '/holiday/save-employee-holidays',
        { employeeId: value.employeeId, year: value.year, holidays: value.holidays.map((row) => ({ holidayId: row.holidayId, hours: Number(row.hours.trim()) })) },
        { schema: employeeHolidaysSchema },
      ),
    onSuccess: (saved) => queryClient.setQueryData(ptoKeys.employeeHolidays(employeeId), saved),
  });
}
