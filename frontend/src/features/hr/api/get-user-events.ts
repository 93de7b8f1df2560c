import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { hrKeys } from './keys';
import { eventViewSchema, type SortOption } from './schemas';

export const userEventsSchema = z.object({ events: z.array(eventViewSchema), count: z.number().int(), page: z.number().int() });
export type UserEvents = z.output<typeof userEventsSchema>;

/** 'Sort by' of the HR Events tab: the server's keys `title`, `eventTypeId`, `-id` (newest first). */
export const EVENT_SORTS: readonly SortOption[] = [
  { value: 'title', label: 'Title' },
  { value: 'eventTypeId', label: 'Type' },
  { value: '-id', label: 'Newest' },
];

export interface UserEventsParams {
  employeeId: number;
  page: number;
  eventTypeId: number | null;
  sort: string;
}

/** GET /manage/user-events?id&page&eventTypeId&sort -> a page (10) of the folder's events. */
export const getUserEvents = ({ employeeId, page, eventTypeId, sort }: UserEventsParams): Promise<UserEvents> =>
  api.get('/manage/user-events', { query: { id: employeeId, page, eventTypeId, sort: sort || undefined }, schema: userEventsSchema });

export const userEventsQueryOptions = (params: UserEventsParams) =>
  queryOptions({
    queryKey: hrKeys.folderEvents(params.employeeId, { page: params.page, eventTypeId: params.eventTypeId, sort: params.sort }),
    queryFn: () => getUserEvents(params),
    placeholderData: keepPreviousData,
  });

export const useUserEvents = (params: UserEventsParams) => useQuery(userEventsQueryOptions(params));
