import { useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '@/components/auth-card';
import { VerifyEmail } from '@/features/auth/components/verify-email';
import { isPrivileged } from '@/lib/identity';
import { PATHS } from '@/lib/redirects';

/**
 * /verify-email?token&me&securityToken. Plain links verify and go to /login after 3 seconds.
 * With a security token the person is logged in and sent to the dashboard or the clock screen with
 * ?man=1&sectoken=..., where the shell asks them to set a password.
 */
export function VerifyEmailRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const securityToken = params.get('securityToken');
  return (
    <AuthCard title="Verify Email">
      <VerifyEmail
        token={params.get('token')}
        me={params.get('me')}
        securityToken={securityToken}
        onVerified={() => navigate(PATHS.login, { replace: true })}
        onLoggedIn={(session) => {
          const home = isPrivileged(session.identity) ? PATHS.privilegedHome : PATHS.employeeHome;
          const query = new URLSearchParams({ man: '1', sectoken: securityToken ?? '' });
          navigate(`${home}?${query.toString()}`, { replace: true });
        }}
      />
    </AuthCard>
  );
}
