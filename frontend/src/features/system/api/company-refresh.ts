import type { QueryClient } from '@tanstack/react-query';
import { systemKeys } from './keys';

/**
 * After a write on a company (its state, its details, a charge): its detail, its charges and
 * their attempts, and the lists it shows in are read again.
 */
export const refreshCompany = (queryClient: QueryClient, companyId: number): Promise<unknown> =>
  Promise.all(
    [systemKeys.company(companyId), systemKeys.charges(companyId), systemKeys.attempts(), systemKeys.companyLists, systemKeys.stats(), systemKeys.audit()].map(
      (queryKey) => queryClient.invalidateQueries({ queryKey }),
    ),
  );
