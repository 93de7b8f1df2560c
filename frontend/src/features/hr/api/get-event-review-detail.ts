import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { hrKeys } from './keys';
import { eventViewSchema, type EventView } from './schemas';

/** GET /profile/event-review-detail?id= -> one of the signed-in person's own events. */
export const getEventReviewDetail = (id: number): Promise<EventView> =>
  api.get('/profile/event-review-detail', { query: { id }, schema: eventViewSchema });

export const eventReviewDetailQueryOptions = (id: number) =>
  queryOptions({ queryKey: hrKeys.myEvent(id), queryFn: () => getEventReviewDetail(id) });

export const useEventReviewDetail = (id: number | null) => useQuery({ ...eventReviewDetailQueryOptions(id ?? 0), enabled: id !== null });
