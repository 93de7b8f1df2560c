import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { hrKeys } from './keys';
import { eventViewSchema, type EventView } from './schemas';

/** GET /manage/event?id= -> one event of a folder (404 for a manager when it is owner-only). */
export const getEvent = (id: number): Promise<EventView> => api.get('/manage/event', { query: { id }, schema: eventViewSchema });

export const eventQueryOptions = (id: number) => queryOptions({ queryKey: hrKeys.event(id), queryFn: () => getEvent(id) });

export const useEvent = (id: number | null) => useQuery({ ...eventQueryOptions(id ?? 0), enabled: id !== null });
