import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { systemKeys } from './keys';
import { attemptsSchema, type ChargeAttempt } from './schemas';

/** GET /system/charge-attempts?chargeId: every attempt at a charge, first to last. */
export const getChargeAttempts = (chargeId: number, signal?: AbortSignal): Promise<ChargeAttempt[]> =>
  api.get('/system/charge-attempts', { query: { chargeId }, schema: attemptsSchema, signal }).then((answer) => answer.attempts);

export const chargeAttemptsQueryOptions = (chargeId: number) =>
  queryOptions({ queryKey: systemKeys.attempts(chargeId), queryFn: ({ signal }) => getChargeAttempts(chargeId, signal) });

export const useChargeAttempts = (chargeId: number) => useQuery(chargeAttemptsQueryOptions(chargeId));
