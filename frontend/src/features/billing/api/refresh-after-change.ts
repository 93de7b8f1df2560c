import type { QueryClient } from '@tanstack/react-query';
import { refreshIdentity } from '@/lib/refresh-identity';
import { billingKeys } from './keys';

/**
 * After an activation or a new card the session's claims change (`trialEnd` cleared, `suspended`
 * lifted): the token is exchanged for a fresh one, so the banners, the menu and the guards follow
 * at once; then the billing data, the past payments and the login data are read again.
 */
export async function refreshAfterBillingChange(queryClient: QueryClient, { identity }: { identity: boolean }): Promise<void> {
  if (identity) await refreshIdentity();
  await Promise.all([billingKeys.all, billingKeys.loginData].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
