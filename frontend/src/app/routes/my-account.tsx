import './screen-styles';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { BillingScreen } from '@/features/billing/components/billing-screen';
import { useIdentity } from '@/lib/session';

/**
 * /admin/manage/my-account: Billing (admins; a suspended admin's only screen). Cancelling the
 * account signs out through /logout (which forgets the session, already gone on the server, and
 * tells an embedding page).
 */
export function MyAccountRoute() {
  const identity = useIdentity();
  const navigate = useNavigate();
  const signOut = useCallback(() => navigate('/logout', { replace: true }), [navigate]);
  return <BillingScreen identity={identity} onSignOut={signOut} />;
}
