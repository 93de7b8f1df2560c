import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { calendarKeys } from './keys';

/**
 * The private iCalendar link (contract "Calendar feed"): GET /calendar-feed/mine makes it on the
 * first ask, so it is asked only when the person opens 'Subscribe'; POST /calendar-feed/reset
 * replaces its secret (the old link answers 404 at once).
 */
export const calendarFeedSchema = z.object({ url: z.string() });
export type CalendarFeed = z.output<typeof calendarFeedSchema>;

export const calendarFeedQueryOptions = () =>
  queryOptions({
    queryKey: calendarKeys.feed,
    queryFn: ({ signal }) => api.get('/calendar-feed/mine', { schema: calendarFeedSchema, signal }),
    staleTime: Infinity,
  });

export const useCalendarFeed = (enabled: boolean) => useQuery({ ...calendarFeedQueryOptions(), enabled });

export function useResetCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/calendar-feed/reset', {}, { schema: calendarFeedSchema }),
    onSuccess: (feed) => queryClient.setQueryData(calendarKeys.feed, feed),
  });
}
