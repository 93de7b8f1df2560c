import { useSearchParams } from 'react-router';
import { AuthCard } from '@/components/auth-card';
import { ConfirmEmailChange } from '@/features/auth/components/confirm-email-change';
import { sessionStore } from '@/lib/session';

/**
 * /confirm-email?token: the link mailed to a new sign-in address. Once confirmed, every session of
 * the person has ended on the server, so this browser forgets its own too.
 */
export function ConfirmEmailRoute() {
  const [params] = useSearchParams();
  return (
    <AuthCard title="Confirm Email">
      <ConfirmEmailChange token={params.get('token')} onConfirmed={() => sessionStore.clear()} />
    </AuthCard>
  );
}
