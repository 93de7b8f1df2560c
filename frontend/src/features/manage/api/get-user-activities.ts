import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { activitySchema, type Activity } from './schemas';
import { manageKeys } from './keys';

/** The server sends 20 activities a page, newest first. */
export const ACTIVITIES_PAGE_SIZE = 20;

export const userActivitiesSchema = z.object({
  activities: z.array(activitySchema),
  totalCount: z.number().int(),
  page: z.number().int(),
});
export type UserActivities = z.output<typeof userActivitiesSchema>;

/** The 'All' tab's filter: every activity, or only the acknowledgements (`type=ACK`). */
export const ACTIVITY_FILTERS = { all: 'ALL', acknowledgements: 'ACK' } as const;
export type ActivityFilter = (typeof ACTIVITY_FILTERS)[keyof typeof ACTIVITY_FILTERS];

/**
 * GET /manage/user-activities?id&page&type -> one page of the employee's activity timeline;
 * `type=ACK` lists the acknowledgements (EVENT_AFFIRMATION, POLICY_AFFIRMATION).
 */
export const getUserActivities = (id: number, page: number, filter: ActivityFilter = ACTIVITY_FILTERS.all): Promise<UserActivities> =>
  api.get('/manage/user-activities', {
    query: { id, page, type: filter === ACTIVITY_FILTERS.all ? undefined : filter },
    schema: userActivitiesSchema,
  });

/** Keyed under ['manage', 'employee', id, 'activities'], which the HR records invalidate after a change. */
export const userActivitiesQueryOptions = (id: number, filter: ActivityFilter = ACTIVITY_FILTERS.all) =>
  infiniteQueryOptions({
    queryKey: manageKeys.activities(id, filter),
    queryFn: ({ pageParam }) => getUserActivities(id, pageParam, filter),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const shown = pages.reduce((sum, p) => sum + p.activities.length, 0);
      return shown < last.totalCount && last.activities.length > 0 ? last.page + 1 : undefined;
    },
  });

export const useUserActivities = (id: number, filter: ActivityFilter = ACTIVITY_FILTERS.all) => useInfiniteQuery(userActivitiesQueryOptions(id, filter));

/** GET /manage/activity-details?id= -> one activity. */
export const getActivityDetails = (id: number): Promise<Activity> =>
  api.get('/manage/activity-details', { query: { id }, schema: activitySchema });

export const activityDetailsQueryOptions = (id: number) =>
  queryOptions({ queryKey: manageKeys.activity(id), queryFn: () => getActivityDetails(id) });

export const useActivityDetails = (id: number | null) => useQuery({ ...activityDetailsQueryOptions(id ?? 0), enabled: id !== null });
