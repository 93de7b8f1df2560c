import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
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

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const US_DATE = /^(\d{1,2})[-/](\d{1,2})[-/](\d{4})$/;

/** Holidays are shown MM-DD-YYYY (002 §9); anything that is not a 'YYYY-MM-DD' date is shown as it came. */
export function formatHolidayDate(isoDate: string): string {
  const match = ISO_DATE.exec(isoDate.slice(0, 10));
  return match ? `${match[2]}-${match[3]}-${match[1]}` : isoDate;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** True when year-month-day names a day of the calendar (no 02-30). */
function isCalendarDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * What the date field understands when typed: MM-DD-YYYY (how holidays are shown), MM/DD/YYYY and
 * YYYY-MM-DD; returns 'YYYY-MM-DD', or null while the text is not a whole, real date (so a half-typed
 * '07-0' never jumps to another day).
 */
export function parseHolidayDate(text: string): string | null {
  const value = text.trim();
  const iso = ISO_DATE.exec(value);
  const us = US_DATE.exec(value);
  const [year, month, day] = iso ? [Number(iso[1]), Number(iso[2]), Number(iso[3])] : us ? [Number(us[3]), Number(us[1]), Number(us[2])] : [0, 0, 0];
  if (!iso && !us) return null;
  return isCalendarDay(year, month, day) ? `${year}-${pad(month)}-${pad(day)}` : null;
}

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
