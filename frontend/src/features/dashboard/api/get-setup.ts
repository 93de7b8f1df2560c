import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { dashboardKeys } from './keys';

export const SETUP_KEYS = ['company', 'payPeriod', 'jobRoles', 'timeOff', 'holidays', 'people', 'policy'] as const;
export type SetupKey = (typeof SETUP_KEYS)[number];

export const setupChecklistSchema = z.object({
  items: z.array(z.object({ key: z.string(), done: z.boolean() })),
  dismissed: z.boolean(),
  complete: z.boolean(),
});
export type SetupChecklist = z.output<typeof setupChecklistSchema>;

/** GET /dashboard/setup (admins): the guided start's items, each ticked from its own data. */
export const getSetupChecklist = (): Promise<SetupChecklist> => api.get('/dashboard/setup', { schema: setupChecklistSchema });

/** Asked again whenever the dashboard is shown or the window regains focus: items tick themselves. */
export const useSetupChecklist = (enabled: boolean) =>
  useQuery({ queryKey: dashboardKeys.setup, queryFn: getSetupChecklist, enabled, refetchOnWindowFocus: true, staleTime: 0 });

/** POST /dashboard/setup-dismiss {dismissed}: hides the checklist (or shows it again). */
export function useDismissSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dismissed: boolean) =>
      api.post('/dashboard/setup-dismiss', { dismissed }, { schema: z.object({ dismissed: z.boolean() }) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.setup }),
  });
}
