import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { AuthCard } from '@/components/auth-card';
import { useSignupData } from '@/features/auth/api/get-signup-data';
import { SignupForm } from '@/features/signup/components/signup-form';

export function SignupRoute() {
  const { data } = useSignupData();
  // Without billing (a deployment that charges nothing) there is no trial to start.
  const billing = data?.billingEnabled ?? true;
  return (
    <AuthCard
      title={billing ? 'Start your free trial' : "Create your company's account"}
      subtitle={billing ? '30 days free. No card, no contract.' : 'Set up Timekeep for your team in a minute.'}
      footer={
        <Text size="sm">
          Already have an account?{' '}
          <Anchor component={Link} to="/login" inherit>
            Log In
          </Anchor>
        </Text>
      }
    >
      <SignupForm ssoUrl={data?.authorizationUrl ?? null} billing={billing} />
    </AuthCard>
  );
}
