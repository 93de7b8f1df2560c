import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { hrKeys } from './keys';
import { eventViewSchema } from './schemas';

export const myEventsSchema = z.object({ events: z.array(eventViewSchema), count: z.number().int(), page: z.number().int() });
export type MyEvents = z.output<typeof myEventsSchema>;

/** GET /profile/my-events?page= -> a page (10) of the signed-in person's events, newest first. */
export const getMyEvents = (page: number): Promise<MyEvents> => api.get('/profile/my-events', { query: { page }, schema: myEventsSchema });

export const myEventsQueryOptions = (page: number) =>
  queryOptions({ queryKey: hrKeys.myEvents(page), queryFn: () => getMyEvents(page), placeholderData: keepPreviousData });

export const useMyEvents = (page: number) => useQuery(myEventsQueryOptions(page));
