import { useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '@/components/auth-card';
import { ResetPasswordNowForm } from '@/features/auth/components/reset-password-now-form';

/** /reset-password-now?t={token}: two password fields, then the login page. */
export function ResetPasswordNowRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <AuthCard title="Set a New Password" subtitle="At least 8 characters.">
      <ResetPasswordNowForm
        token={params.get('t') ?? ''}
        onDone={(message) => navigate('/login', { replace: true, state: { notice: message } })}
      />
    </AuthCard>
  );
}
