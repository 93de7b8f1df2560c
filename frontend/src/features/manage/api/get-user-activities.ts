import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { activitySchema, type Activity } from './schemas';

/** The server sends 20 activities a page, newest first. */
export const ACTIVITIES_PAGE_SIZE = 20;

export const userActivitiesSchema = z.object({
  activities: z.array(activitySchema),
  totalCount: z.number().int(),
  page: z.number().int(),
});
export type UserActivities = z.output<typeof userActivitiesSchema>;

/** GET /manage/user-activities?id&page -> one page of the employee's activity timeline. */
export const getUserActivities = (id: number, page: number): Promise<UserActivities> =>
  api.get('/manage/user-activities', { query: { id, page }, schema: userActivitiesSchema });

export const userActivitiesQueryOptions = (id: number) =>
  infiniteQueryOptions({
    queryKey: ['manage', 'employee', id, 'activities'],
    queryFn: ({ pageParam }) => getUserActivities(id, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const shown = pages.reduce((sum, p) => sum + p.activities.length, 0);
      return shown < last.totalCount && last.activities.length > 0 ? last.page + 1 : undefined;
    },
  });

export const useUserActivities = (id: number) => useInfiniteQuery(userActivitiesQueryOptions(id));

/** GET /manage/activity-details?id= -> one activity. */
export const getActivityDetails = (id: number): Promise<Activity> =>
  api.get('/manage/activity-details', { query: { id }, schema: activitySchema });

export const activityDetailsQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['manage', 'activity', id], queryFn: () => getActivityDetails(id) });

export const useActivityDetails = (id: number | null) => useQuery({ ...activityDetailsQueryOptions(id ?? 0), enabled: id !== null });
