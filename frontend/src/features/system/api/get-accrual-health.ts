import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { systemKeys } from './keys';
import { systemAccrualHealthSchema, type SystemAccrualHealth } from './schemas';

/**
 * GET /system/accrual-health (the operator only; 404 for anyone else): the accrual job's warning,
 * its recent runs, the incidents the operator was told about and the last run's errors.
 */
export const getAccrualHealth = (signal?: AbortSignal): Promise<SystemAccrualHealth> =>
  api.get('/system/accrual-health', { schema: systemAccrualHealthSchema, signal });

/** Asked afresh on each visit: the job runs on its own. */
export const accrualHealthQueryOptions = () =>
  queryOptions({ queryKey: systemKeys.accrualHealth, queryFn: ({ signal }) => getAccrualHealth(signal), staleTime: 0 });

export const useAccrualHealth = () => useQuery(accrualHealthQueryOptions());
