import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { billingKeys } from './keys';
import { billingDataSchema, type BillingData } from './schemas';

/**
 * GET /myaccount/data (admins; 404 while the server has billing off). The contract's `sessionId`
 * query is accepted and ignored by the server, so it is not sent: the return from checkout is
 * handled by POST /myaccount/activate or /myaccount/update-card before this is read.
 */
export const getBillingData = (signal?: AbortSignal): Promise<BillingData> => api.get('/myaccount/data', { schema: billingDataSchema, signal });

export const billingDataQueryOptions = () =>
  queryOptions({ queryKey: billingKeys.data, queryFn: ({ signal }) => getBillingData(signal) });

export const useBillingData = ({ enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...billingDataQueryOptions(), enabled });
